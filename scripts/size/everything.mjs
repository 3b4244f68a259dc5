// size-limit fixture: every export of both entries.
export * from 'rest-slice';
export * from 'rest-slice/react';
