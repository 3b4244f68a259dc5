/**
 * How usable cached data is (Data Client's values): `Invalid` must be
 * refetched before use, `InvalidIfStale` may be shown until it expires,
 * `Valid` is fresh.
 */
export const ExpiryStatus = {
  /** No usable data (missing, invalidated, or an Entity marked invalid): it must be fetched before use. */
  Invalid: 1,
  /** Usable until it expires, then counts as missing (the endpoint sets `invalidIfStale`). */
  InvalidIfStale: 2,
  /** Usable; once expired it is still shown while it refetches. */
  Valid: 3,
} as const;

/** One of the {@link ExpiryStatus} values. */
export type ExpiryStatus = (typeof ExpiryStatus)[keyof typeof ExpiryStatus];
