// Type tests of the schema layer's readers, checked by `tsc --noEmit` (never run by jest).
import { Entity, INVALID, denormalize, schema, type Denormalize } from 'rest-slice';

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
const untyped = denormalize(JSON.parse('null') as unknown, 'c', entities);
// A function attribute needs no annotations (Data Client's docs write it so).
const byShape = new schema.Array({ cat: Cat, dog: Dog }, (value, parent, key) => (value.lives || key === 'cat' ? 'cat' : 'dog'));
const mapByShape = new schema.Values({ cat: Cat, dog: Dog }, (value) => (value.lives ? 'cat' : 'dog'));
const byName = new schema.Array({ cat: Cat, dog: Dog }, 'type');
const everyCat = new schema.All(Cat);

export type Checks = [
  // The result follows the schema; missing data is `undefined`, invalidated data `INVALID`.
  Expect<Equal<typeof one, Cat | undefined | typeof INVALID>>,
  Expect<Equal<typeof list, Cat[] | undefined | typeof INVALID>>,
  // A schema whose type is not known gives `unknown`, never `any`.
  Expect<Equal<typeof untyped, unknown>>,
  // Values of a record of classes is a mapping chosen by the attribute; any other record is each value's structure.
  Expect<Equal<Denormalize<schema.Values<{ cat: typeof Cat; dog: typeof Dog }>>, Record<string, Cat | Dog>>>,
  Expect<Equal<Denormalize<schema.Values<{ cats: (typeof Cat)[] }>>, Record<string, { cats: Cat[] }>>>,
  Expect<Equal<Denormalize<typeof mapByShape>, Record<string, Cat | Dog>>>,
  // Lists the same way: one schema, or any schema of the mapping.
  Expect<Equal<Denormalize<schema.Array<typeof Cat>>, Cat[]>>,
  Expect<Equal<Denormalize<typeof byShape>, (Cat | Dog)[]>>,
  Expect<Equal<Denormalize<typeof byName>, (Cat | Dog)[]>>,
  Expect<Equal<Denormalize<typeof everyCat>, Cat[]>>,
];

// Reading a member needs the value narrowed first.
if (one !== undefined && one !== INVALID) void one.lives;
// @ts-expect-error `one` may be undefined or INVALID
void one.lives;

// `fromJS` takes the class's own fields (Data Client's `Partial<instance>`): a wrong type or a misspelt field is an error.
class Profile extends Entity {
  id = 0;
  handle = '';
  pk() {
    return String(this.id);
  }
  static override key = 'TypedProfile';
}
export const built: Profile = Profile.fromJS({ id: 1, handle: 'ada' });
export const empty: Profile = Profile.fromJS();
// @ts-expect-error id is a number
Profile.fromJS({ id: 'one' });
// @ts-expect-error no such field
Profile.fromJS({ handel: 'ada' });

// Callbacks written with Data Client's `key: string`.
export const byMember = new schema.Union({ cats: Cat, dogs: Dog }, (value: { kind: string }, parent: unknown, key: string) => `${key}:${value.kind}`);
export const nested = new schema.Collection([Dog], { nestKey: (parent: { id: string }, key: string) => ({ ownerId: parent.id, member: key }) });

// A Query's process written with annotated parameters: the schema, not the annotation, decides.
class Article extends Entity {
  id = 0;
  title = '';
  pk() {
    return String(this.id);
  }
  static override key = 'QueryArticle';
}
export const counted = new schema.Query([Article], (articles: Article[]) => articles.length);
export type CountedIsANumber = Expect<Equal<Denormalize<typeof counted>, number>>;
