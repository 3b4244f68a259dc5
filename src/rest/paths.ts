/**
 * Runtime path handling with path-to-regexp 6.3.0: its syntax is the seed's
 * (`:name`, `:name?`, `\\` escapes) with no translation, and 6.3.0 carries the
 * fix for the backtracking ReDoS (CVE-2024-45296).
 */
import { compile, parse } from 'path-to-regexp';

interface PathInfo {
  readonly keys: ReadonlySet<string>;
  readonly required: readonly string[];
  readonly toPath: (params: Record<string, string>) => string;
}

const infos = new Map<string, PathInfo>();

function pathInfo(path: string): PathInfo {
  let info = infos.get(path);
  if (info === undefined) {
    const keys = new Set<string>();
    const required: string[] = [];
    for (const token of parse(path)) {
      if (typeof token === 'string') continue;
      const name = String(token.name);
      keys.add(name);
      if (token.modifier === '' || token.modifier === '+') required.push(name);
    }
    // `validate: false`: values are already encoded, so `%` or `/` in them is expected.
    info = { keys, required, toPath: compile(path, { encode: encodeURIComponent, validate: false }) };
    infos.set(path, info);
  }
  return info;
}

/** The names of a path's arguments (`:name` and `:name?`), as a set. */
export function pathKeys(path: string): ReadonlySet<string> {
  return pathInfo(path).keys;
}

/** Whether a path has at least one required argument. */
export function hasRequiredParams(path: string): boolean {
  return pathInfo(path).required.length > 0;
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/**
 * Fills a path's arguments from `params`, URL-encoding each value; `undefined`
 * and `null` count as absent.
 * @throws when a required argument is absent.
 */
export function fillPath(path: string, params: Readonly<Record<string, unknown>>): string {
  const info = pathInfo(path);
  const values: Record<string, string> = {};
  for (const name of info.keys) {
    const value = params[name];
    if (isPresent(value)) values[name] = String(value);
  }
  for (const name of info.required) {
    if (!(name in values)) {
      throw new TypeError(
        `[rest-slice] \`url\` is missing the param '${name}' of the path '${path}'; pass it in the params object`,
      );
    }
  }
  return info.toPath(values);
}

/**
 * The members of `params` that are not path arguments, as a search string with
 * sorted names (so request keys are stable); `undefined` and `null` members are
 * left out and an array gives one entry per item. Empty when nothing is left.
 */
export function searchString(path: string, params: Readonly<Record<string, unknown>>): string {
  const keys = pathInfo(path).keys;
  const search = new URLSearchParams();
  for (const name of Object.keys(params).sort()) {
    if (keys.has(name)) continue;
    const value = params[name];
    if (Array.isArray(value)) {
      for (const item of value) if (isPresent(item)) search.append(name, String(item));
    } else if (isPresent(value)) {
      search.append(name, String(value));
    }
  }
  return search.toString();
}

/**
 * Builds `path` with its arguments filled and every other member of `params`
 * appended as search parameters (with `&` when the path already has a `?`).
 */
export function buildPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  const base = fillPath(path, params);
  const search = searchString(path, params);
  if (search === '') return base;
  return `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

/**
 * Removes the last path argument (and what follows it): `/users/:userId/todos/:id`
 * becomes `/users/:userId/todos`, and a path with one argument becomes `/`.
 * @throws when the path has no argument.
 */
export function shortenPath(path: string): string {
  let last = -1;
  for (let i = 0; i < path.length; i++) {
    if (path[i] === '\\') {
      i++;
      continue;
    }
    if (path[i] === ':' && /[A-Za-z0-9_]/.test(path[i + 1] ?? '')) last = i;
  }
  if (last === -1) {
    throw new TypeError(
      `[rest-slice] \`createResource\` needs a path with at least one \`:param\`, got '${path}'`,
    );
  }
  const shortened = path.slice(0, last).replace(/\/+$/, '');
  return shortened === '' ? '/' : shortened;
}
