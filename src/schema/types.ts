/**
 * Types shared by every schema kind: the visitor contracts that normalize and
 * denormalize pass around, the store tables, and the type-level mapping from a
 * schema to the data it produces.
 */

/** Meta kept per entity row: when it was fetched, when the server dated it, when it expires. */
export interface EntityMeta {
  /** When the request that brought the row was started (ms, by the cache's clock); `useIncoming` compares it. */
  readonly fetchedAt: number;
  /** When the response holding the row was received (ms, by the cache's clock). */
  readonly date: number;
  /** When the row goes stale (ms): `date` plus the endpoint's `dataExpiryLength` (else the cache's). */
  readonly expiresAt: number;
  /** Set when an Invalidate schema (or `controller.invalidate`) marked the row invalid. */
  readonly invalidated?: boolean;
  /**
   * Set when a write brought the row (a mutation's response or optimistic
   * update); absent for reads. A write's data merges over a row a read brought
   * as if that row were older (races rule 5b); default absent.
   */
  readonly write?: true;
}

/** A row in an entity table: the entity's plain JSON, or `null` once it was invalidated. */
export type EntityRow = Record<string, unknown> | unknown[] | null;

/** Entity tables: entity `key`, then `pk`, then the row. Plain JSON. */
export type EntityTables = { readonly [key: string]: { readonly [pk: string]: EntityRow } | undefined };

/** Meta tables, shaped like {@link EntityTables}. */
export type EntityMetaTables = {
  readonly [key: string]: { readonly [pk: string]: EntityMeta } | undefined;
};

/** Looks one row up; `undefined` when the row is missing. */
export type GetEntity = (key: string, pk: string) => EntityRow | undefined;

/** What normalize hands to each schema's `normalize` so it can recurse and store rows. */
export interface NormalizeVisitor {
  /** Normalizes a nested value with a nested schema. */
  visit(schema: unknown, value: unknown, parent: unknown, key: string | undefined): unknown;
  /** Stores one entity row (merging with a row of the same key and pk). */
  addEntity(schema: EntityLikeSchema, row: Record<string, unknown>, pk: string): void;
  /** Marks one entity row invalid. */
  invalidate(schema: EntityLikeSchema, pk: string): void;
  /** Reads a row as it stands (rows written earlier in this call win over the store). */
  getEntity: GetEntity;
  /** Lists the pks stored under an entity key (the store's rows and this call's). */
  getPks(key: string): string[];
  readonly args: readonly unknown[];
}

/** What denormalize hands to each schema's `denormalize` so it can recurse. */
export interface DenormalizeVisitor {
  unvisit(schema: unknown, value: unknown): unknown;
  /** Denormalizes each item of a list with one schema; missing, `null` and invalidated items are dropped. */
  unvisitList(itemSchema: unknown, value: unknown): unknown;
  getEntity: GetEntity;
  readonly args: readonly unknown[];
}

/** A schema object with its own normalize / denormalize (every class in `schema.*`). */
export interface SchemaClass {
  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown;
  denormalize(input: unknown, visitor: DenormalizeVisitor): unknown;
}

/** An Entity class or a Collection: anything stored as a row under a `key`. */
export interface EntityLikeSchema {
  readonly key: string;
  merge(existing: unknown, incoming: unknown): unknown;
  useIncoming(existingMeta: EntityMeta, incomingMeta: EntityMeta, existing: unknown, incoming: unknown): boolean;
}

// ---------------------------------------------------------------------------
// Type-level: what a schema denormalizes to
// ---------------------------------------------------------------------------

type AnyConstructor = abstract new (...args: any[]) => any;

/** Marks a schema class with the type it denormalizes to. */
export interface SchemaType<T> {
  /** Phantom: never present at runtime. */
  readonly __denormalized?: T;
}

/**
 * The data a schema denormalizes to: Entity classes give their instances,
 * `[Entity]` an array, object literals map their members, a converter class
 * (`Date`) its instance and a function (`Temporal.Instant.from`) its return type.
 */
export type Denormalize<S> = S extends SchemaType<infer T>
  ? unknown extends T
    ? DenormalizeStructure<S>
    : T
  : DenormalizeStructure<S>;

type DenormalizeStructure<S> = S extends AnyConstructor
  ? InstanceType<S>
  : S extends (value: any) => infer R
    ? R
    : S extends readonly (infer I)[]
      ? Denormalize<I>[]
      : S extends string | number | boolean | bigint | symbol | null | undefined
        ? S extends string
          ? string
          : S extends number
            ? number
            : S extends boolean
              ? boolean
              : S
        : S extends object
          ? { [K in keyof S]: Denormalize<S[K]> }
          : S;

/** Like {@link Denormalize}, or `undefined` while the data is missing. */
export type DenormalizeNullable<S> = Denormalize<S> | undefined;

/** Any schema: an Entity class, a schema object, `[schema]`, or an object literal of schemas. */
export type Schema = SchemaClass | AnyConstructor | ((value: any) => unknown) | readonly Schema[] | { readonly [key: string]: unknown };
