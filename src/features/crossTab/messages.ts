// What tabs say to each other on the channel, and the check every message passes before anything of it
// is applied. A message comes from code this tab does not control (another version of the app, another
// app on the origin using the same channel name, a hand-made post), so nothing is trusted: the shape and
// the types are checked down to the rows, which must be plain JSON.
import type { NormalizedEntities, NormalizedEntitiesMeta } from '../../schema/normalize';
import type { OptimisticEntry, ResultMeta } from '../../store/state';
import { MAX_AHEAD } from '../timeAhead';

/** Messages carry this version; a message of another version is ignored. */
export const VERSION = 1;

/** Request ids relayed between tabs start with this, then the id of the tab that made the request. */
export const RELAYED_ID = 'tab#';

/** The core actions a tab relays, by type suffix. */
export const RELAYED_TYPES = ['setResponse', 'setError', 'set', 'invalidate', 'invalidateAll', 'expireAll', 'reset', 'optimistic', 'abort'] as const;

/** A relayed type suffix. */
export type RelayedType = (typeof RELAYED_TYPES)[number];

/** The confirmed data of a tab (and its pending optimistic updates), as it answers a new tab's `hello`. */
export interface TabState {
  readonly entities: NormalizedEntities;
  readonly entitiesMeta: NormalizedEntitiesMeta;
  readonly endpoints: { readonly [key: string]: unknown };
  readonly meta: { readonly [key: string]: ResultMeta };
  readonly optimistic: readonly OptimisticEntry[];
  readonly lastReset: number;
}

/** One message on the channel. `from` is the sending tab's id. */
export type Message =
  | { readonly v: number; readonly from: string; readonly kind: 'action'; readonly action: { readonly type: string; readonly payload: Record<string, unknown> } }
  | { readonly v: number; readonly from: string; readonly kind: 'fetching'; readonly key: string; readonly fetchedAt: number }
  | { readonly v: number; readonly from: string; readonly kind: 'hello' }
  | { readonly v: number; readonly from: string; readonly kind: 'state'; readonly to: string; readonly state: TabState }
  | { readonly v: number; readonly from: string; readonly kind: 'bye' };

// Far more than any row the core stores (it caps nesting lower); only keeps the walk bounded.
const MAX_DEPTH = 256;

type Check = (value: unknown) => string | undefined;

/** A plain object: its prototype is `null` or an `Object.prototype`, of any realm (a message is built in the channel's). */
function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || Object.getPrototypeOf(proto) === null;
}

/** Why `value` is not plain JSON (a string, a finite number, a boolean, null, an array or a plain object of those). */
function notJson(value: unknown, depth = 0): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : 'a number that is not finite';
  if (depth > MAX_DEPTH) return 'data nested too deep';
  if (Array.isArray(value)) {
    for (const item of value) {
      const why = notJson(item, depth + 1);
      if (why !== undefined) return why;
    }
    return undefined;
  }
  if (!isRecord(value)) return `a ${typeof value === 'object' ? 'non-plain object' : typeof value}`;
  for (const key of Object.keys(value)) {
    const why = notJson(value[key], depth + 1);
    if (why !== undefined) return why;
  }
  return undefined;
}

const json: Check = (value) => notJson(value);
const string: Check = (value) => (typeof value === 'string' ? undefined : 'not a string');
const number: Check = (value) => (typeof value === 'number' && Number.isFinite(value) ? undefined : 'not a finite number');
// The latest time a relayed stamp may have, set by `checkMessage` for the message it checks (synchronously).
let latest = Infinity;
const stamp: Check = (value) => number(value) ?? ((value as number) > latest ? "a time more than a day ahead of this tab's clock" : undefined);
const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined ? undefined : check(value);
const oneOf =
  (...allowed: readonly unknown[]): Check =>
  (value) =>
    allowed.includes(value) ? undefined : 'not an allowed value';
const array: Check = (value) => (Array.isArray(value) ? notJson(value) : 'not an array');
const strings: Check = (value) => (Array.isArray(value) && value.every((item) => typeof item === 'string') ? undefined : 'not an array of strings');
const relayedId: Check = (value) => (typeof value === 'string' && value.startsWith(RELAYED_ID) ? undefined : 'not a relayed request id');

function record(fields: Record<string, Check>): Check {
  return (value) => {
    if (!isRecord(value)) return 'not an object';
    for (const name of Object.keys(fields)) {
      const why = fields[name](value[name]);
      if (why !== undefined) return `\`${name}\` is ${why}`;
    }
    return undefined;
  };
}

