// How a write of the outbox is sent: the endpoint the app gave, with an `Idempotency-Key` header on every
// attempt, and with the args as the outbox has them now (a temporary id rewritten once its create landed).
// The request runner runs this endpoint in the caller's place (a feature's `prepareRequest`), so the
// optimistic update it shows while the write waits reads the same args.
import { isEntityClass } from '../../schema/Entity';
import type { EndpointInterface } from '../../store/endpoint';

/** The idempotency key and current args of one write. */
export interface SendAs {
  readonly idempotencyKey: string;
  /** When the write was first made: its optimistic update reads it as `snap.fetchedAt` (a temporary id made from it stays the same after a reload). */
  readonly fetchedAt?: number;
  /** The args to use instead of the caller's, once rewritten; `undefined` keeps the caller's. */
  args(): readonly unknown[] | undefined;
}

type Headers = Record<string, string>;

function plainHeaders(headers: unknown): Headers {
  const out: Headers = {};
  if (headers === null || headers === undefined) return out;
  const entries: Iterable<[string, string]> =
    typeof (headers as { entries?: unknown }).entries === 'function' && !Array.isArray(headers)
      ? (headers as { entries(): Iterable<[string, string]> }).entries()
      : Array.isArray(headers)
        ? (headers as [string, string][])
        : Object.entries(headers as Headers);
  for (const [name, value] of entries) out[name] = value;
  return out;
}

type Callable = (...args: unknown[]) => unknown;

/**
 * `endpoint` as the outbox sends it, or `undefined` for an endpoint it cannot
 * wrap (one without `fetchWith`). The endpoint's own members stay (its name,
 * key, schema): only headers, the args of the request and of its optimistic
 * update change.
 */
export function sendAs(endpoint: EndpointInterface, send: SendAs): EndpointInterface | undefined {
  if (typeof endpoint.fetchWith !== 'function') return undefined;
  const base = endpoint as unknown as Record<string, unknown>;
  const members: PropertyDescriptorMap = {
    fetchWith: {
      value(this: unknown, options: unknown, ...args: unknown[]) {
        return (base.fetchWith as Callable).call(this, options, ...(send.args() ?? args));
      },
    },
  };
  if (typeof base.getHeaders === 'function') {
    members.getHeaders = {
      async value(this: unknown, headers: Headers) {
        const own = await (base.getHeaders as Callable).call(this, headers);
        return { ...plainHeaders(own), 'Idempotency-Key': send.idempotencyKey };
      },
    };
  }
  if (typeof base.getOptimisticResponse === 'function') {
    members.getOptimisticResponse = {
      value(this: unknown, snap: unknown, ...args: unknown[]) {
        const at = send.fetchedAt === undefined ? snap : { ...(snap as object), fetchedAt: send.fetchedAt };
        return (base.getOptimisticResponse as Callable).call(this, at, ...(send.args() ?? args));
      },
    };
  }
  return Object.create(endpoint, members) as EndpointInterface;
}

/** The Entity class a schema stores at its top (an Entity, a Collection or array of one), if any. */
function entityOf(schema: unknown, depth = 0): { pk(value: unknown, parent?: unknown, key?: string, args?: readonly unknown[]): string | number | undefined } | undefined {
  if (depth > 4 || schema === null || schema === undefined) return undefined;
  if (isEntityClass(schema)) return schema;
  if (Array.isArray(schema)) return entityOf(schema[0], depth + 1);
  if (typeof schema !== 'object') return undefined;
  // A Collection keeps its item schema in `schema`; its adders (`push`, ...) in `collection`.
  const nested = schema as { schema?: unknown; entity?: unknown; collection?: unknown };
  return entityOf(nested.schema, depth + 1) ?? entityOf(nested.entity, depth + 1) ?? entityOf(nested.collection, depth + 1);
}

/** The primary key `schema` gives `value` (the first item of an array), as a string; `undefined` when there is none. */
export function pkOf(schema: unknown, value: unknown, args: readonly unknown[]): string | undefined {
  const entity = entityOf(schema);
  const item: unknown = Array.isArray(value) ? value[0] : value;
  if (entity === undefined || typeof item !== 'object' || item === null) return undefined;
  try {
    const pk = entity.pk(item, undefined, undefined, args);
    return typeof pk === 'string' || typeof pk === 'number' ? String(pk) : undefined;
  } catch {
    return undefined;
  }
}

/** The value of the real id as the response has it (a number stays a number), found among its top members. */
export function rawId(value: unknown, pk: string): string | number {
  const item: unknown = Array.isArray(value) ? value[0] : value;
  if (typeof item === 'object' && item !== null) {
    for (const member of Object.values(item as Record<string, unknown>)) {
      if ((typeof member === 'number' || typeof member === 'string') && String(member) === pk) return member;
    }
  }
  return pk;
}
