import { isEntityClass } from '../schema/Entity';
import type { EndpointInterface } from './endpoint';
import { warnOnce } from './warnOnce';
import { SIBLINGS } from '../rest/resourceExtend';

/** Calls `visit` for every Entity class reachable from a schema (each schema object visited once). */
function visitEntities(schema: unknown, visit: (entity: Function) => void, seen: Set<unknown>): void {
  if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function') || seen.has(schema)) return;
  seen.add(schema);
  if (isEntityClass(schema)) {
    visit(schema);
    visitEntities(schema.schema, visit, seen);
    return;
  }
  if (typeof schema === 'function') return;
  const proto: unknown = Object.getPrototypeOf(schema);
  // An array or a plain object holds schemas as its members; a schema instance under its own names.
  const nested = schema as { schema?: unknown; entity?: unknown; collection?: unknown };
  const members = Array.isArray(schema) || proto === Object.prototype || proto === null ? Object.values(schema) : [nested.schema, nested.entity, nested.collection];
  for (const member of members) visitEntities(member, visit, seen);
}

/** What the store knows of the endpoints and entity classes it has seen. */
export interface EndpointRegistry {
  /** Remembers an endpoint by name (warning when two Entity classes share a key). */
  register(endpoint: EndpointInterface): void;
  /**
   * The endpoint a state entry names: of those registered under `name`, the
   * latest whose `testKey` accepts `key`, else the latest of that name.
   */
  resolve(name: string, key: string): EndpointInterface | undefined;
  /** An endpoint, of any name, whose `testKey` accepts `key` (of a name, the latest registered); for a stored key no action of this store named. */
  find(key: string): EndpointInterface | undefined;
  /** The Entity class stored under `key`, once an endpoint whose schema holds it was registered. */
  entity(key: string): Function | undefined;
}

// Endpoints kept per name: enough for the few that share one, bounded for endpoints made on the fly.
const MAX_PER_NAME = 16;

function accepts(endpoint: EndpointInterface, key: string): boolean {
  try {
    // Called as a method: an endpoint's `testKey` may use `this`. One without a `testKey` function throws here.
    return (endpoint as unknown as { testKey(key: string): unknown }).testKey(key) === true;
  } catch {
    return false;
  }
}

/**
 * The registry of one cache: endpoints by name (so state entries that name an
 * endpoint find it again; two endpoints may share a name, e.g. two unnamed
 * RestEndpoints with different methods on one path) and entity classes by key
 * (two classes sharing a key would overwrite each other's rows, so that is
 * warned about).
 */
export function createRegistry(): EndpointRegistry {
  const endpoints = new Map<string, EndpointInterface[]>();
  const entities = new Map<string, Function>();
  const checked = new WeakSet<object>();

  function remember(endpoint: EndpointInterface): void {
    const named = endpoints.get(endpoint.name);
    if (named === undefined) {
      endpoints.set(endpoint.name, [endpoint]);
      return;
    }
    const index = named.indexOf(endpoint);
    if (index === named.length - 1) return;
    if (index !== -1) named.splice(index, 1);
    // The latest used is last: it is the fallback when no `testKey` decides.
    named.push(endpoint);
    if (named.length > MAX_PER_NAME) named.shift();
  }

  function register(endpoint: EndpointInterface): void {
    remember(endpoint);
    // A resource's other members, by name, the first time one of them comes: never in place of one known.
    const siblings = (endpoint as { [SIBLINGS]?: readonly EndpointInterface[] })[SIBLINGS];
    if (siblings !== undefined && !checked.has(siblings)) {
      checked.add(siblings);
      for (const sibling of siblings) if (!endpoints.has(sibling.name)) remember(sibling);
    }
    const schema = endpoint.schema;
    if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function') || checked.has(schema)) return;
    checked.add(schema);
    visitEntities(
      schema,
      (entity) => {
        const key = (entity as unknown as { key: string }).key;
        const known = entities.get(key);
        if (known === undefined) {
          entities.set(key, entity);
        } else if (process.env.NODE_ENV !== 'production') {
          if (known !== entity && !(entity.prototype instanceof known) && !(known.prototype instanceof entity)) {
            warnOnce(
              `[rest-slice] two Entity classes share the key \`${key}\` (${known.name} and ${entity.name}): their rows overwrite each other. Give each a distinct \`static key\`.`,
            );
          }
        }
      },
      new Set(),
    );
  }

  function resolve(name: string, key: string): EndpointInterface | undefined {
    const named = endpoints.get(name);
    if (named === undefined) return undefined;
    for (let i = named.length - 1; i >= 0; i--) if (accepts(named[i], key)) return named[i];
    return named[named.length - 1];
  }

  function find(key: string): EndpointInterface | undefined {
    for (const named of endpoints.values()) for (let i = named.length - 1; i >= 0; i--) if (accepts(named[i], key)) return named[i];
    return undefined;
  }

  return { register, resolve, find, entity: (key) => entities.get(key) };
}
