import { quote } from './own';
import { inferEntity, type InferredEntity, type QueryReader } from './infer';
import { normalizeObject } from './objectMembers';
import type { Denormalize, DenormalizeVisitor, NormalizeVisitor, SchemaClass, SchemaType } from './types';

/** An object whose members have schemas; a plain object literal is shorthand for it. */
export class ObjectSchema<O extends Record<string, unknown> = Record<string, unknown>>
  implements SchemaClass, SchemaType<{ [K in keyof O]: Denormalize<O[K]> }>
{
  declare readonly __denormalized?: { [K in keyof O]: Denormalize<O[K]> };
  /** The schema of each member that holds entities (other members are kept as they are). */
  readonly schema: O;

  constructor(definition: O) {
    if (process.env.NODE_ENV !== 'production' && (typeof definition !== 'object' || definition === null || Array.isArray(definition))) {
      throw new TypeError(`[rest-slice] \`schema.Object\` takes an object of member schemas (\`{ author: User }\`), got ${quote(definition)}`);
    }
    this.schema = { ...definition };
  }

  /** @internal How error messages name this schema; tells it apart where code must not import this class. */
  get kindName(): 'schema.Object' {
    return 'schema.Object';
  }

  /** Adds or replaces members, e.g. for circular references. */
  define(definition: Partial<O> & Record<string, unknown>): this {
    Object.assign(this.schema, definition);
    return this;
  }

  /** Schema protocol: called as `normalize` walks a response, returns what is stored in place of `input` (not called directly). */
  normalize(input: unknown, parent: unknown, key: string | undefined, visitor: NormalizeVisitor): unknown {
    return normalizeObject(this.schema, input, visitor);
  }

  /** Schema protocol: called as `denormalize` walks a stored result, returns the value rebuilt from the rows (not called directly). */
  denormalize(input: unknown, visitor: DenormalizeVisitor): unknown {
    // Through the visitor, as an object literal schema is read: a walk of another kind of input (Immutable.js) reads it too.
    return visitor.unvisit(this.schema, input);
  }

  /** @internal Its result read from the cache by the args, as a plain object literal's is (Data Client's inference). */
  inferEntity(args: readonly unknown[], reader: QueryReader): InferredEntity | undefined {
    return inferEntity(this.schema, args, reader);
  }
}
