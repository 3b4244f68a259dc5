import type { SnapshotInterface } from './Snapshot';

/** A `FormData` body as the plain object of its fields, so an optimistic response can spread it (as Data Client). */
export function fieldsOf(body: unknown): unknown {
  return typeof FormData !== 'undefined' && body instanceof FormData ? Object.fromEntries(body.entries()) : body;
}

/** The default optimistic response of an add or a list edit: the body (the last argument) as is. */
export function lastArg(snap: SnapshotInterface, ...args: unknown[]): unknown {
  return fieldsOf(args[args.length - 1]);
}

/** The default optimistic response of an update or a move: the params with the body's fields over them. */
export function paramsAndBody(snap: SnapshotInterface, params: object, data: object): object {
  return { ...params, ...(fieldsOf(data) as object) };
}
