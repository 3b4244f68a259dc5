import { describeKind, quote } from '../schema/own';
import type { RestFeature, Scheduler } from './feature';
import { checkDuration } from './middleware/gc';

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
  fetch?: typeof fetch;
  /**
   * The clock that stamps `fetchedAt`, `date` and `expiresAt` (ms); the hooks judge staleness by it.
   * @defaultValue `Date.now`
   */
  now?: () => number;
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
   * The timers the cache runs (garbage collection, polling, retry delays,
   * ...): tests give one they advance by hand.
   * @defaultValue the global `setTimeout`/`clearTimeout`, looked up at each call (so Jest's fake timers work too)
   */
  scheduler?: Scheduler;
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
  readonly fetch: typeof fetch | undefined;
  readonly now: () => number;
  readonly dataExpiryLength: number;
  readonly errorExpiryLength: number;
  readonly keepUnusedDataFor: number;
  readonly gcInterval: number;
  readonly scheduler: Scheduler;
  readonly features: readonly RestFeature[];
}

/** Applies the defaults of {@link RestCacheOptions}. */
export function resolveOptions(options: RestCacheOptions): ResolvedOptions {
  return {
    reducerPath: options.reducerPath ?? 'rest',
    fetch: options.fetch,
    now: options.now ?? Date.now,
    dataExpiryLength: options.dataExpiryLength ?? 60_000,
    errorExpiryLength: options.errorExpiryLength ?? 1_000,
    keepUnusedDataFor: checkDuration(options.keepUnusedDataFor, 'keepUnusedDataFor', 60_000),
    gcInterval: checkDuration(options.gcInterval, 'gcInterval', 60_000),
    scheduler: options.scheduler ?? globalTimers,
    features: checkFeatures(options),
  };
}

function describe(value: unknown): string {
  return `${describeKind(value)} (${quote(value)})`;
}

/** The global timers, looked up at each call so that timers replaced later (Jest's fake timers) are used. */
const globalTimers: Scheduler = {
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms);
    // A timer of the cache alone does not keep a Node process (a script, a test run) alive.
    (handle as { unref?: () => void }).unref?.();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const MOVED = [
  ['retry', 'retry'],
  ['retryDelay', 'retry'],
  ['refetchOnFocus', 'listeners'],
  ['refetchOnReconnect', 'listeners'],
  ['refetchMinAge', 'listeners'],
] as const;

/** The features, checked: objects with a name, each name once; options that moved to a feature name it. */
function checkFeatures(options: RestCacheOptions): readonly RestFeature[] {
  const features = options.features ?? [];
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
