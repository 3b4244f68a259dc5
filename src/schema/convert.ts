import { describeKind, quote } from './own';

// Typed `object`, not `Function`: here a converter is only a key and a value called by its kind.
const converterKinds = new WeakMap<object, 'construct' | 'call'>();
const callable = new Set<unknown>([Number, String, Boolean, BigInt, Symbol]);

/** A member schema that is a plain class (`Date`) is constructed; a plain function is called. */
export function convert(converter: object, value: unknown): unknown {
  let kind = converterKinds.get(converter);
  if (kind === undefined) {
    const source = Function.prototype.toString.call(converter);
    kind =
      !callable.has(converter) &&
      (converter as { prototype?: unknown }).prototype !== undefined &&
      (source.startsWith('class') || source.includes('[native code]'))
        ? 'construct'
        : 'call';
    converterKinds.set(converter, kind);
  }
  if (converter === Date && typeof value !== 'string' && typeof value !== 'number' && !(value instanceof Date)) {
    // `new Date({})` is an Invalid Date and `new Date(true)` a 1970 date, not errors: a response that stores
    // either could never be read as the date it meant.
    throw new TypeError(`[rest-slice] a \`Date\` member needs a string or a number, got ${describeKind(value)}: ${quote(value)}`);
  }
  return kind === 'construct'
    ? new (converter as new (value: unknown) => unknown)(value)
    : (converter as (value: unknown) => unknown)(value);
}
