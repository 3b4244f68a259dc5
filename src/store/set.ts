import type { Dispatch } from '@reduxjs/toolkit';
import { describeSchema } from '../schema/describeSchema';
import { INVALID } from '../schema/INVALID';
import { isEntityClass } from '../schema/Entity';
import { normalizeIntoStore, type StoreNormalizeResult } from '../schema/normalize';
import { MemoCache } from '../schema/MemoCache';
import { describeKind, getOwnRow } from '../schema/own';
import { warnOnce } from './warnOnce';
import { inferResult, isQuerySchema } from '../schema/Query';
import type { EntityMeta, GetEntity } from '../schema/types';
import { expiryTime } from './outcome';
import { plainJson } from '../schema/jsonForm';
import { innerMessage, serializeArgs } from './serialize';
import type { TriggerStamps } from './options';
import type { SetPayload } from './setReducer';
import type { RestCacheActions } from './slice';
import type { RestCacheState } from './state';
import { getRow, tablesReader } from './tables';
import { createTable } from '../schema/own';

/** What `controller.set` needs from the cache. */
export interface SetInput {
  readonly actions: Pick<RestCacheActions, 'set'>;
  readonly now: () => number;
  /** The `fetchedAt` of a write triggered now. */
  readonly stamp: TriggerStamps;
  /** How long the rows stay fresh: the cache's `dataExpiryLength`. */
  readonly dataExpiryLength: number;
  selectSlice(rootState: unknown): RestCacheState;
}

/** The confirmed value the schema holds for `args` (what an updater gets); `undefined` when none is stored. */
function storedValue(schema: unknown, args: readonly unknown[], state: RestCacheState): unknown {
  const result = inferResult(schema, args, tablesReader(state));
  if (result === undefined) return undefined;
  const value: unknown = new MemoCache().denormalizeWith(schema, result, (key, pk) => getRow(state.entities, key, pk), args);
  return value === INVALID ? undefined : value;
}

/** Reads rows as they will be after the write: the changed rows over the stored ones. */
function mergedReader(state: RestCacheState, normalized: StoreNormalizeResult): GetEntity {
  return (key, pk) => {
    const changed = getOwnRow(getOwnRow(normalized.entities, key), pk);
    return changed !== undefined ? changed : getRow(state.entities, key, pk);
  };
}

/**
 * Runs `controller.set(schema, ...args, value | updater)` in a store:
 * computes the value (an updater gets the confirmed value: pending optimistic
 * updates are recomputed over the result), normalizes it against the
 * confirmed state like a read's response (stamped with the clock, so
 * `useIncoming` and rule 5b decide as for a response), checks it reads back,
 * then dispatches one `<reducerPath>/set`. Nothing is dispatched when an
 * updater finds nothing stored. Returns the set's undo (see {@link undoOf}).
 *
 * @throws TypeError naming the schema for a missing schema or value, a Query,
 *   an updater that throws, or a value the schema cannot store; nothing is stored then.
 */
