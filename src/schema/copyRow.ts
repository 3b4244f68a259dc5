// The shallow copy of a row that the default `Entity.process` makes, spread over several code sites.
//
// V8 (measured in Node 20's) copies `{ ...row }` fast only at a code site that has seen at most four object shapes;
// from the fifth on, every copy at that site takes a generic path about five times slower. With one site for every entity, any app with more than four row shapes (three entity classes, one with
// an optional field, are enough) paid that on every row: a third of normalize's time on the 709-project fixture.
// A site per entity class keeps each site to the shapes of its class.

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

const siteOf = new WeakMap<object, Copy>();
let classesSeen = 0;

/** `{ ...row }`, made at the copy site of `entity` (classes past the last site share the sites in turn). */
export function copyRow(entity: object, row: object): Record<string, unknown> {
  let copy = siteOf.get(entity);
  if (copy === undefined) {
    copy = sites[classesSeen++ % sites.length];
    siteOf.set(entity, copy);
  }
  return copy(row);
}
