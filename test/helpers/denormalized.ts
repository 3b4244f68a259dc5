import { INVALID } from 'rest-slice';

/**
 * The value `denormalize` built, narrowed for a test that reads its members:
 * fails the test with a clear message when the data was missing (`undefined`)
 * or invalidated (`INVALID`).
 */
export function present<T>(value: T | undefined | typeof INVALID): T {
  if (value === undefined) throw new Error('expected denormalized data, got undefined (missing from the tables)');
  if (value === INVALID) throw new Error('expected denormalized data, got INVALID (invalidated)');
  return value;
}
