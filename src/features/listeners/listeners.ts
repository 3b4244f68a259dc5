import { describeKind, getOwn, quote } from '../../schema/own';
import { readResponse, type RestFeature } from '../../store/feature';
import { endpointFlag } from '../../store/middleware/endpointFlag';
import { isListening } from './listening';

/** Options of {@link listeners}: the cache-wide defaults; an endpoint's own `refetchOnFocus`/`refetchOnReconnect` win. */
export interface ListenersOptions {
  /**
   * Whether results in use refetch when the page regains focus, unless the endpoint sets its own `refetchOnFocus`.
   * @defaultValue `true` in a store where `setupListeners` runs, else `false`
   */
  refetchOnFocus?: boolean;
  /**
   * Whether results in use refetch when the network comes back, unless the endpoint sets its own `refetchOnReconnect`.
   * @defaultValue `true` in a store where `setupListeners` runs, else `false`
   */
  refetchOnReconnect?: boolean;
  /**
   * A focus or reconnect refetches only results received at least this long
   * ago (ms, >= 0; `0` refetches all in use); stale, invalid and errored ones always.
   * @defaultValue `1_000`
   */
  refetchMinAge?: number;
}

type RefetchOption = 'refetchOnFocus' | 'refetchOnReconnect';

/** The kind and the value, so a message shows what was passed: `a string ("yes")`. */
function describe(value: unknown): string {
  return `${describeKind(value)} (${quote(value)})`;
}

function checkOptions(options: ListenersOptions): Required<Pick<ListenersOptions, 'refetchMinAge'>> & ListenersOptions {
  for (const name of ['refetchOnFocus', 'refetchOnReconnect'] as const) {
    const value: unknown = options[name];
    if (value !== undefined && typeof value !== 'boolean') {
      throw new TypeError(`[rest-slice] \`listeners()\` option \`${name}\` must be a boolean or undefined; got ${describe(value)}.`);
    }
  }
  const minAge: unknown = options.refetchMinAge ?? 1_000;
  if (typeof minAge !== 'number' || !(minAge >= 0)) {
    throw new TypeError(
      `[rest-slice] \`listeners()\` option \`refetchMinAge\` must be a number of ms >= 0 (\`0\` refetches everything in use); got ${describe(minAge)}.`,
    );
  }
  return { ...options, refetchMinAge: minAge };
}

/**
 * The listeners feature: on `<reducerPath>/focus` (while online) and
 * `<reducerPath>/online`, each result in use refetches once, when its
 * endpoint allows it (its own `refetchOnFocus`/`refetchOnReconnect`, else
 * these options, else whether `setupListeners` runs on the store) and it was
 * received at least `refetchMinAge` ms ago (or is stale, invalid or an error).
 * A detail read by inference from a list refetches once its rows are stale;
 * a result with nothing stored yet is left to its user. Refetches share GETs
 * in flight. Install it to use `setupListeners`.
 *
 * @example
 * const cache = createRestCache({ features: [listeners()] });
 * // after configureStore:
 * setupListeners(store, cache);
 */
export function listeners(options: ListenersOptions = {}): RestFeature {
  const checked = checkOptions(options);
  return {
    name: 'listeners',
    setup(cache, store) {
      // Whether the network is down, as the actions said (a focus while offline refetches nothing).
      let offline = false;
      function refetch(option: RefetchOption): void {
        const byDefault = checked[option] ?? isListening(store.getState, cache.reducerPath);
        const slice = store.slice();
        const now = cache.now();
        const done = new Set<string>();
        for (const { key, endpoint, args } of [...store.usage.inUse()]) {
          if (done.has(key) || endpoint.sideEffect) continue;
          if (!(endpointFlag(endpoint, option) ?? byDefault)) continue;
          const meta = getOwn(slice.meta, key);
          if (meta === undefined) {
            // Nothing stored for the key: a detail read by inference (a list brought it) refetches once its rows are
            // stale; a key with no data at all is left to its user.
            const { data, expiresAt } = readResponse(store, endpoint, args);
            if (data === undefined || expiresAt >= now) continue;
          } else {
            const due = meta.invalidated === true || meta.error !== undefined || meta.expiresAt < now || now - meta.date >= checked.refetchMinAge;
            if (!due) continue;
          }
          done.add(key);
          store.fetch(endpoint, args).catch(() => {
            // The failure is recorded in the store, where its users read it.
          });
        }
      }
      const { focus, online } = cache.actions;
      const offlineAction = cache.actions.offline;
      return {
        after(action) {
          if (focus.match(action)) {
            if (!offline) refetch('refetchOnFocus');
          } else if (online.match(action)) {
            offline = false;
            refetch('refetchOnReconnect');
          } else if (offlineAction.match(action)) {
            offline = true;
          }
        },
      };
    },
  };
}
