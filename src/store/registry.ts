import { isEntityClass } from '../schema/Entity';
import type { EndpointInterface } from './endpoint';
import { warnOnce } from './warnOnce';

/** Calls `visit` for every Entity class reachable from a schema. */
function collectEntities(schema: unknown, found: Set<Function>, seen: Set<unknown>): void {
  if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function') || seen.has(schema)) return;
  seen.add(schema);
  if (isEntityClass(schema)) {
    found.add(schema);
    collectEntities(schema.schema, found, seen);
    return;
  }
  if (typeof schema === 'function') return;
  const nested = schema as { schema?: unknown; entity?: unknown; collection?: unknown };
  if (Array.isArray(schema)) {
    for (const item of schema) collectEntities(item, found, seen);
    return;
  }
  const proto = Object.getPrototypeOf(schema);
  if (proto === Object.prototype || proto === null) {
    for (const value of Object.values(schema)) collectEntities(value, found, seen);
    return;
  }
  collectEntities(nested.schema, found, seen);
  collectEntities(nested.entity, found, seen);
  collectEntities(nested.collection, found, seen);
}

/**
 * The registry of one cache: endpoints by name (so state entries that name an
 * endpoint find it again) and entity classes by key (two classes sharing a key
 * would overwrite each other's rows, so that is warned about).
 */
export function createRegistry() {
  const endpoints = new Map<string, EndpointInterface>();
  const entities = new Map<string, Function>();
  const checked = new WeakSet<object>();

  function register(endpoint: EndpointInterface): void {
    endpoints.set(endpoint.name, endpoint);
    const schema = endpoint.schema;
    if (schema === null || (typeof schema !== 'object' && typeof schema !== 'function') || checked.has(schema)) return;
    checked.add(schema);
    const found = new Set<Function>();
    collectEntities(schema, found, new Set());
    for (const entity of found) {
      const key = (entity as unknown as { key: string }).key;
      const known = entities.get(key);
      if (known === undefined) {
        entities.set(key, entity);
      } else if (known !== entity && !(entity.prototype instanceof known) && !(known.prototype instanceof entity)) {
        warnOnce(
          `[rest-slice] two Entity classes share the key \`${key}\` (${known.name} and ${entity.name}): their rows overwrite each other. Give each a distinct \`static key\`.`,
        );
      }
    }
  }

  return { endpoints, register };
}
