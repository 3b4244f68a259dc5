// size-limit fixture: the core app plus the React hooks most apps use.
export * from './core.mjs';
export { useController, useSuspense } from 'rest-slice/react';
