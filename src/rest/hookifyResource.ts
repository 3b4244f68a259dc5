import { isPlainObject } from '../schema/own';
import type { HookResource } from './dataClientResourceTypes';

/** An endpoint that `hookifyResource` can give a request init to: it has `extend`. */
interface Extendable {
  extend(options: { requestInit: RequestInit }): unknown;
}

/** Two request inits with the same members (`===`; a plain `headers` object compared member by member too). */
function sameMembers(a: object, b: object, deep = true): boolean {
  const names = Object.keys(a);
  if (names.length !== Object.keys(b).length) return false;
  return names.every((name) => {
    const x: unknown = (a as Record<string, unknown>)[name];
    const y: unknown = (b as Record<string, unknown>)[name];
    return x === y || (deep && isPlainObject(x) && isPlainObject(y) && sameMembers(x, y, false));
  });
}

/**
 * Data Client's `hookifyResource`: each member of `resource` with `extend`
 * (`get`, `getList`, `update`, ...) becomes a hook named `use` + the member
 * (`useGet`, `useGetList`, ...) that calls `useRequestInit()` and returns
 * the member extended with that `requestInit` (its `credentials`, headers,
 * ...: a token read from a React context, say). Call the hooks in a
 * component, as any hook; the endpoint they return is used as the member is,
 * and is the same object while the init has the same members.
 * Importing this brings no React: `useRequestInit` is the app's hook.
 *
 * @example
 * const AuthdTodoResource = hookifyResource(TodoResource, function useInit(): RequestInit {
 *   const token = useContext(AuthContext);
 *   return token ? { headers: { Authorization: `Bearer ${token}` } } : {};
 * });
 * // in a component:
 * const todo = useSuspense(AuthdTodoResource.useGet(), { id });
 */
export function hookifyResource<R extends object>(resource: R, useRequestInit: () => RequestInit): HookResource<R> {
  if (typeof resource !== 'object' || resource === null) {
    throw new TypeError(`[rest-slice] \`hookifyResource(resource, useRequestInit)\` takes a resource (\`createResource(...)\`), got ${resource === null ? 'null' : typeof resource}.`);
  }
  if (typeof useRequestInit !== 'function') {
    throw new TypeError(`[rest-slice] \`hookifyResource(resource, useRequestInit)\` takes a hook that returns a RequestInit, got ${useRequestInit === null ? 'null' : typeof useRequestInit}.`);
  }
  const hooks: Record<string, () => unknown> = {};
  for (const name of Object.keys(resource)) {
    const member = (resource as Record<string, unknown>)[name];
    if (typeof (member as Partial<Extendable> | null)?.extend !== 'function') continue;
    // The same endpoint while the init is the same (a literal made on each render included): a new endpoint object
    // would make the hooks subscribe again on every render, and polling would never reach its interval.
    let last: { readonly init: RequestInit; readonly endpoint: unknown } | undefined;
    hooks[`use${name.charAt(0).toUpperCase()}${name.slice(1)}`] = () => {
      // Each function made here is a hook (`useGet`, ...), called in a component as hooks are.
      // eslint-disable-next-line react-hooks/rules-of-hooks
      const init = useRequestInit();
      if (last === undefined || !sameMembers(last.init, init)) last = { init, endpoint: (member as Extendable).extend({ requestInit: init }) };
      return last.endpoint;
    };
  }
  return hooks as HookResource<R>;
}
