import { useStore } from 'react-redux';
import type { Controller } from 'rest-slice';
import { useRestCache } from './useRestCache';

/**
 * The controller of the react-redux store and the current cache instance:
 * `fetch` (mutations), `invalidate`, `setResponse`, ... Stable across renders.
 *
 * @returns the same `Controller` object for a given store and cache
 * @example
 * const controller = useController();
 * const rename = (title: string) => controller.fetch(TodoResource.partialUpdate, { id }, { title });
 */
export function useController(): Controller {
  // A cache makes one controller per store and hands it back on every call, so no table is kept here.
  return useRestCache().controller(useStore());
}
