// Type tests of the schema layer's readers, checked by `tsc --noEmit` (never run by jest).
import { Entity, INVALID, denormalize, schema, type Denormalize } from 'rest-slice';
import { MemoCache } from '../../src/schema/MemoCache';

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
class Dog extends Entity {
  id = '';
  good = true;
  pk() {
    return this.id;
  }
  static override key = 'Dog';
}

const entities = { Cat: { c: { id: 'c', lives: 7 } } };
const one = denormalize(Cat, 'c', entities);
const list = denormalize([Cat], ['c'], entities);
const memoOne = new MemoCache().denormalize(Cat, 'c', entities);
const untyped = denormalize(JSON.parse('null') as unknown, 'c', entities);

export type Checks = [
  // The result follows the schema; missing data is `undefined`, invalidated data `INVALID`.
  Expect<Equal<typeof one, Cat | undefined | typeof INVALID>>,
  Expect<Equal<typeof list, Cat[] | undefined | typeof INVALID>>,
  Expect<Equal<typeof memoOne, Cat | undefined | typeof INVALID>>,
  // A schema whose type is not known gives `unknown`, never `any`.
  Expect<Equal<typeof untyped, unknown>>,
  // Values of a record of classes is a mapping chosen by the attribute; any other record is each value's structure.
  Expect<Equal<Denormalize<schema.Values<{ cat: typeof Cat; dog: typeof Dog }>>, Record<string, Cat | Dog>>>,
  Expect<Equal<Denormalize<schema.Values<{ cats: (typeof Cat)[] }>>, Record<string, { cats: Cat[] }>>>,
];

// Reading a member needs the value narrowed first.
if (one !== undefined && one !== INVALID) void one.lives;
// @ts-expect-error `one` may be undefined or INVALID
void one.lives;
