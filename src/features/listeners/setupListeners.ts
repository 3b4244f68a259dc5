import type { StoreLike } from '../../store/controller';
import { restCache, type RestCache } from '../../store/createRestCache';
import { hasOwn } from '../../schema/own';
import { markListening } from './listening';

/** Removes the listeners `setupListeners` added (calling it again does nothing). */
export type RemoveListeners = () => void;

/**
 * Listens to the page and the network for a store, and tells the cache by
 * dispatching plain actions: `<reducerPath>/focus` when the page becomes
 * visible or its window gets focus (once per return: a `visibilitychange` and
 * a `focus` together give one action), `<reducerPath>/blur` when the page
 * becomes hidden, `<reducerPath>/online` and `<reducerPath>/offline`. It
 * dispatches `blur`/`offline` at once when the page is already hidden or
 * offline. In that store, `refetchOnFocus` and `refetchOnReconnect` default to
 * `true`: on focus and reconnect, results in use received more than
 * `refetchMinAge` ms ago refetch. Polling sleeps while hidden (unless
 * `pollWhenHidden`) or offline. Without `window` (Node, server rendering) it
 * does nothing and returns a function that does nothing.
 *
 * @param cache the cache whose actions are dispatched, at its own
 * `reducerPath`; it needs the `listeners()` feature. Default `restCache`,
 * which has no features (so pass your cache).
 * @returns the function that removes every listener and the `true` defaults;
 * when the page was hidden or offline it dispatches `focus`/`online`, since a
 * store without listeners counts the page as shown and online.
 * @throws in development, when the store's state has no slice of `cache` at
 * its `reducerPath` (its actions would reach no reducer or middleware).
 * @example
 * const cache = createRestCache({ features: [listeners()] });
 * const store = configureStore({ ... });
 * setupListeners(store, cache);
 */
export function setupListeners(store: StoreLike, cache: RestCache = restCache): RemoveListeners {
  // Checked before the `window` test, so a wiring mistake shows in Node tests and server rendering too.
  if (process.env.NODE_ENV !== 'production') {
    if (!cache.features.some((feature) => feature.name === 'listeners')) {
      throw new Error(
        `[rest-slice] \`setupListeners\` needs the listeners feature in the cache at \`${cache.reducerPath}\`: make it with \`createRestCache({ features: [listeners()] })\` and pass it (\`setupListeners(store, cache)\`).`,
      );
    }
    assertMounted(store, cache);
  }
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return () => undefined;
  const { actions } = cache;
  const page = typeof document === 'undefined' ? undefined : document;
  const isHidden = () => page?.visibilityState === 'hidden';
  const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

  // What was last dispatched, so one change gives one action whatever events the browser fires for it.
  let hidden = isHidden();
  // A page that shows without having focus (another window is active): its next `focus` is a return.
  let focused = !hidden && page?.hasFocus?.() !== false;
  let offline = isOffline();

  const gainFocus = () => {
    if (focused && !hidden) return;
    focused = true;
    hidden = false;
    store.dispatch(actions.focus());
  };
  const onVisibilityChange = () => {
    if (!isHidden()) {
      gainFocus();
      return;
    }
    focused = false;
    if (hidden) return;
    hidden = true;
    store.dispatch(actions.blur());
  };
  // The window lost focus (another window, the address bar) while the page may still show: no action,
  // but its next `focus` is a return.
  const onWindowBlur = () => {
    focused = false;
  };
  const onOnline = () => {
    if (!offline) return;
    offline = false;
    store.dispatch(actions.online());
  };
  const onOffline = () => {
    if (offline) return;
    offline = true;
    store.dispatch(actions.offline());
  };

  const unmark = markListening(store.getState, cache.reducerPath);
  page?.addEventListener('visibilitychange', onVisibilityChange, false);
  window.addEventListener('focus', gainFocus, false);
  window.addEventListener('blur', onWindowBlur, false);
  window.addEventListener('online', onOnline, false);
  window.addEventListener('offline', onOffline, false);
  if (hidden) store.dispatch(actions.blur());
  if (offline) store.dispatch(actions.offline());

  let removed = false;
  return () => {
    if (removed) return;
    removed = true;
    page?.removeEventListener('visibilitychange', onVisibilityChange, false);
    window.removeEventListener('focus', gainFocus, false);
    window.removeEventListener('blur', onWindowBlur, false);
    window.removeEventListener('online', onOnline, false);
    window.removeEventListener('offline', onOffline, false);
    unmark();
    // Without listeners nothing would wake sleeping polls.
    if (hidden) store.dispatch(actions.focus());
    if (offline) store.dispatch(actions.online());
  };
}

function isCacheState(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'entities' in value && 'meta' in value;
}

/** Throws when the store's state has no slice of `cache`: the actions dispatched would reach no cache. */
function assertMounted(store: StoreLike, cache: RestCache): void {
  const state: unknown = store.getState();
  const root = typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
  const { reducerPath } = cache;
  if (hasOwn(root, reducerPath) && isCacheState(root[reducerPath])) return;
  const others = Object.keys(root).filter((key) => isCacheState(root[key]));
  const hint =
    others.length > 0
      ? `the store holds a cache at ${others.map((key) => `\`${key}\``).join(', ')}: pass that cache (\`setupListeners(store, cache)\`).`
      : `mount it first (\`reducer: { ${reducerPath}: cache.reducer }\`).`;
  throw new Error(
    `[rest-slice] \`setupListeners\` got the cache at \`${reducerPath}\`, but the store's state has no slice there (focus and reconnect would refetch nothing); ${hint}`,
  );
}
