// Asserts API.md's "everything in actions and state is plain JSON", exactly:
// `JSON.parse(JSON.stringify(x))` deep-equals `x`, where an `undefined`
// member, `-0`, `NaN`/`Infinity`, a hole, a Date or a class instance all count
// as differences. A middleware records each violation; the test fails after it
// ends (throwing from inside a dispatch would be caught by the code under test).
import type { Middleware } from '@reduxjs/toolkit';

/** Where `value` stops being exactly JSON (`$.meta.x.expiresAt: Infinity`), or `undefined` when it is. */
export function jsonDifference(value: unknown, path = '$', depth = 0): string | undefined {
  if (depth > 200) return `${path}: nested deeper than 200 levels`;
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return `${path}: ${value}`;
    return Object.is(value, -0) ? `${path}: -0` : undefined;
  }
  if (typeof value !== 'object') return `${path}: ${typeof value}`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) return `${path}[${i}]: a hole`;
      const item: unknown = value[i];
      if (item === undefined) return `${path}[${i}]: undefined`;
      const found = jsonDifference(item, `${path}[${i}]`, depth + 1);
      if (found !== undefined) return found;
    }
    return Object.keys(value).length === value.length ? undefined : `${path}: an array with extra members`;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) {
    return `${path}: an instance of ${(value as object).constructor?.name ?? 'a class'}`;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return `${path}: has toJSON`;
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    const at = `${path}.${key}`;
    if (item === undefined) return `${at}: undefined`;
    const found = jsonDifference(item, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

const violations: string[] = [];

/** A middleware that checks every action it passes and the state after it. Place it first. */
export function jsonCheckMiddleware(): Middleware {
  return (api) => (next) => (action) => {
    const type = (action as { type?: unknown }).type;
    const inAction = jsonDifference(action, 'action');
    if (inAction !== undefined) violations.push(`${String(type)}: ${inAction}`);
    const result = next(action);
    const inState = jsonDifference(api.getState(), 'state');
    if (inState !== undefined) violations.push(`after ${String(type)}: ${inState}`);
    return result;
  };
}

afterEach(() => {
  if (violations.length === 0) return;
  const found = violations.splice(0);
  throw new Error(`Not plain JSON (API.md "State and actions"):\n${[...new Set(found)].slice(0, 10).join('\n')}`);
});
