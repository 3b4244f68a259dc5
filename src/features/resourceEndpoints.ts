import type { EndpointInterface } from '../store/endpoint';

/** Whether a value is an endpoint: a `key` method and a `name` (a RestEndpoint, an Endpoint, a resource member). */
export function isEndpoint(value: unknown): value is EndpointInterface {
  return (
    (typeof value === 'function' || (typeof value === 'object' && value !== null)) &&
    typeof (value as { key?: unknown }).key === 'function' &&
    typeof (value as { name?: unknown }).name === 'string'
  );
}

/**
 * Every endpoint a list of resources holds, each once: an endpoint given
 * itself, a resource's members, and their members (`getList.push`,
 * `getList.remove`, ...). A member whose getter throws is passed over.
 */
export function endpointsOf(resources: readonly object[]): EndpointInterface[] {
  const found = new Set<EndpointInterface>();
  const visit = (value: unknown, depth: number) => {
    if (depth > 2 || (typeof value !== 'object' && typeof value !== 'function') || value === null) return;
    if (isEndpoint(value)) found.add(value);
    if (depth === 2) return;
    for (const name of Object.keys(value)) {
      let member: unknown;
      try {
        member = (value as Record<string, unknown>)[name];
      } catch {
        continue;
      }
      if (isEndpoint(member)) visit(member, depth + 1);
    }
  };
  for (const resource of resources) visit(resource, 0);
  return [...found];
}
