import { CollectionEdit } from '../schema/CollectionEdits';
import type { EndpointInterface } from './endpoint';
import type { RestFeature } from './feature';
import { warnOnce } from './warnOnce';
import { describeKind } from '../schema/own';

// Endpoint options that do something only with a feature installed, and that feature's name. The core
// names features by string only (it imports none), to say which one to add.
// The page options only page a read: a list's `push` (a POST) inherits them and never pages.
const NEEDS: readonly (readonly [option: string, feature: string, active: (value: unknown, endpoint: EndpointInterface) => boolean])[] = [
  ['retry', 'retry', (value) => value !== undefined && value !== 0],
  ['retryDelay', 'retry', (value) => value !== undefined],
  ['onSubscribe', 'live', (value) => typeof value === 'function'],
  ['refetchOnFocus', 'listeners', (value) => value === true],
  ['refetchOnReconnect', 'listeners', (value) => value === true],
  ['update', 'updaters', (value) => typeof value === 'function'],
  ['getNextPageParams', 'infinitePages', (value, endpoint) => typeof value === 'function' && !endpoint.sideEffect],
  ['getPreviousPageParams', 'infinitePages', (value, endpoint) => typeof value === 'function' && !endpoint.sideEffect],
  ['maxPages', 'infinitePages', (value, endpoint) => value !== undefined && value !== Infinity && !endpoint.sideEffect],
];

/**
 * A development check: throws for an endpoint option whose feature is not
 * installed (`retry` without `retry()`, ...). Callers put it behind a literal
 * `process.env.NODE_ENV !== 'production'` check, so production builds drop the
 * call with its arguments.
 */
export function checkFeatureOptions(endpoint: EndpointInterface, has: (name: string) => boolean, reducerPath: string): void {
  for (const [option, feature, active] of NEEDS) {
    if (!active((endpoint as unknown as Record<string, unknown>)[option], endpoint) || has(feature)) continue;
    throw new Error(
      `[rest-slice] endpoint \`${endpoint.name}\` sets \`${option}\`, which needs the ${feature} feature: the cache at \`${reducerPath}\` was made without it. Install it with \`createRestCache({ features: [${feature}()] })\`.`,
    );
  }
  const { schema } = endpoint;
  if (schema instanceof CollectionEdit && !has('collectionEdits')) {
    throw new Error(
      `[rest-slice] endpoint \`${endpoint.name}\` uses a Collection's \`${schema.member}\`, which needs the collectionEdits feature: the cache at \`${reducerPath}\` was made without it. Install it with \`createRestCache({ features: [collectionEdits()] })\`.`,
    );
  }
}

/**
 * In development, a check of each action of the cache at `reducerPath`: an
 * action of a built-in feature that no installed feature handles is a
 * warning naming the action and the feature. Callers make it in development
 * only, behind the literal `process.env.NODE_ENV` check.
 */
export function featureActionCheck(reducerPath: string, features: readonly RestFeature[]): (type: string) => void {
  // Action types of the built-in features, by suffix, and the feature whose reducer handles each. Without the
  // feature such an action reaches no case and changes nothing: a log recorded with more features than the
  // cache it is replayed into would lose state without a word.
  const featureActions = new Map([
    ['retry', 'retry'],
    ['pages', 'infinitePages'],
    ['rehydrate', 'persist'],
    ['outbox', 'outbox'],
    ['crossTabState', 'crossTab'],
  ]);
  const prefix = `${reducerPath}/`;
  const handled = new Set(features.flatMap((feature) => Object.keys(feature.reducers ?? {})));
  return (type) => {
    const suffix = type.slice(prefix.length);
    const feature = featureActions.get(suffix);
    if (feature === undefined || handled.has(suffix)) return;
    warnOnce(
      `[rest-slice] the action \`${type}\` belongs to the ${feature} feature, which the cache at \`${reducerPath}\` was made without: it changes nothing. ` +
        `Install it with \`createRestCache({ features: [${feature}()] })\` (a replayed log needs a cache with the features it was recorded with).`,
    );
  };
}

// What each core action's payload must hold, by member: s(tring), n(umber), a(rray), o(bject).
// Not `endpoint`: an endpoint without a name of its own (`new Endpoint(async () => ...)`) sends none.
const REQUEST = { key: 's', args: 'a' } as const;
const STAMPED = { ...REQUEST, fetchedAt: 'n' } as const;
const PAYLOADS: Readonly<Record<string, Readonly<Record<string, 's' | 'n' | 'a' | 'o'>>>> = {
  fetch: STAMPED,
  optimistic: STAMPED,
  setResponse: { ...STAMPED, date: 'n', expiresAt: 'n', entities: 'o', entitiesMeta: 'o' },
  setError: { ...STAMPED, date: 'n', expiresAt: 'n', error: 'o' },
  abort: { ...STAMPED, requestId: 's' },
  invalidate: { keys: 'a' },
  invalidateAll: { keys: 'a' },
  expireAll: { keys: 'a' },
  reset: { date: 'n' },
  gc: { keys: 'a', entities: 'o' },
  set: { args: 'a', fetchedAt: 'n', entities: 'o', entitiesMeta: 'o' },
  subscribe: REQUEST,
  unsubscribe: REQUEST,
};

function kindOf(value: unknown): string {
  if (Array.isArray(value)) return 'a';
  if (typeof value === 'number') return Number.isFinite(value) ? 'n' : 'x';
  return typeof value === 'object' && value !== null ? 'o' : typeof value === 'string' ? 's' : 'x';
}

const KIND_NAMES = { s: 'a string', n: 'a finite number', a: 'an array', o: 'an object' } as const;

/**
 * In development, what is wrong with the payload of a core action (`rest/fetch` without its `key`, a
 * `rest/optimistic` of `{}`), or `undefined` when it has every member its reducer reads. Such an action
 * (a replayed log edited by hand, a bug in a middleware) would write entries no later action removes.
 * Callers make it in development only, behind the literal `process.env.NODE_ENV` check.
 */
export function payloadProblem(suffix: string, action: { payload?: unknown; meta?: unknown }): string | undefined {
  const shape = PAYLOADS[suffix];
  if (shape === undefined) return undefined;
  const payload = action.payload;
  if (kindOf(payload) !== 'o') return `its payload is ${describeKind(payload)}, not an object`;
  for (const member of Object.keys(shape)) {
    const want = shape[member];
    if (kindOf((payload as Record<string, unknown>)[member]) !== want) return `\`payload.${member}\` is not ${KIND_NAMES[want]}`;
  }
  if (suffix === 'fetch' && typeof (action.meta as { requestId?: unknown } | undefined)?.requestId !== 'string') return '`meta.requestId` is not a string';
  return undefined;
}
