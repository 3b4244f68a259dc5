import { ArraySchema } from './Array';
import type { Entity } from './Entity';
import { isUnion, type PolymorphicReference } from './Polymorphic';
import type { QueryReader } from './infer';

/** Joins pks with a character no JSON key holds unescaped in practice, to compare lists cheaply. */
const SEPARATOR = '\u0000';

/**
 * Every stored entity of a type, as a list schema: `new schema.All(Todo)`, or
 * of several types with a `schemaAttribute`
 * (`new schema.All({ cat: Cat, dog: Dog }, 'type')`). Read through
 * `schema.Query`, `useQuery` or an endpoint, it lists every row of the table
 * (invalidated ones left out); missing while the table is empty. Normalizing
 * a list with it stores each item, like `[Todo]`.
 */
class AllSchema<S = typeof Entity> extends ArraySchema<S> {
  // The last list read, reused while the pks are the same, so memoized reads keep their identity.
  private lastSignature: string | undefined;
  private lastList: readonly unknown[] | undefined;

  /** @internal The normalized list of every stored row: pks, or references by attribute. `undefined` when there is none. */
  infer(args: readonly unknown[], reader: QueryReader): readonly unknown[] | undefined {
    const list: unknown[] = [];
    let signature = '';
    // Over a Union (`new schema.All(PetUnion)`), its members, as Data Client hoists them.
    const union = this.isSingle && isUnion(this.definition) ? this.definition : undefined;
    if (this.isSingle && union === undefined) {
      for (const pk of reader.getPks((this.definition as typeof Entity).key)) {
        list.push(pk);
        signature += pk + SEPARATOR;
      }
    } else {
      const mapping = (union === undefined ? this.definition : union.schema) as Record<string, typeof Entity>;
      for (const attribute of Object.keys(mapping)) {
        for (const pk of reader.getPks(mapping[attribute].key)) {
          const reference: PolymorphicReference = { id: pk, schema: attribute };
          list.push(reference);
          signature += attribute + SEPARATOR + pk + SEPARATOR;
        }
      }
    }
    if (list.length === 0) return undefined;
    if (signature === this.lastSignature && this.lastList !== undefined) return this.lastList;
    this.lastSignature = signature;
    this.lastList = list;
    return list;
  }
}

// Data Client's class name (`schema.All.name` is `AllSchema` there too); the public name is `All`.
export { AllSchema as All };
