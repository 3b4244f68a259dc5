import type { EndpointInterface } from '../endpoint';
import { warnOnce } from '../warnOnce';

/** An endpoint's own boolean option; a value of another type is ignored, with a warning naming the endpoint. */
export function endpointFlag(endpoint: EndpointInterface, option: string): boolean | undefined {
  const value: unknown = (endpoint as unknown as Record<string, unknown>)[option];
  if (value === undefined || typeof value === 'boolean') return value;
  if (process.env.NODE_ENV !== 'production') warnOnce(
    `[rest-slice] endpoint \`${endpoint.name}\` option \`${option}\` must be a boolean or undefined; got ${typeof value}: it is ignored (the cache's default applies).`,
  );
  return undefined;
}
