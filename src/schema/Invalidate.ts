import { type AbstractInstance, type Entity, isEntityClass, isUsablePk, primaryKeyOf } from './Entity';
import { describeKind, getOwn, isPlainRecord, quote } from './own';
import { isUnion, type PolymorphicReference } from './Polymorphic';
import type { Denormalize, DenormalizeVisitor, NormalizeVisitor, SchemaClass, SchemaType } from './types';
import type { Union } from './Union';

/** What an Invalidate of `E` denormalizes to: the instance, or for a Union one of its members. */
export type InvalidatedItem<E> = E extends typeof Entity
  ? AbstractInstance<E>
  : E extends Union<infer M>
    ? Denormalize<M[keyof M]>
    : never;

/**
 * Marks the entity named by the response (or by a pk) invalid: it leaves
 * collections and lists, and a result that requires it counts as missing.
 * `[new Invalidate(E)]` invalidates each item of a list; over a `schema.Union`
 * the member is chosen by the union's `schemaAttribute`.
 */
export class Invalidate<E extends typeof Entity | Union<any> = typeof Entity>
  implements SchemaClass, SchemaType<InvalidatedItem<E> | undefined>
{
  declare readonly __denormalized?: InvalidatedItem<E> | undefined;

  constructor(
    /** The Entity class (or Union of them) whose row is invalidated. */
    readonly entity: E,
  ) {
    if (!isEntityClass(entity) && !isUnion(entity)) {
      throw new TypeError('[rest-slice] `schema.Invalidate` takes an Entity class or a `schema.Union` of Entity classes');
    }
  }

  /** The entity's table (for a Union, its members' keys). */
  get key(): string {
    const entity = this.entity;
    if (!isUnion(entity)) return entity.key;
    return Object.values(entity.schema as Record<string, { key?: string }>)
      .map((member) => member.key)
      .join('|');
  }

  /** The Entity class `input` belongs to (for a Union, by its `schemaAttribute`), and the attribute. */
  private memberOf(input: unknown, parent: unknown, key: string | undefined): [typeof Entity | undefined, string | undefined] {
    const entity = this.entity;
    if (!isUnion(entity)) return [entity, undefined];
    const name = entity.attributeOf(input, parent, key);
    if (name === undefined) return [undefined, undefined];
    const member = getOwn(entity.schema as Record<string, unknown>, name);
    return [isEntityClass(member) ? member : undefined, name];
  }

  /** Schema protocol: called as `normalize` walks a response, returns what is stored in place of `input` (not called directly). */
  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    const [entity, attribute] = this.memberOf(input, parent, key);
    // As Data Client: a Union member that cannot be told (no attribute in the response or params) invalidates nothing.
    if (entity === undefined) return input;
    let pk: string;
    if (isPlainRecord(input)) {
      const processed = entity.process(input, parent, key, visitor.args);
      pk = primaryKeyOf(entity, processed, parent, key, visitor.args, input, `\`schema.Invalidate(${entity.key})\``);
    } else if (typeof input !== 'string' && typeof input !== 'number') {
      throw new TypeError(
        `[rest-slice] \`schema.Invalidate(${entity.key})\` expected an object or a pk, got ${describeKind(input)}: ${quote(input)}`,
      );
    } else if (isUsablePk(input)) {
      pk = String(input);
    } else {
      throw new TypeError(`[rest-slice] \`schema.Invalidate(${entity.key})\` found no usable primary key in ${quote(input)}`);
    }
    visitor.invalidate(entity, pk);
    if (attribute === undefined) return pk;
    const reference: PolymorphicReference = { id: pk, schema: attribute };
    return reference;
  }

  /** Schema protocol: called as `denormalize` walks a stored result, returns the value rebuilt from the rows (not called directly). */
  denormalize(pk: unknown, visitor: DenormalizeVisitor): unknown {
    return visitor.unvisit(this.entity, pk);
  }
}
