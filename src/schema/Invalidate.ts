import { type AbstractInstance, type Entity, isEntityClass } from './Entity';
import { describeKind, quote } from './own';
import type { DenormalizeVisitor, NormalizeVisitor, SchemaClass, SchemaType } from './types';

/**
 * Marks the entity named by the response (or by a pk) invalid: it leaves
 * collections and lists, and a result that requires it counts as missing.
 * `[new Invalidate(E)]` invalidates each item of a list.
 */
export class Invalidate<E extends typeof Entity = typeof Entity> implements SchemaClass, SchemaType<AbstractInstance<E> | undefined> {
  declare readonly __denormalized?: AbstractInstance<E> | undefined;

  constructor(readonly entity: E) {
    if (!isEntityClass(entity)) {
      throw new TypeError('[rest-slice] `schema.Invalidate` takes an Entity class');
    }
  }

  get key(): string {
    return this.entity.key;
  }

  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    let id: unknown = input;
    if (typeof input === 'object' && input !== null && !Array.isArray(input)) {
      const processed = this.entity.process(input, parent, key, visitor.args);
      id = this.entity.pk(processed, parent, key, visitor.args);
    } else if (typeof input !== 'string' && typeof input !== 'number') {
      throw new TypeError(
        `[rest-slice] \`schema.Invalidate(${this.entity.key})\` expected an object or a pk, got ${describeKind(input)}: ${quote(input)}`,
      );
    }
    if (id === undefined || id === null || id === '' || (typeof id === 'number' && Number.isNaN(id))) {
      throw new TypeError(
        `[rest-slice] \`schema.Invalidate(${this.entity.key})\` found no usable primary key in ${quote(input)}`,
      );
    }
    const pk = String(id);
    visitor.invalidate(this.entity, pk);
    return pk;
  }

  denormalize(pk: unknown, visitor: DenormalizeVisitor): unknown {
    return visitor.unvisit(this.entity, pk);
  }
}
