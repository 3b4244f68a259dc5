// How rows another tab relays meet this tab's rows. A tab relays each row as its store holds it, with that
// row's meta, so the receiving tab can merge it by the same rules as a response of its own: the row
// fetched later wins (an Entity's own `useIncoming` and `merge` when this tab knows the class), a write's
// row stays over reads that landed while the write was in flight (races rule 5b), and an invalidated
// row comes back only with data fetched after the invalidation. Since every tab merges by these rules
// whatever the order relays arrive in, all end with the same rows.
import type { NormalizedEntities, NormalizedEntitiesMeta } from '../../schema/normalize';
import { jsonEqual } from '../../schema/jsonEqual';
import { createTable, getOwn, isPlainRecord } from '../../schema/own';
import type { EntityLikeSchema, EntityMeta, EntityRow } from '../../schema/types';
import { getRow, pksOf } from '../../store/tables';
import type { RestCacheState } from '../../store/state';

const NO_META: EntityMeta = { fetchedAt: 0, date: 0, expiresAt: 0 };

/** Finds the Entity class of an entity key in this tab (unknown until an endpoint holding it was used). */
export type EntityOf = (key: string) => EntityLikeSchema | undefined;

/** Rows with their meta, by entity key then pk. */
export interface Rows {
  /** Rows by entity key then pk (`null`: an invalidated row). */
  readonly entities: NormalizedEntities;
  /** Each row's meta (when it was fetched, received, expires), laid out as `entities`. */
  readonly entitiesMeta: NormalizedEntitiesMeta;
}

/** The default Entity rules, for a class this tab does not know: the later row wins, objects merge member by member. */
const defaultRules: Pick<EntityLikeSchema, 'merge' | 'useIncoming'> = {
  merge: (existing, incoming) => (isPlainRecord(existing) && isPlainRecord(incoming) ? { ...existing, ...incoming } : incoming),
  useIncoming: (existingMeta, incomingMeta) => existingMeta.fetchedAt <= incomingMeta.fetchedAt,
};

/**
 * Rule 5b whatever order the rows reach this tab in: a read that started after a write and was answered
 * before the write's answer (`date`) landed beneath that write in the tab that saw both, so it ranks just
 * below the write. A read answered after the write's answer keeps its own `fetchedAt`, as in one tab. (In
 * one tab the normalizer needs no `date` check: a read it meets when a write answers was answered before.)
 */
function beneath(read: EntityMeta, write: EntityMeta): boolean {
  return write.write === true && read.write !== true && read.fetchedAt >= write.fetchedAt && read.date <= write.date;
}

/** The rank of `meta` against `other`: one below `other` when it landed beneath that write. */
function ranked(meta: EntityMeta, other: EntityMeta): EntityMeta {
  return beneath(meta, other) ? { ...meta, fetchedAt: other.fetchedAt - 1 } : meta;
}

/**
 * The relayed `rows` merged with this tab's confirmed rows: the patch to
 * write (only rows and metas that change), as a response of this tab would
 * produce it.
 */
export function mergeRows(state: Pick<RestCacheState, 'entities' | 'entitiesMeta'>, rows: Rows, entityOf: EntityOf): Rows {
  const entities = createTable<Record<string, EntityRow>>();
  const entitiesMeta = createTable<Record<string, EntityMeta>>();
  const put = (key: string, pk: string, row: EntityRow | undefined, meta: EntityMeta | undefined) => {
    if (row !== undefined) (entities[key] ??= createTable<EntityRow>())[pk] = row;
    if (meta !== undefined) (entitiesMeta[key] ??= createTable<EntityMeta>())[pk] = meta;
  };
  for (const key of Object.keys(rows.entities)) {
    const rules = entityOf(key) ?? defaultRules;
    const table = rows.entities[key];
    for (const pk of Object.keys(table)) {
      const incoming = table[pk];
      const incomingMeta = getOwn(getOwn(rows.entitiesMeta, key), pk) ?? NO_META;
      const stored = getRow(state.entities, key, pk);
      const storedMeta = getRow(state.entitiesMeta, key, pk) ?? NO_META;
      if (stored === undefined) {
        put(key, pk, incoming, incomingMeta === NO_META ? undefined : incomingMeta);
      } else if (incoming === null || stored === null) {
        // An invalidation, or an invalidated row: the later one wins (data fetched after an invalidation brings the row back).
        if (ranked(storedMeta, incomingMeta).fetchedAt <= ranked(incomingMeta, storedMeta).fetchedAt) put(key, pk, incoming === stored ? undefined : incoming, incomingMeta);
      } else {
        const wins = rules.useIncoming(ranked(storedMeta, incomingMeta), ranked(incomingMeta, storedMeta), stored, incoming);
        const merged = (wins ? rules.merge(stored, incoming) : rules.merge(incoming, stored)) as EntityRow;
        put(key, pk, jsonEqual(merged, stored) ? undefined : merged, wins && !jsonEqual(incomingMeta, storedMeta) ? incomingMeta : undefined);
      }
    }
  }
  return { entities, entitiesMeta };
}

/**
 * The rows a payload touched (written, won or invalidated), each as this
 * tab's store holds it now, with its meta: what the tab relays, so another
 * tab merges the very row this one shows.
 */
export function storedRows(state: Pick<RestCacheState, 'entities' | 'entitiesMeta'>, touched: Rows): Rows {
  const entities = createTable<Record<string, EntityRow>>();
  const entitiesMeta = createTable<Record<string, EntityMeta>>();
  for (const tables of [touched.entities, touched.entitiesMeta]) {
    for (const key of Object.keys(tables)) {
      for (const pk of Object.keys(tables[key])) {
        const row = getRow(state.entities, key, pk);
        if (row === undefined) continue;
        (entities[key] ??= createTable<EntityRow>())[pk] = row;
        const meta = getRow(state.entitiesMeta, key, pk);
        if (meta !== undefined) (entitiesMeta[key] ??= createTable<EntityMeta>())[pk] = meta;
      }
    }
  }
  return { entities, entitiesMeta };
}

/** Every row of a state with its meta, flat (a bucketed table is read through its buckets). */
export function allRows(state: Pick<RestCacheState, 'entities' | 'entitiesMeta'>): Rows {
  const entities = createTable<Record<string, EntityRow>>();
  const entitiesMeta = createTable<Record<string, EntityMeta>>();
  for (const key of Object.keys(state.entities)) {
    for (const pk of pksOf(state.entities, key)) {
      const row = getRow(state.entities, key, pk);
      if (row === undefined) continue;
      (entities[key] ??= createTable<EntityRow>())[pk] = row;
      const meta = getRow(state.entitiesMeta, key, pk);
      if (meta !== undefined) (entitiesMeta[key] ??= createTable<EntityMeta>())[pk] = meta;
    }
  }
  return { entities, entitiesMeta };
}
