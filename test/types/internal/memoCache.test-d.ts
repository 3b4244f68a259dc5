// Type tests of an internal reader (not exported), checked by `tsc --noEmit` with the project's compiler
// only: the check under other compilers (scripts/typecheck-range.mjs) reads the published declarations,
// where this module is not.
import { Entity } from 'rest-slice';
import { INVALID } from '../../../src/schema/INVALID';
import { MemoCache } from '../../../src/schema/MemoCache';

type Equal<X, Y> = (<T>() => T extends X ? 1 : 2) extends <T>() => T extends Y ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

class Cat extends Entity {
  id = '';
  lives = 9;
  pk() {
    return this.id;
  }
  static override key = 'Cat';
}

const entities = { Cat: { c: { id: 'c', lives: 7 } } };
const memoOne = new MemoCache().denormalize(Cat, 'c', entities);

export type Checks = [
  // As `denormalize`: the result follows the schema; missing data is `undefined`, invalidated data `INVALID`.
  Expect<Equal<typeof memoOne, Cat | undefined | typeof INVALID>>,
];
