import { arrayItemSchema } from './Array';
import { Denormalizer, unvisitRoot } from './denormalize';
import { isEntityClass } from './Entity';
import { INVALID } from './INVALID';
import { getOwnRow } from './own';
import { Polymorphic } from './Polymorphic';
import type { EntityRow, GetEntity } from './types';

/**
 * Immutable.js tables and results, which Data Client's normalizr reads (a
 * store kept with `fromJS`): `denormalize` walks them as it walks plain ones,
 * and gives back what Data Client gives. An entity comes back as an instance
 * of its class (its row read member by member); an object or list of the
 * input stays an Immutable `Map` or `List`, with its members denormalized
 * (`Map.set`, `List.map`). Only the public `denormalize` comes here: the
 * store's own reads never see Immutable data, and an app that does not call
 * it does not ship this.
 *
 * Told by Immutable's own marks (v3 to v5), not by a `toJS` member: an
 * entity or a value of the app's may well have one.
 */
interface ImmutableCollection {
  get(key: string): unknown;
  set(key: string, value: unknown): ImmutableCollection;
  map(project: (value: unknown) => unknown): ImmutableCollection;
  filter(keep: (value: unknown) => boolean): ImmutableCollection;
  toObject(): Record<string, unknown>;
  toArray(): unknown[];
  clear(): ImmutableCollection;
  concat(values: readonly unknown[]): ImmutableCollection;
}

/** True for an Immutable `List` (or another indexed collection). */
function isIndexed(value: ImmutableCollection): boolean {
  return (value as unknown as Record<string, unknown>)['@@__IMMUTABLE_INDEXED__@@'] === true;
}

/** True for an Immutable.js collection or Record. */
export function isImmutable(value: unknown): value is ImmutableCollection {
  return (
    typeof value === 'object' &&
    value !== null &&
    ((value as Record<string, unknown>)['@@__IMMUTABLE_ITERABLE__@@'] === true || (value as Record<string, unknown>)['@@__IMMUTABLE_RECORD__@@'] === true)
  );
}

// Each Immutable row's members as a plain object, made once: an Immutable update shares the rows it did not change.
const plainRows = new WeakMap<object, EntityRow>();

function member(container: unknown, key: string): unknown {
  if (container === undefined || container === null) return undefined;
  return isImmutable(container) ? container.get(key) : getOwnRow(container as Record<string, unknown>, key);
}

/** Rows by entity key and pk, from Immutable tables (or plain tables of Immutable rows). */
function lookup(entities: unknown): GetEntity {
  return (key, pk) => {
    const row = member(member(entities, key), pk);
    // A deleted row: `null`, or Data Client's `INVALID`.
    if (row === INVALID || row === null) return null;
    if (!isImmutable(row)) return row as EntityRow | undefined;
    let plain = plainRows.get(row);
    if (plain === undefined) {
      plain = row.toObject();
      plainRows.set(row, plain);
    }
    return plain;
  };
}

type Walker = new (getEntity: GetEntity, args: readonly unknown[]) => Denormalizer;
let ImmutableDenormalizer: Walker | undefined;

/** The walk that keeps Immutable containers (made on first use: this module and denormalize.ts import each other). */
function walker(): Walker {
  return (ImmutableDenormalizer ??= class extends Denormalizer {
    override unvisit(schema: unknown, value: unknown): unknown {
      if (!isImmutable(value) || schema === undefined || schema === null) return super.unvisit(schema, value);
      if (Array.isArray(schema)) return this.unvisitList(arrayItemSchema(schema), value);
      // An entity written inline: its members as a plain row.
      if (isEntityClass(schema)) return super.unvisit(schema, value.toObject());
      if (schema instanceof Polymorphic && schema.schemaAttribute !== undefined) {
        // A Union or a list of several schemas reads its references (`{ id, schema }`) member by member:
        // a Map's members, a List's items. A List given comes back a List, as Data Client gives it.
        if (!isIndexed(value)) {
          // A reference whose schema the Union does not know comes back as it was given, as Data Client's does.
          const plain = value.toObject();
          const out = super.unvisit(schema, plain);
          return out === plain ? value : out;
        }
        const out = super.unvisit(schema, value.toArray().map((item) => (isImmutable(item) ? item.toObject() : item)));
        return Array.isArray(out) ? value.clear().concat(out) : out;
      }
      if (typeof schema !== 'object' || typeof (schema as { denormalize?: unknown }).denormalize === 'function') return super.unvisit(schema, value);
      // An object literal schema: the Map keeps its other members; an invalidated member invalidates it.
      let output = value;
      for (const name of Object.keys(schema)) {
        const inner = value.get(name);
        if (inner === undefined) continue;
        const item = this.unvisit((schema as Record<string, unknown>)[name], inner);
        if (item === INVALID) return INVALID;
        output = output.set(name, item);
      }
      return output;
    }

    override unvisitList(itemSchema: unknown, value: unknown): unknown {
      if (!isImmutable(value)) return super.unvisitList(itemSchema, value);
      // Missing and invalidated items are left out, as from a plain list.
      return value.map((item) => this.unvisit(itemSchema, item)).filter((item) => item !== undefined && item !== null && item !== INVALID);
    }
  });
}

/** `denormalize` over Immutable tables or an Immutable result (see above). */
export function denormalizeImmutable(schema: unknown, result: unknown, entities: unknown, args: readonly unknown[]): unknown {
  if (result === undefined || schema === undefined || schema === null) return result;
  return unvisitRoot(new (walker())(lookup(entities), args), schema, result);
}
