/**
 * Runtime path handling with path-to-regexp 6.3.0: its syntax is the seed's
 * (`:name`, `:name?`, `\\` escapes) with no translation, and 6.3.0 carries the
 * fix for the backtracking ReDoS (CVE-2024-45296).
 */
import { parse, tokensToRegexp } from 'path-to-regexp';
import { createTable, getOwn, hasOwn, setOwn } from '../schema/own';

type Token = ReturnType<typeof parse>[number];

interface PathInfo {
  readonly regexp: RegExp;
  readonly tokens: readonly Token[];
  readonly keys: ReadonlySet<string>;
  readonly required: readonly string[];
  /** The filled path when the template has no argument (most list endpoints): built once. */
  readonly constant: string | undefined;
}

const infos = new Map<string, PathInfo>();

function pathInfo(path: string): PathInfo {
  let info = infos.get(path);
  if (info === undefined) {
    let tokens: ReturnType<typeof parse>;
    try {
      tokens = parse(path);
    } catch (error) {
      throw new TypeError(`[rest-slice] the path '${path}' is not a path template: ${(error as Error).message}`, { cause: error });
    }
    const keys = new Set<string>();
    const required: string[] = [];
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const name = String(token.name);
      keys.add(name);
      if (token.modifier === '' || token.modifier === '+') required.push(name);
    }
    // From the tokens already parsed: `pathToRegexp` would parse the path again (and bundle its RegExp and array forms).
    info = { regexp: tokensToRegexp(tokens, undefined, { end: false }), tokens, keys, required, constant: keys.size === 0 ? fillTokens(tokens, {}) : undefined };
    infos.set(path, info);
  }
  return info;
}

/**
 * The template with each present value URL-encoded between its param's prefix and suffix; an absent
 * (optional) param drops with them. Values are not checked against a param's pattern: the caller
 * checked presence, and `%` or `/` in an encoded value is expected.
 */
function fillTokens(tokens: readonly Token[], values: Readonly<Record<string, string>>): string {
  let filled = '';
  for (const token of tokens) {
    if (typeof token === 'string') {
      filled += token;
      continue;
    }
    const value = getOwn(values, String(token.name));
    if (value !== undefined) filled += token.prefix + encodeURIComponent(value) + token.suffix;
  }
  return filled;
}

/** The path's pattern as a RegExp matching a filled path at the start of a string (cached per path). */
export function pathToRegexp(path: string): RegExp {
  return pathInfo(path).regexp;
}

/** Whether a path has at least one required argument. */
export function hasRequiredParams(path: string): boolean {
  return pathInfo(path).required.length > 0;
}

function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

function messageOf(error: unknown): string {
  try {
    return error instanceof Error ? error.message : String(error);
  } catch {
    return 'it threw';
  }
}

/**
 * How error messages name the caller: the text itself, or a function that
 * makes it (called only when a message is made, so a call that succeeds
 * builds no name).
 */
type Owner = string | (() => string);

function named(owner: Owner): string {
  return typeof owner === 'string' ? owner : owner();
}

/**
 * Whether `text` holds half of a UTF-16 surrogate pair alone. A loop, not a regular expression: every
 * request key runs it, mostly once per click in a browser, and V8 drops the compiled code of a regular
 * expression not run for a while, so a lookbehind pattern was compiled again on most clicks.
 */
export function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (code > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return true;
    i++;
  }
  return false;
}

/**
 * A param value as the string that goes into the URL.
 * @throws naming `owner` and the param for a Symbol, a value whose `String()`
 * throws, or a string with a lone surrogate (which has no URL encoding).
 */
function paramString(owner: Owner, kind: string, name: string, value: unknown): string {
  if (typeof value === 'symbol') {
    throw new TypeError(`[rest-slice] ${named(owner)} ${kind} '${name}' is a Symbol, which has no URL form; pass a string or a number`);
  }
  let text: string;
  try {
    text = String(value);
  } catch (error) {
    throw new TypeError(
      `[rest-slice] ${named(owner)} ${kind} '${name}' cannot be turned into a string (${messageOf(error)}); pass a string or a number`,
      { cause: error },
    );
  }
  if (hasLoneSurrogate(text)) {
    throw new TypeError(
      `[rest-slice] ${named(owner)} ${kind} '${name}' contains a lone surrogate (half of a UTF-16 pair), which has no URL encoding; pass well-formed text`,
    );
  }
  return text;
}

function isDotSegment(segment: string): boolean {
  const decoded = segment.replace(/%2e/gi, '.');
  return decoded === '.' || decoded === '..';
}

/**
 * Walks the path part of a template (up to its first literal `?` or `#`) with
 * the given values and throws when a segment that holds a param ends up `.`
 * or `..`: URL parsing (in `fetch` too) would remove it and the segment
 * before it, so the request would go to another path.
 */
function checkSegments(owner: Owner, path: string, tokens: readonly Token[], values: Record<string, string>): void {
  let text = '';
  let names: string[] = [];
  const check = () => {
    if (names.length > 0 && isDotSegment(text)) {
      const name = names.find((n) => values[n] === '.' || values[n] === '..') ?? names[0];
      throw new TypeError(
        `[rest-slice] ${named(owner)} param '${name}' is '${values[name]}', which would change the path '${path}' ` +
          `(URLs resolve '.' and '..' segments, even percent-encoded); pass the real value`,
      );
    }
    text = '';
    names = [];
  };
  const walk = (literal: string): boolean => {
    for (const char of literal) {
      if (char === '?' || char === '#') return false;
      if (char === '/') check();
      else text += char;
    }
    return true;
  };
  for (const token of tokens) {
    if (typeof token === 'string') {
      if (!walk(token)) break;
      continue;
    }
    const name = String(token.name);
    if (!(name in values)) continue;
    if (!walk(token.prefix)) break;
    text += encodeURIComponent(values[name]);
    names.push(name);
    if (!walk(token.suffix)) break;
  }
  check();
}

