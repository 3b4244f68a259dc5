import { getOwn, hasOwn } from '../schema/own';
import type { RestCacheState } from './state';

/** Payload of `<reducerPath>/gc`: what one garbage collection sweep removed. */
export interface GcPayload {
  /** Request keys whose result and meta were removed. */
  readonly keys: readonly string[];
  /** Entity rows removed (with their meta): pks by entity key. */
  readonly entities: { readonly [entityKey: string]: readonly string[] };
}

function without<T>(record: { readonly [key: string]: T }, keys: readonly string[]): { readonly [key: string]: T } {
  if (!keys.some((key) => hasOwn(record, key))) return record;
  const next = Object.assign(Object.create(null) as Record<string, T>, record);
  for (const key of keys) delete next[key];
  return Object.freeze(next);
}

function withoutRows<T>(
  tables: { readonly [key: string]: { readonly [pk: string]: T } | undefined },
  rows: GcPayload['entities'],
): { readonly [key: string]: { readonly [pk: string]: T } | undefined } {
  let next: Record<string, { readonly [pk: string]: T } | undefined> | undefined;
  for (const entityKey of Object.keys(rows)) {
    const table = getOwn(tables, entityKey);
    if (table === undefined) continue;
    const kept = without(table, rows[entityKey]);
    if (kept === table) continue;
    next ??= Object.assign(Object.create(null) as Record<string, { readonly [pk: string]: T } | undefined>, tables);
    next[entityKey] = kept;
  }
  return next === undefined ? tables : Object.freeze(next);
}

/**
 * Removes what a sweep found unused: results and their meta, entity rows and
 * their meta. It applies the payload as is, so a replayed log removes exactly
 * what the recorded sweep removed.
 */
export function gcReducer(state: RestCacheState, payload: GcPayload): RestCacheState {
  const endpoints = without(state.endpoints, payload.keys);
  const meta = without(state.meta, payload.keys);
  const entities = withoutRows(state.entities, payload.entities);
  const entitiesMeta = withoutRows(state.entitiesMeta, payload.entities);
  if (endpoints === state.endpoints && meta === state.meta && entities === state.entities && entitiesMeta === state.entitiesMeta) {
    return state;
  }
  return Object.freeze({ ...state, endpoints, meta, entities, entitiesMeta });
}
