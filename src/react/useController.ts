import { useStore } from 'react-redux';
import type { Controller, RestCache, StoreLike } from 'rest-slice';
import { useRestCache } from './useRestCache';

// One controller per cache and store, so its identity is stable across renders and components.
const controllers = new WeakMap<RestCache, WeakMap<StoreLike, Controller>>();

/** The controller of `cache` for `store`, made once. */
export function controllerOf(cache: RestCache, store: StoreLike): Controller {
  let byStore = controllers.get(cache);
  if (byStore === undefined) {
    byStore = new WeakMap();
    controllers.set(cache, byStore);
  }
  let controller = byStore.get(store);
  if (controller === undefined) {
    controller = cache.controller(store);
    byStore.set(store, controller);
  }
  return controller;
}

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
  return controllerOf(useRestCache(), useStore());
}