/** Tables by entity key then pk (`{ Todo: { 1: row } }`), each value passing `row`. */
function tables(row: Check): Check {
  return (value) => {
    if (!isRecord(value)) return 'not an object of tables';
    for (const key of Object.keys(value)) {
      const table = value[key];
      if (!isRecord(table)) return `table \`${key}\` is not an object`;
      for (const pk of Object.keys(table)) {
        const why = row(table[pk]);
        if (why !== undefined) return `row \`${key}\` ${JSON.stringify(pk)} is ${why}`;
      }
    }
    return undefined;
  };
}

const entityRow: Check = (value) => (value === null || isRecord(value) || Array.isArray(value) ? notJson(value) : 'not a row');
const entityMeta = record({ fetchedAt: stamp, date: stamp, expiresAt: number, write: optional(oneOf(true)), invalidated: optional(oneOf(true)) });
const serializedError = record({ name: string, message: string, status: optional(number) });
const resultMeta = record({
  fetchedAt: stamp,
  date: stamp,
  expiresAt: number,
  error: optional(serializedError),
  errorAt: optional(stamp),
  errorPolicy: optional(oneOf('soft')),
  invalidated: optional(oneOf(true)),
});
const request = { endpoint: string, key: string, args: array, fetchedAt: stamp };
const optimisticEntry = record({ ...request, requestId: relayedId });

const payloads: Record<RelayedType, Check> = {
  setResponse: record({
    ...request,
    date: stamp,
    expiresAt: number,
    result: json,
    entities: tables(entityRow),
    entitiesMeta: tables(entityMeta),
    requestId: optional(relayedId),
    // Other results the response changed (the updaters feature), by request key.
    results: optional((value) => (isRecord(value) ? notJson(value) : 'not an object of results')),
  }),
  setError: record({
    ...request,
    date: stamp,
    expiresAt: number,
    error: serializedError,
    errorPolicy: optional(oneOf('soft')),
    requestId: optional(relayedId),
    keepsExpiry: optional(oneOf(true)),
  }),
  set: record({ schema: string, args: array, fetchedAt: stamp, entities: tables(entityRow), entitiesMeta: tables(entityMeta) }),
  invalidate: record({ keys: strings }),
  invalidateAll: record({ keys: strings }),
  expireAll: record({ keys: strings }),
  reset: record({ date: stamp }),
  optimistic: optimisticEntry,
  abort: record({ ...request, requestId: relayedId }),
};

const tabState = record({
  entities: tables(entityRow),
  entitiesMeta: tables(entityMeta),
  endpoints: (value) => (isRecord(value) ? notJson(value) : 'not an object'),
  meta: (value) => {
    if (!isRecord(value)) return 'not an object';
    for (const key of Object.keys(value)) {
      const why = resultMeta(value[key]);
      if (why !== undefined) return `the meta of ${JSON.stringify(key)}: ${why}`;
    }
    return undefined;
  },
  optimistic: (value) => {
    if (!Array.isArray(value)) return 'not an array';
    for (const entry of value) {
      const why = optimisticEntry(entry);
      if (why !== undefined) return `an entry: ${why}`;
    }
    return undefined;
  },
  lastReset: stamp,
});

/**
 * Why `data` is not a message this tab applies (a foreign, malformed or
 * other-version message, or one with a time more than {@link MAX_AHEAD}
 * past `now`, this tab's clock), or `undefined` when it is one. `prefix` is
 * the cache's `<reducerPath>/`: an action of another cache is foreign.
 */
export function checkMessage(data: unknown, prefix: string, now: number): string | undefined {
  latest = now + MAX_AHEAD;
  if (!isRecord(data)) return 'it is not an object';
  if (data.v !== VERSION) return `its version is ${JSON.stringify(data.v) ?? 'missing'}, not ${VERSION}`;
  if (typeof data.from !== 'string' || data.from === '') return 'it names no sending tab';
  switch (data.kind) {
    case 'hello':
    case 'bye':
      return undefined;
    case 'fetching':
      return explain('fetching', record({ key: string, fetchedAt: stamp })(data));
    case 'state':
      return explain('state', string(data.to) ?? tabState(data.state));
    case 'action': {
      const action = data.action;
      if (!isRecord(action) || typeof action.type !== 'string') return 'its action has no type';
      const suffix = action.type.startsWith(prefix) ? action.type.slice(prefix.length) : undefined;
      if (suffix === undefined || !(RELAYED_TYPES as readonly string[]).includes(suffix)) {
        return `\`${action.type.slice(0, 80)}\` is not an action this cache relays`;
      }
      return explain(action.type, payloads[suffix as RelayedType](action.payload));
    }
    default:
      return data.kind === undefined ? 'it has no kind' : `its kind ${JSON.stringify(data.kind)?.slice(0, 40) ?? typeof data.kind} is unknown`;
  }
}

function explain(what: string, why: string | undefined): string | undefined {
  return why === undefined ? undefined : `its ${what} payload: ${why}`;
}
