// The `rest-slice` entry point. No React import anywhere below it.
export { Entity } from './schema/Entity';
export * as schema from './schema/schema';
export { Collection, CollectionAdder } from './schema/Collection';
export { Invalidate } from './schema/Invalidate';
export { Union } from './schema/Union';
export { Values } from './schema/Values';
export { ArraySchema } from './schema/Array';
export { ObjectSchema } from './schema/Object';
export { INVALID } from './schema/INVALID';
export { normalize, normalizeIntoStore } from './schema/normalize';
export { denormalize } from './schema/denormalize';
export { MemoCache } from './schema/MemoCache';

export type { AbstractInstance } from './schema/Entity';
export type { CollectionArgs, CollectionOptions, AddMode } from './schema/Collection';
export type { SchemaAttribute } from './schema/Polymorphic';
export type {
  NormalizeResult,
  NormalizedEntities,
  NormalizedEntitiesMeta,
  StoreNormalizeResult,
  StoreTables,
} from './schema/normalize';
export type {
  Denormalize,
  DenormalizeNullable,
  EntityMeta,
  EntityMetaTables,
  EntityRow,
  EntityTables,
  GetEntity,
  Schema,
} from './schema/types';
