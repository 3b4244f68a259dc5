import type { FetchImplementation } from '../rest/Endpoint';
import { describeKind, quote } from '../schema/own';
import type { RestFeature } from './feature';
import { checkDuration } from './middleware/gc';
import { globalScheduler, type Scheduler } from './scheduler';

/** Options of {@link createRestCache}; every one is optional. */
export interface RestCacheOptions<P extends string = string> {
  /**
   * Where the reducer is mounted in the root state, and the prefix of the action types (`rest/fetch`).
   * @defaultValue `'rest'`
   */
  reducerPath?: P;
  /**
   * The `fetch` the middleware's requests use (injected with `fetchWith`), e.g. a test server's or one adding auth.
   * @defaultValue the global `fetch`
   */
  fetch?: FetchImplementation;
  /**
   * The clock that stamps `fetchedAt`, `date` and `expiresAt` (ms); the hooks judge staleness by it.
   * @defaultValue `Date.now` (looked up at each call)
   */
  now?: () => number;
  /**
   * The timers of retry delays, polling and garbage collection sweeps. A test
   * passes its own, with a `now` it moves, and runs the timers that fall due
   * instead of waiting (see docs/testing.md).
   * @defaultValue the global `setTimeout` and `clearTimeout`, looked up at each
   * call (so Jest's fake timers drive them)
   */
  scheduler?: Scheduler;
  /**
   * How long data stays fresh (ms), unless the endpoint sets its own `dataExpiryLength`.
   * @defaultValue `60_000`
   */
  dataExpiryLength?: number;
  /**
   * How long an error stays fresh (ms), unless the endpoint sets its own `errorExpiryLength`.
   * @defaultValue `1_000`
   */
  errorExpiryLength?: number;
  /**
   * How long a result nobody uses (no mounted hook, subscription or
   * `controller.retain`) is kept before garbage collection removes it, unless
   * the endpoint says otherwise (ms, >= 0). `Infinity` keeps results.
   * @defaultValue `60_000`
   */
  keepUnusedDataFor?: number;
  /**
   * How often garbage collection sweeps (ms, > 0); `Infinity`: only `controller.gc()` sweeps.
   * @defaultValue `60_000`
   */
  gcInterval?: number;
  /**
   * The optional capabilities installed (`retry()`, `listeners()`,
   * `infinitePages()`, `live()`, ...); `allFeatures()` gives every one that
   * needs no options. Each runs in the order given.
   * @defaultValue `[]` (the core alone)
   */
  features?: readonly RestFeature[];
}

/** Options of `createRestCache`, with defaults applied. */
export interface ResolvedOptions {
  readonly reducerPath: string;
  readonly fetch: FetchImplementation | undefined;
  readonly now: () => number;
  /** The `fetchedAt` of a fetch or write triggered now: the clock, made to tell apart two triggered at one reading of it. */
  readonly stamp: TriggerStamps;
  readonly scheduler: Scheduler;
  readonly dataExpiryLength: number;
  readonly errorExpiryLength: number;
  readonly keepUnusedDataFor: number;
  readonly gcInterval: number;
  readonly features: readonly RestFeature[];
}

/** Applies the defaults of {@link RestCacheOptions}. */
export function resolveOptions(options: RestCacheOptions): ResolvedOptions {
  const now = options.now ?? (() => Date.now());
  return {
    reducerPath: options.reducerPath ?? 'rest',
    fetch: options.fetch,
    now,
    stamp: triggerStamps(now),
    scheduler: checkScheduler(options.scheduler),
    dataExpiryLength: options.dataExpiryLength ?? 60_000,
    errorExpiryLength: options.errorExpiryLength ?? 1_000,
    keepUnusedDataFor: checkDuration(options.keepUnusedDataFor, 'keepUnusedDataFor', 60_000),
    gcInterval: checkDuration(options.gcInterval, 'gcInterval', 60_000),
    features: checkFeatures(options),
  };
}

/** The `fetchedAt` stamps of one cache (see {@link triggerStamps}). */
export interface TriggerStamps {
  /** The stamp of a fetch (`fetching`: until `settled`) or write triggered now. */
  (fetching?: boolean): number;
  /** A fetch stamped `stamp` has settled. */
  settled(stamp: number): void;
}

/**
 * `fetchedAt` stamps from a clock: the clock when triggered. A fetch or write triggered at the same reading of
 * the clock as a fetch still in flight (two clicks in one millisecond, a test clock that stands still) gets a
 * stamp 1/1024 ms later than that one's, so the one triggered later counts as the later one (races rule 5)
 * rather than whichever answer lands last. Anything triggered with nothing of its reading in flight is
 * stamped with the reading itself.
 */
function triggerStamps(now: () => number): TriggerStamps {
  let reading = NaN;
  let same = 0;
  let open = 0;
  const stamp = (fetching = false) => {
    const time = now();
    if (time !== reading) {
      reading = time;
      same = 0;
      open = 0;
    } else if (open > 0 && same < 1023) {
      // Past 1,023 in one reading the stamps stay equal rather than pass the next millisecond's.
      same++;
    }
    if (fetching) open++;
    return time + same / 1024;
  };
  stamp.settled = (stamp: number) => {
    if (open > 0 && stamp >= reading && stamp - reading < 1) open--;
  };
  return stamp;
}

function checkScheduler(value: Scheduler | undefined): Scheduler {
  if (value === undefined) return globalScheduler;
  // Typed, but a JavaScript caller may pass anything (`null` included).
  if (typeof value?.setTimeout === 'function' && typeof value.clearTimeout === 'function') return value;
  throw new TypeError(
    `[rest-slice] \`createRestCache\` option \`scheduler\` needs \`setTimeout\` and \`clearTimeout\` methods; got ${describe(value)}.`,
  );
}

function describe(value: unknown): string {
  return `${describeKind(value)} (${quote(value)})`;
}

const MOVED = [
  ['retry', 'retry'],
  ['retryDelay', 'retry'],
  ['refetchOnFocus', 'listeners'],
  ['refetchOnReconnect', 'listeners'],
  ['refetchMinAge', 'listeners'],
] as const;

/** The features, checked: objects with a name, each name once; options that moved to a feature name it. */
function checkFeatures(options: RestCacheOptions): readonly RestFeature[] {
  const given: unknown = options.features ?? [];
  if (!Array.isArray(given)) {
    throw new TypeError(`[rest-slice] \`createRestCache\` option \`features\` takes an array of features (\`[retry(), listeners()]\`, \`allFeatures()\`); got ${describe(given)}.`);
  }
  const features = given as readonly RestFeature[];
  const names = new Set<string>();
  for (const feature of features) {
    if (typeof feature !== 'object' || feature === null || typeof feature.name !== 'string') {
      throw new TypeError(`[rest-slice] \`createRestCache\` option \`features\` takes features made by their functions (\`retry()\`, \`listeners()\`, ...); got ${describe(feature)}.`);
    }
    if (names.has(feature.name)) throw new TypeError(`[rest-slice] \`createRestCache\`: the feature \`${feature.name}\` is installed twice.`);
    names.add(feature.name);
  }
  if (process.env.NODE_ENV !== 'production') {
    // Options of the time before features were modules: each names the feature that took it.
    for (const [name, feature] of MOVED) {
      if ((options as Record<string, unknown>)[name] !== undefined) {
        throw new TypeError(
          `[rest-slice] \`createRestCache\` option \`${name}\` belongs to the ${feature} feature now: \`createRestCache({ features: [${feature}({ ${name}: ... })] })\`.`,
        );
      }
    }
  }
  return features;
}
