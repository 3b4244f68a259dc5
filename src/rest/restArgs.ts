/** How a RestEndpoint reads its call arguments, and how endpoints of a class are built from options. */
import { defineOwn } from './Endpoint';
import { hasRequiredParams } from './paths';
import type { RestEndpoint } from './RestEndpoint';

/** Any RestEndpoint class or subclass. */
export type EndpointClass = new (options: any) => object;

/**
 * Builds an endpoint of `Class` with `options` winning over the class's own
 * class-field defaults (which a subclass initializes after our constructor).
 */
export function constructEndpoint<E>(Class: EndpointClass, options: Record<string, unknown>): E {
  const endpoint = new Class(options);
  for (const key of Object.keys(options)) defineOwn(endpoint, key, options[key]);
  return endpoint as E;
}

function takesBody(endpoint: RestEndpoint<any>): boolean {
  const method = String(endpoint.method).toUpperCase();
  if (method === 'GET' || method === 'HEAD' || method === 'DELETE') return false;
  return !('body' in endpoint && endpoint.body === undefined);
}

/** Splits call arguments into `[params, body]` as the endpoint reads them. */
export function splitArgs(endpoint: RestEndpoint<any>, args: readonly unknown[]): [Record<string, unknown>, unknown] {
  if (args.length >= 2) return [(args[0] ?? {}) as Record<string, unknown>, args[1]];
  if (args.length === 1 && takesBody(endpoint) && !hasRequiredParams(endpoint.path)) return [{}, args[0]];
  return [(args[0] ?? {}) as Record<string, unknown>, undefined];
}
