import type { EndpointInterface } from '../endpoint';
import { warnOnce } from '../warnOnce';
import type { RestCacheActions } from '../slice';
import type { CacheAction, Handler } from './types';

// Whether the page is shown and the network reachable is what the `focus`/`blur`/`online`/`offline`
// actions said last: the handlers keep it in the store's closure (a replayed log replays it too), and
// it never enters the state.

/** The page as this store's actions describe it; one per store, read by polling. */
export interface PageStatus {
  /** Since a `<reducerPath>/blur`, until a `<reducerPath>/focus`. */
  hidden: boolean;
  /** Since a `<reducerPath>/offline`, until a `<reducerPath>/online`. */
  offline: boolean;
}

/** A page shown and online (what a store assumes until an action says otherwise). */
export function createPageStatus(): PageStatus {
  return { hidden: false, offline: false };
}

/** An endpoint's own boolean option; a value of another type is ignored, with a warning naming the endpoint. */
export function endpointFlag(endpoint: EndpointInterface, option: string): boolean | undefined {
  const value: unknown = (endpoint as unknown as Record<string, unknown>)[option];
  if (value === undefined || typeof value === 'boolean') return value;
  if (process.env.NODE_ENV !== 'production') warnOnce(
    `[rest-slice] endpoint \`${endpoint.name}\` option \`${option}\` must be a boolean or undefined; got ${typeof value}: it is ignored (the cache's default applies).`,
  );
  return undefined;
}

/**
 * `<reducerPath>/focus`, `blur`, `online`, `offline`: keeps the store's
 * {@link PageStatus} (polling sleeps while hidden or offline). Refetching on
 * focus and reconnect is the listeners feature's.
 */
export function buildPageStatusHandler(actions: Pick<RestCacheActions, 'focus' | 'blur' | 'online' | 'offline'>, status: PageStatus): Handler {
  return {
    after(action: CacheAction) {
      if (actions.focus.match(action)) status.hidden = false;
      else if (actions.blur.match(action)) status.hidden = true;
      else if (actions.online.match(action)) status.offline = false;
      else if (actions.offline.match(action)) status.offline = true;
    },
  };
}
