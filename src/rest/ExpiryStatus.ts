/**
 * How usable cached data is (Data Client's values): `Invalid` must be
 * refetched before use, `InvalidIfStale` may be shown until it expires,
 * `Valid` is fresh.
 */
export const ExpiryStatus = { Invalid: 1, InvalidIfStale: 2, Valid: 3 } as const;

/** One of the {@link ExpiryStatus} values. */
export type ExpiryStatus = (typeof ExpiryStatus)[keyof typeof ExpiryStatus];
