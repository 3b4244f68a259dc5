import { hasOwn, setOwn } from './own';

// The shallow copy of a row that the default `Entity.process` makes, spread over several code sites.
//
// V8 (measured in Node 20's) copies `{ ...row }` fast only at a code site that has seen at most four object shapes;
// from the fifth on, every copy at that site takes a generic path about five times slower. With one site for every entity, any app with more than four row shapes (three entity classes, one with
// an optional field, are enough) paid that on every row: a third of normalize's time on the 709-project fixture.
// A site per entity class keeps each site to the shapes of its class.
//
// Development freezes every stored row, and a spread copy does not freeze well: its shape is a clone V8 cannot
// hang a frozen variant on, so each row frozen got a shape of its own (2,109 shapes for 2,117 build types: 336
// bytes a row, and every read of the rows megamorphic). Development copies member by member instead, into shapes
// that are shared before and after freezing. Production freezes no row, so it keeps the faster spread.

type Copy = (row: object) => Record<string, unknown>;

// Written out rather than made by a factory: closures of one function literal share its feedback, so its one site.
const sites: readonly Copy[] = [
  (row) => ({ ...row }),
  (row) => ({ ...row }),
  (row) => ({ ...row }),
  (row) => ({ ...row }),
  (row) => ({ ...row }),
  (row) => ({ ...row }),
  (row) => ({ ...row }),
  (row) => ({ ...row }),
];

/**
 * A shallow copy of `row`'s own enumerable members that freezes into a shared shape (a spread copy does not,
 * see above); a member named `__proto__` stays a member, as in a spread. Symbol-keyed members are left out (a
 * row is JSON: the state could not keep them).
 */
export function copyMembers(row: object, into: Record<string, unknown> = {}): Record<string, unknown> {
  for (const key in row) if (hasOwn(row, key)) setOwn(into, key, (row as Record<string, unknown>)[key]);
  return into;
}

const siteOf = new WeakMap<object, Copy>();
let classesSeen = 0;

/** `{ ...row }`, made at the copy site of `entity` (classes past the last site share the sites in turn). */
export function copyRow(entity: object, row: object): Record<string, unknown> {
  if (process.env.NODE_ENV !== 'production') return copyMembers(row);
  let copy = siteOf.get(entity);
  if (copy === undefined) {
    copy = sites[classesSeen++ % sites.length];
    siteOf.set(entity, copy);
  }
  return copy(row);
}
