/** Options of {@link createRestCache}. */
export interface RestCacheOptions<P extends string = string> {
  /** Where the reducer is mounted, and the prefix of the action types. Default `'rest'`. */
  reducerPath?: P;
  /** The `fetch` the middleware's requests use. Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** The clock that stamps `fetchedAt`, `date` and `expiresAt` (ms). Default `Date.now`. */
  now?: () => number;
  /** How long data stays fresh, unless the endpoint says otherwise (ms). Default 60 000. */
  dataExpiryLength?: number;
  /** How long an error stays fresh, unless the endpoint says otherwise (ms). Default 1 000. */
  errorExpiryLength?: number;
}

/** Options of `createRestCache`, with defaults applied. */
export interface ResolvedOptions {
  readonly reducerPath: string;
  readonly fetch: typeof fetch | undefined;
  readonly now: () => number;
  readonly dataExpiryLength: number;
  readonly errorExpiryLength: number;
}

/** Applies the defaults of {@link RestCacheOptions}. */
export function resolveOptions(options: RestCacheOptions): ResolvedOptions {
  return {
    reducerPath: options.reducerPath ?? 'rest',
    fetch: options.fetch,
    now: options.now ?? Date.now,
    dataExpiryLength: options.dataExpiryLength ?? 60_000,
    errorExpiryLength: options.errorExpiryLength ?? 1_000,
  };
}