/**
 * Fills a path's arguments from `params`, URL-encoding each value. `undefined`
 * and `null` count as absent, and so does `''` for an optional argument
 * (`/todos/:id?` with `{ id: '' }` gives `/todos`). `owner` names the endpoint
 * in error messages, or is a function that makes the name (called only when
 * an error is thrown). Default: `'url'`.
 * @throws naming `owner` and the param when a required argument is absent or
 * `''`, when a value would make a `.` or `..` path segment (which URL parsing
 * would resolve into another path), or when a value has no URL form (a Symbol,
 * a throwing `toString`, a lone surrogate).
 */
export function fillPath(path: string, params: Readonly<Record<string, unknown>>, owner: Owner = '`url`'): string {
  const info = pathInfo(path);
  if (info.constant !== undefined) return info.constant;
  // No prototype, and own members of `params` only: a param named `constructor` is not `Object`.
  const values = createTable<string>();
  // A segment can only become `.` or `..` through a value with a dot in it (encoding never makes one).
  let dotted = false;
  for (const name of info.keys) {
    const value = getOwn(params, name);
    if (!isPresent(value)) continue;
    const text = paramString(owner, 'param', name, value);
    if (text === '') continue;
    values[name] = text;
    if (text.includes('.')) dotted = true;
  }
  for (const name of info.required) {
    if (name in values) continue;
    if (isPresent(getOwn(params, name))) {
      throw new TypeError(
        `[rest-slice] ${named(owner)} param '${name}' is '', which would request a different path than '${path}'; pass a non-empty value`,
      );
    }
    throw new TypeError(
      `[rest-slice] ${named(owner)} is missing the param '${name}' of the path '${path}'; pass it in the params object`,
    );
  }
  if (dotted) checkSegments(owner, path, info.tokens, values);
  return fillTokens(info.tokens, values);
}

/**
 * The members of `params` that are not path arguments, as a search string with
 * sorted names (so request keys are stable); `undefined` and `null` members are
 * left out and an array gives one entry per item. Empty when nothing is left.
 * @throws naming `owner` and the param for a value with no URL form (a Symbol,
 * a throwing `toString`, a lone surrogate).
 */
export function searchString(path: string, params: Readonly<Record<string, unknown>>, owner: Owner = '`url`'): string {
  return searchOf(pathInfo(path).keys, params, owner);
}

function searchOf(keys: ReadonlySet<string>, params: Readonly<Record<string, unknown>>, owner: Owner): string {
  // Most calls have path params only: no search string to build, and no array of names either.
  let extra = false;
  for (const name in params) {
    if (!keys.has(name) && hasOwn(params, name)) {
      extra = true;
      break;
    }
  }
  if (!extra) return '';
  const names = Object.keys(params).filter((name) => !keys.has(name));
  const search = new URLSearchParams();
  for (const name of names.sort()) {
    const value = params[name];
    if (Array.isArray(value)) {
      for (const item of value) if (isPresent(item)) search.append(name, paramString(owner, 'search param', name, item));
    } else if (isPresent(value)) {
      search.append(name, paramString(owner, 'search param', name, value));
    }
  }
  return search.toString();
}

/**
 * Builds `path` with its arguments filled and every other member of `params`
 * appended as search parameters (with `&` when the path already has a `?`).
 * `owner` names the endpoint in error messages, or is a function that makes
 * the name (called only when an error is thrown). Default: `'url'`. `toSearch`
 * replaces how the search string is written (an endpoint's `searchToString`).
 * @throws as {@link fillPath} and {@link searchString} do.
 */
export function buildPath(
  path: string,
  params: Readonly<Record<string, unknown>> = {},
  owner: Owner = '`url`',
  toSearch?: (searchParams: Record<string, unknown>) => string,
): string {
  const base = fillPath(path, params, owner);
  const { keys } = pathInfo(path);
  let search = '';
  if (toSearch === undefined) search = searchOf(keys, params, owner);
  else {
    // An own query format (`searchToString`): it gets the present members that are not path arguments.
    // A param named `__proto__` stays a member, as in the default format.
    const members: Record<string, unknown> = {};
    for (const name of Object.keys(params)) if (!keys.has(name) && isPresent(params[name])) setOwn(members, name, params[name]);
    if (Object.keys(members).length > 0) search = toSearch(members);
  }
  return search === '' ? base : `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

/**
 * `prefix` + `path`, except that a path of just `/` (with or without a query)
 * after a prefix ending in a path segment adds no slash: a one-param
 * resource's list under `https://api.example.com/todos` is that URL itself,
 * as in Data Client. After a bare origin the `/` stays (the same request).
 * A path written from that list path (`${getList.path}/values`, so
 * `//values`) is the list URL and `/values`: after a prefix, its doubled
 * slash is one.
 */
export function joinUrl(prefix: string, path: string): string {
  if (prefix !== '' && path.startsWith('//')) return prefix + path.slice(1);
  // The prefix's last `/` is a single one (not the `//` before a host) with a segment after it.
  return (path === '/' || path.startsWith('/?')) && /(^|[^/])\/[^/]+$/.test(prefix) ? prefix + path.slice(1) : prefix + path;
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
