/** A map-like collection: a `Map` or a `WeakMap`. */
interface Keyed<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** The value of `key` in `map`; one made with `new Make()` is added first when there is none. */
export function entryOf<K, V>(map: Keyed<K, V>, key: K, Make: new () => NoInfer<V>): V {
  let value = map.get(key);
  if (value === undefined) map.set(key, (value = new Make()));
  return value;
}
