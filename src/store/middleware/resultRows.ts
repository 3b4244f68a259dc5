import { inferEntity } from '../../schema/infer';
import type { MemoCache } from '../../schema/MemoCache';
import { inferResult, isQuerySchema } from '../../schema/Query';
import type { EndpointInterface } from '../endpoint';
import type { View } from '../view';
import { entryOf } from '../../schema/own';

/** Entity rows by entity key, then pk. */
export type Rows = Map<string, Set<string>>;

/** Adds one row to `rows`. */
export function addRow(rows: Rows, key: string, pk: string): void {
  entryOf(rows, key, Set).add(pk);
}

/** Adds every row reading `result` with `schema` touches (the memo's deps). */
export function addReads(memo: MemoCache, view: View, schema: object, result: unknown, args: readonly unknown[], rows: Rows): void {
  const { deps } = memo.denormalizeTracked(schema, result, view.getEntity, args);
  for (let i = 0; i < deps.length; i += 3) addRow(rows, deps[i] as string, String(deps[i + 1]));
}

/**
 * Adds every row the result of `endpoint(...args)` (request key `key`) reads
 * in `view`: its stored result, or the entity its params name when it is read
 * by inference, or what a Query reads. Rows are found by denormalizing with
 * the cache's memo, so nested entities, Collections, Values and Unions are
 * followed the way reads follow them. False when that cannot be told.
 */
export function addResultRows(memo: MemoCache, view: View, endpoint: EndpointInterface, args: readonly unknown[], key: string, rows: Rows): boolean {
  const schema = endpoint.schema;
  if (schema === undefined || schema === null || (typeof schema !== 'object' && typeof schema !== 'function')) return true;
  try {
    let result = view.getResult(key);
    // Read by inference (a detail a list brought), as the reads do: the entity its params name, also through a
    // Union or an object schema (`{ data: Todo }`).
    if (result === undefined) result = inferEntity(schema, args, view)?.result;
    if (isQuerySchema(schema)) {
      const queried = inferResult(schema, args, view);
      if (queried !== undefined) result = queried;
    }
    if (result !== undefined) addReads(memo, view, schema, result, args, rows);
    return true;
  } catch {
    return false;
  }
}
