import { hasOwn } from '../schema/own';
/** The defaults a RestEndpoint derives from its other options: method, sideEffect, name. */

/** What the defaults read of an endpoint. */
interface RestDefaults {
  readonly method: string;
  readonly urlPrefix: string;
  readonly path: string;
  readonly name: string;
}

/**
 * The value of `key` as set on the endpoint, a subclass or an option (below
 * `proto`), or `undefined` when only the defaults define it (they read each other).
 */
function explicit(proto: object, endpoint: object, key: 'method' | 'sideEffect'): unknown {
  for (let at: object | null = endpoint; at !== null && at !== proto; at = Object.getPrototypeOf(at) as object | null) {
    // `Reflect.get` with the endpoint as receiver runs a getter as the endpoint, without a descriptor
    // object per read (every request key reads `method`).
    if (hasOwn(at, key)) return Reflect.get(at, key, endpoint);
  }
  return undefined;
}

/**
 * Puts the defaults on the RestEndpoint prototype, so subclass class fields
 * and per-instance options shadow them: `method` is `'POST'` when
 * `sideEffect` is `true`, else `'GET'`; `sideEffect` is `true` for a method
 * other than GET and HEAD, else `undefined`; `name` is `urlPrefix + path`
 * (all as Data Client); `urlPrefix` is `''`.
 */
export function installRestDefaults(proto: object): void {
  Object.defineProperties(proto, {
    method: {
      get(this: RestDefaults) {
        return explicit(proto, this, 'sideEffect') === true ? 'POST' : 'GET';
      },
      configurable: true,
    },
    urlPrefix: { value: '', writable: true, configurable: true },
    name: {
      get(this: RestDefaults) {
        return `${this.urlPrefix}${this.path}`;
      },
      configurable: true,
    },
    sideEffect: {
      get(this: RestDefaults) {
        const method = explicit(proto, this, 'method');
        if (method === undefined) return undefined;
        const upper = String(method).toUpperCase();
        return upper !== 'GET' && upper !== 'HEAD' ? true : undefined;
      },
      configurable: true,
    },
  });
}

/** The endpoint's name when it has its own (`Todo.get`), `undefined` when it is the default `urlPrefix + path`. */
export function ownName(endpoint: RestDefaults): string | undefined {
  return endpoint.name === `${endpoint.urlPrefix}${endpoint.path}` ? undefined : endpoint.name;
}

/** How error messages name an endpoint: `` `GET /todos/:id` ``, or `` `Todo.get` (GET /todos/:id) `` when it has its own name. */
export function describeEndpoint(endpoint: RestDefaults): string {
  const shape = `${endpoint.method} ${endpoint.urlPrefix}${endpoint.path}`;
  const name = ownName(endpoint);
  return name === undefined ? `\`${shape}\`` : `\`${name}\` (${shape})`;
}
