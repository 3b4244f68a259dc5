import type { EndpointInterface } from '../endpoint';
import { warnOnce } from '../warnOnce';
import type { CacheAction, Handler, HandlerStore, MiddlewareInput } from './types';
import type { Usage } from './usage';

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

// Stores where `setupListeners` runs, by the store's `getState`, then the cache's reducerPath: there
// `refetchOnFocus`/`refetchOnReconnect` default to true. Runtime, like the listeners themselves.
const listening = new WeakMap<Function, Map<string, number>>();

/** Marks `getState`'s store as listening for the cache at `reducerPath`; returns the function that unmarks it (once). */
export function markListening(getState: Function, reducerPath: string): () => void {
  let paths = listening.get(getState);
  if (paths === undefined) {
    paths = new Map();
    listening.set(getState, paths);
  }
  paths.set(reducerPath, (paths.get(reducerPath) ?? 0) + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    const count = (paths.get(reducerPath) ?? 1) - 1;
    if (count > 0) paths.set(reducerPath, count);
    else paths.delete(reducerPath);
  };
}

function isListening(getState: Function, reducerPath: string): boolean {
  return (listening.get(getState)?.get(reducerPath) ?? 0) > 0;
}

type RefetchOption = 'refetchOnFocus' | 'refetchOnReconnect';

/** An endpoint's own boolean option; a value of another type is ignored, with a warning naming the endpoint. */
export function endpointFlag(endpoint: EndpointInterface, option: RefetchOption | 'pollWhenHidden'): boolean | undefined {
  const value: unknown = endpoint[option];
  if (value === undefined || typeof value === 'boolean') return value;
  if (process.env.NODE_ENV !== 'production') warnOnce(
    `[rest-slice] endpoint \`${endpoint.name}\` option \`${option}\` must be a boolean or undefined; got ${typeof value}: it is ignored (the cache's default applies).`,
  );
  return undefined;
}

/** What the listeners handler needs from the cache. */
export type ListenersInput = Pick<MiddlewareInput, 'options' | 'actions' | 'selectSlice' | 'dispatchFetch'>;

/**
 * `<reducerPath>/focus`, `blur`, `online`, `offline`: keeps the store's
 * {@link PageStatus}, and on focus (while online) and on reconnect refetches
 * each result in use once, when its endpoint allows it (endpoint option, else
 * the cache's, else whether `setupListeners` runs on this store) and it was
 * received at least `refetchMinAge` ms ago (or is stale, invalid or an error).
 * A result with nothing stored yet is left to its user. Refetches share GETs
 * in flight. A replayed log refetches nothing: a fresh store has no users.
 */
export function buildListenersHandler(input: ListenersInput, store: HandlerStore, status: PageStatus, usage: Pick<Usage, 'inUse'>): Handler {
  const { options, actions, selectSlice, dispatchFetch } = input;

  function refetch(option: RefetchOption): void {
    const byDefault = options[option] ?? isListening(store.getState, options.reducerPath);
    const slice = selectSlice(store.getState());
    const now = options.now();
    const done = new Set<string>();
    for (const { key, endpoint, args } of [...usage.inUse()]) {
      if (done.has(key) || endpoint.sideEffect) continue;
      if (!(endpointFlag(endpoint, option) ?? byDefault)) continue;
      const meta = Object.hasOwn(slice.meta, key) ? slice.meta[key] : undefined;
      if (meta === undefined) continue;
      const due = meta.invalidated === true || meta.error !== undefined || meta.expiresAt < now || now - meta.date >= options.refetchMinAge;
      if (!due) continue;
      done.add(key);
      dispatchFetch(store.dispatch, endpoint, args).catch(() => {
        // The failure is recorded in the store, where its users read it.
      });
    }
  }

  return {
    after(action: CacheAction) {
      if (actions.focus.match(action)) {
        status.hidden = false;
        if (!status.offline) refetch('refetchOnFocus');
      } else if (actions.blur.match(action)) {
        status.hidden = true;
      } else if (actions.online.match(action)) {
        status.offline = false;
        refetch('refetchOnReconnect');
      } else if (actions.offline.match(action)) {
        status.offline = true;
      }
    },
  };
}
