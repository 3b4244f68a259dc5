import { arrayItemSchema, normalizeArray } from './Array';
import { describeSchema } from './describeSchema';
import { Entity } from './Entity';
import { jsonEqual } from './jsonEqual';
import { plainJson } from './jsonForm';
import { MAX_JSON_DEPTH, MAX_SCHEMA_DEPTH, formatPath, pathTooDeep } from './limits';
import { normalizeObject } from './objectMembers';
import { createTable, hasOwn, quote, tableOf } from './own';
import type { NormalizedEntities, NormalizedEntitiesMeta, StoreReader } from './normalize';
import type { EntityLikeSchema, EntityMeta, EntityRow, NormalizeVisitor } from './types';

const NO_META: EntityMeta = { fetchedAt: 0, date: 0, expiresAt: 0 };

/**
 * Whether the default merge (a spread) of `incoming` with `stored` gives `stored`'s data: every member of
 * `incoming` is in `stored`, with the same value when `incoming` wins.
 */
function addsNothing(incoming: Record<string, unknown>, stored: object, incomingWins: boolean): boolean {
  for (const key in incoming) {
    if (!hasOwn(incoming, key)) continue;
    if (!hasOwn(stored, key)) return false;
    if (incomingWins && !jsonEqual(incoming[key], (stored as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/**
 * The visitor one normalize call walks its input with: it collects entity
 * rows into tables and, with a store, merges each with its stored row
 * (`useIncoming`, then `merge`), keeping only the rows that change.
 */
export class Normalizer implements NormalizeVisitor {
  // Keyed by entity keys and pks, which are user strings: no prototype, so `__proto__` or `constructor` is a plain key.
  readonly entities: NormalizedEntities = createTable();
  readonly entitiesMeta: NormalizedEntitiesMeta = createTable();
  /** Keys of the entity tables a row was taken back from (it kept its stored identity): only these can end up empty. */
  readonly pruned = new Set<string>();
  /** With a store: the copies of each entity seen in this call, combined, before the store merge. */
  readonly incoming: Record<string, Record<string, Record<string, unknown>>> = createTable();
  /**
   * With a store: keys of the tables where this input's own reading of a row differs from the row the store
   * keeps after it (stored data that is newer kept its place, or a row was invalidated). In the other tables
   * the input reads exactly what the store will hold.
   */
  readonly ownDiffers = new Set<string>();
  /** With a store: how many rows of each key this call added where the store held none (a hint: see rowCounts.ts). */
  readonly added = new Map<string, number>();

  /** How many schema levels deep the current `visit` is (see `MAX_SCHEMA_DEPTH`). */
  private depth = 0;
  constructor(
    readonly args: readonly unknown[],
    private readonly store?: StoreReader,
    private readonly meta: EntityMeta = NO_META,
  ) {}

  visit(schema: unknown, value: unknown, parent: unknown, key: string | undefined): unknown {
    if (value === undefined || value === null || schema === undefined || schema === null) return value;
    const type = typeof schema;
    if (type !== 'function' && type !== 'object') return value;
    // Lists are told first: asking an array for `normalize` walks Array.prototype, and one more shape
    // at that lookup turns it megamorphic for every schema.
    const isList = Array.isArray(schema);
    const normalize = isList ? undefined : (schema as { normalize?: unknown }).normalize;
    // A converter such as `Date`: the store keeps the JSON value.
    if (type === 'function' && typeof normalize !== 'function') return value;
    // A counter rather than a walk, so checking the depth costs almost nothing.
    if (++this.depth > MAX_SCHEMA_DEPTH) throw schemaTooDeep(schema, key);
    const output = isList
      ? normalizeArray(arrayItemSchema(schema), value, parent, key, this)
      : typeof normalize === 'function'
        ? (normalize as NormalizeFn).call(schema, value, parent, key, this)
        : normalizeObject(schema as Record<string, unknown>, value, this);
    this.depth--;
    return output;
  }

  private setMeta(key: string, pk: string, meta: EntityMeta): void {
    tableOf(this.entitiesMeta, key)[pk] = meta;
  }

  /**
   * The stored meta as the merge sees it. Reads never outrank a write in
   * flight (races rule 5b): when a write's data meets a row a read
   * brought, that row counts as fetched before the write. A read that landed
   * before the write was triggered is older anyway; one that landed during
   * the write's flight lands beneath it. Every other pair keeps its own
   * `fetchedAt`, and an Entity's own `useIncoming` still has the last word.
   */
  private asStored(storedMeta: EntityMeta): EntityMeta {
    const incoming = this.meta;
    if (incoming.write !== true || storedMeta.write === true || storedMeta.fetchedAt < incoming.fetchedAt) return storedMeta;
    return { ...storedMeta, fetchedAt: incoming.fetchedAt - 1 };
  }

  addEntity(schema: EntityLikeSchema, row: Record<string, unknown>, pk: string): void {
    const key = schema.key;
    // Rows are walked for `MAX_JSON_DEPTH` in development only: the walk costs a quarter of normalize's time,
    // and what deep state breaks (Redux Toolkit's serializable and immutable checks, the reducer's freezing)
    // runs in development only. The literal check lets minifiers drop the walk from production bundles.
    if (process.env.NODE_ENV !== 'production') {
      const tooDeep = pathTooDeep(row, MAX_JSON_DEPTH);
      if (tooDeep !== undefined) {
        throw new TypeError(
          `[rest-slice] the row of \`${key}\` with pk ${quote(pk)} nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels (\`MAX_JSON_DEPTH\`) at \`${formatPath(tooDeep)}\`; ` +
            "state this deep breaks Redux Toolkit's dev checks and DevTools. Flatten that member, or drop it in `static process()`.",
        );
      }
    }
    const store = this.store;
    // The store keeps plain JSON: a row an Entity's own `process` made (a `Date` member) is kept in its JSON form.
    if (store !== undefined && (schema as Partial<typeof Entity>).process !== undefined && (schema as typeof Entity).process !== Entity.process) {
      row = plainJson(row, true) as Record<string, unknown>;
    }
    const table = tableOf(this.entities, key);
    const written = table[pk];
    const stored = store?.getEntity(key, pk);
    if (store === undefined || stored === undefined || written === null) {
      // No stored row, or invalidated earlier in this call: the copies of this call are all there is, so
      // they are combined where they are written (no stored row can change during the call).
      table[pk] = written === undefined || written === null ? row : (schema.merge(written, row) as EntityRow);
      if (store !== undefined) {
        this.setMeta(key, pk, this.meta);
        if (written === undefined) this.added.set(key, (this.added.get(key) ?? 0) + 1);
      }
      return;
    }
    // The same entity twice in one response: combine the copies first, then
    // merge the combination with the stored row, so that a second copy cannot
    // overwrite stored data that `useIncoming` protected from the first.
    const incomingTable = tableOf(this.incoming, key);
    const earlier = incomingTable[pk];
    const incoming = earlier === undefined ? row : (schema.merge(earlier, row) as Record<string, unknown>);
    incomingTable[pk] = incoming;
    const storedMeta = this.asStored(store.getMeta(key, pk) ?? NO_META);
    if (stored === null) {
      // Invalidated: only data fetched after the invalidation brings it back.
      if (storedMeta.fetchedAt <= this.meta.fetchedAt) {
        table[pk] = incoming;
        this.setMeta(key, pk, this.meta);
      } else {
        delete table[pk];
        this.pruned.add(key);
        this.ownDiffers.add(key);
      }
      return;
    }
    const incomingWins = schema.useIncoming(storedMeta, this.meta, stored, incoming);
    if (schema.merge === Entity.merge && addsNothing(incoming, stored, incomingWins)) {
      // The default merge of data the stored row already holds (a refetch): nothing to build or write.
      if (incomingWins) this.setMeta(key, pk, this.meta);
      else this.ownDiffers.add(key);
      delete table[pk];
      this.pruned.add(key);
      return;
    }
    const merged = (incomingWins ? schema.merge(stored, incoming) : schema.merge(incoming, stored)) as NonNullable<EntityRow>;
    if (incomingWins) this.setMeta(key, pk, this.meta);
    // Unchanged data keeps its identity, so memoized reads of it stay valid (nested members compared by value:
    // a refetch brings new objects for the same data).
    if (jsonEqual(merged, stored)) {
      delete table[pk];
      this.pruned.add(key);
      if (!incomingWins) this.ownDiffers.add(key);
    } else {
      table[pk] = merged;
      // Older data that filled fields the stored row lacked: the stored row is not this input's own reading.
      if (!incomingWins) this.ownDiffers.add(key);
    }
  }

  invalidate(schema: EntityLikeSchema, pk: string): void {
    const key = schema.key;
    const store = this.store;
    if (store !== undefined) {
      const storedMeta = store.getMeta(key, pk);
      if (storedMeta !== undefined && this.asStored(storedMeta).fetchedAt > this.meta.fetchedAt) return;
      this.setMeta(key, pk, { ...this.meta, invalidated: true });
      this.ownDiffers.add(key);
    }
    tableOf(this.entities, key)[pk] = null;
  }

  getEntity = (key: string, pk: string): EntityRow | undefined => {
    const written = this.entities[key];
    if (written !== undefined && pk in written) return written[pk];
    return this.store === undefined ? undefined : this.store.getEntity(key, pk);
  };

  getPks(key: string): string[] {
    const pks = new Set<string>();
    if (this.store !== undefined) for (const pk of this.store.getPks(key)) pks.add(pk);
    const written = this.entities[key];
    if (written !== undefined) for (const pk of Object.keys(written)) pks.add(pk);
    return [...pks];
  }
}

type NormalizeFn = (input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor) => unknown;

function schemaTooDeep(schema: unknown, key: string | undefined): TypeError {
  const where = key === undefined ? '' : ` at member \`${key}\``;
  return new TypeError(
    `[rest-slice] the input nests schema \`${describeSchema(schema)}\`${where} deeper than ${MAX_SCHEMA_DEPTH} schema levels (\`MAX_SCHEMA_DEPTH\`); ` +
      'data this deep could not be read back. Have the server send deep references as pks instead of nested objects.',
  );
}
