// The part of @data-client/react 0.10 the Data Client app uses. The package lives in
// bench/browser/node_modules, which the bench installs on its first run; this declaration (it takes
// precedence over the package's own types) keeps the root type check independent of that install.
declare module '@data-client/react' {
  import type { Controller, Denormalize, DenormalizeNullable, EndpointInterface } from '@data-client/core';
  import type { ReactNode } from 'react';

  /** Data Client's provider (its own store, managers and React state). */
  export function CacheProvider(props: { children?: ReactNode }): ReactNode;
  /** The endpoint's denormalized data; suspends while it is missing. */
  export function useSuspense<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E>): Denormalize<E['schema']>;
  /** The endpoint's data if in the cache (or inferred from entities), without fetching. */
  export function useCache<E extends EndpointInterface>(endpoint: E, ...args: Parameters<E> | [null]): DenormalizeNullable<E['schema']>;
  /** The Controller: `fetch` with optimistic updates. */
  export function useController(): Controller;
}