export function runSet(input: SetInput, store: { dispatch: Dispatch; getState(): unknown }, schema: unknown, rest: readonly unknown[]): () => void {
  // A function is an Entity class; anything else callable (an endpoint given by mistake) would be called by normalize.
  if ((typeof schema !== 'object' && !isEntityClass(schema)) || schema === null) {
    throw new TypeError(
      `[rest-slice] \`controller.set\` takes a schema first (an Entity class, a Collection, \`[Todo]\`, \`new schema.Values(Todo)\`), got ${describeKind(schema)}. To store an endpoint's response, use \`controller.setResponse(endpoint, ...args, response)\`.`,
    );
  }
  const name = describeSchema(schema);
  if (isQuerySchema(schema)) {
    throw new TypeError(
      `[rest-slice] \`controller.set(${name}, ...)\`: a Query or All is derived from the cache and cannot be set; set the entities it reads instead.`,
    );
  }
  if (rest.length === 0) {
    throw new TypeError(`[rest-slice] \`controller.set(${name}, ...args, value)\` needs a value (or an updater) as its last argument; got none.`);
  }
  const args = rest.slice(0, -1);
  const given = rest[rest.length - 1];
  const confirmed = input.selectSlice(store.getState());
  let value = given;
  if (typeof given === 'function') {
    const previous = storedValue(schema, args, confirmed);
    // As Data Client: an updater with nothing stored to update writes nothing (an event for data not loaded).
    if (previous === undefined) {
      if (process.env.NODE_ENV !== 'production' && (Array.isArray(schema) || ['schema.Values', 'schema.Array'].includes((schema as { kindName?: string }).kindName ?? ''))) {
        warnOnce(
          `[rest-slice] \`controller.set(${name}, ...args, updater)\` wrote nothing: ${name} names no stored value to update (no list or map is kept by args). Update the Collection (\`getList.schema\`), the entities, or the endpoint's response (\`setResponse\`).`,
          `set updater ${name}`,
        );
      }
      return () => undefined;
    }
    try {
      value = (given as (previous: unknown) => unknown)(previous);
    } catch (error) {
      throw new Error(`[rest-slice] the updater given to \`controller.set(${name}, ...)\` threw, so nothing was stored: ${innerMessage(error)}`, {
        cause: error,
      });
    }
  }
  const now = input.now();
  const fetchedAt = input.stamp();
  const meta: EntityMeta = { fetchedAt, date: now, expiresAt: expiryTime(now, input.dataExpiryLength) };
  let normalized: StoreNormalizeResult;
  try {
    // The state keeps the value's JSON form, as a response's (a `Date` as its string, no `undefined` members).
    normalized = normalizeIntoStore(schema, plainJson(value, true), args, tablesReader(confirmed), meta);
    // A value that is stored but cannot be read back (a member converter that throws) is not stored.
    new MemoCache().denormalizeWith(schema, normalized.result, mergedReader(confirmed, normalized), args);
  } catch (error) {
    throw new TypeError(`[rest-slice] \`controller.set(${name}, ...)\` stored nothing: ${innerMessage(error)}`, { cause: error });
  }
  const payload: SetPayload = {
    schema: name,
    args: serializeArgs(args),
    fetchedAt: now,
    entities: normalized.entities,
    entitiesMeta: normalized.entitiesMeta,
  };
  store.dispatch(input.actions.set(payload));
  return undoOf(input, store, payload, confirmed);
}

/** A row `set` changed: the row it left, and the row and meta stored before (`undefined`: the set created it). */
type Change = readonly [key: string, pk: string, written: unknown, row: unknown, meta: unknown];

/**
 * The undo of one `set`: puts back each row it changed (row and meta, the
 * very objects stored before) and removes the rows it created, in one
 * `<reducerPath>/set` action marked `undo`. A row written since (a response,
 * another `set`) keeps the newer data, as a later write wins. Runs once; a
 * second call, or one with nothing left to put back, dispatches nothing.
 */
function undoOf(input: SetInput, store: { dispatch: Dispatch; getState(): unknown }, payload: SetPayload, before: RestCacheState): () => void {
  const after = input.selectSlice(store.getState()).entities;
  let changes: Change[] = [];
  for (const key of Object.keys(payload.entities)) {
    for (const pk of Object.keys(payload.entities[key])) {
      const written = getRow(after, key, pk);
      const row = getRow(before.entities, key, pk);
      if (written !== row) changes.push([key, pk, written, row, getRow(before.entitiesMeta, key, pk)]);
    }
  }
  return () => {
    const now = input.selectSlice(store.getState()).entities;
    const live = changes.filter(([key, pk, written]) => getRow(now, key, pk) === written);
    changes = [];
    if (live.length === 0) return;
    const entities: Record<string, Record<string, unknown>> = createTable();
    const entitiesMeta: Record<string, Record<string, unknown>> = createTable();
    const remove: Record<string, string[]> = createTable();
    for (const [key, pk, , row, meta] of live) {
      if (row === undefined) (remove[key] ??= []).push(pk);
      else (entities[key] ??= createTable())[pk] = row;
      if (meta !== undefined) (entitiesMeta[key] ??= createTable())[pk] = meta;
    }
    store.dispatch(
      input.actions.set({
        schema: payload.schema,
        args: payload.args,
        fetchedAt: input.stamp(),
        undo: true,
        entities: entities as SetPayload['entities'],
        entitiesMeta: entitiesMeta as SetPayload['entitiesMeta'],
        remove,
      }),
    );
  };
}
