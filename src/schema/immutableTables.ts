/**
 * Immutable.js tables and results, which Data Client's normalizr reads (a
 * store kept with `fromJS`): `denormalize` reads them through a plain copy
 * (`toJS()`), made once per Immutable object, so reading the same state again
 * copies nothing. Only the public `denormalize` calls this: the store's own
 * reads never see Immutable data, and an app that does not call it does not
 * ship it.
 *
 * Told by Immutable's own marks (v3 to v5), not by a `toJS` member: an
 * entity or a value of the app's may well have one.
 */
const copies = new WeakMap<object, unknown>();

/** A plain copy of an Immutable collection or Record; anything else as it is. */
export function plainCopy(value: unknown): unknown {
  if (
    typeof value !== 'object' ||
    value === null ||
    ((value as Record<string, unknown>)['@@__IMMUTABLE_ITERABLE__@@'] !== true && (value as Record<string, unknown>)['@@__IMMUTABLE_RECORD__@@'] !== true)
  ) {
    return value;
  }
  let plain = copies.get(value);
  if (plain === undefined) {
    plain = (value as { toJS(): unknown }).toJS();
    copies.set(value, plain);
  }
  return plain;
}
