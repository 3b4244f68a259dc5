// Fuzzing of normalize, denormalize and controller.setResponse over every
// schema kind with random JSON, both arbitrary (fc.jsonValue) and shaped to be
// almost what the schema expects (wrong types in the right places, missing or
// hostile pks, prototype names as keys). The only failure allowed is a clear
// `[rest-slice]` Error; the input is never mutated; no prototype is touched;
// a setResponse that fails leaves `state.entities` the very same object.
//
// Runs: PROPERTY_RUNS multiplies the default (250 inputs per schema kind and
// property); replay with PROPERTY_SEED and PROPERTY_PATH (see runs.ts).
import fc from 'fast-check';
import { Entity, RestEndpoint, denormalize, normalize, schema } from 'rest-slice';
import { deepFreeze } from '../fixtures/deepFreeze';
import { setup, slice } from '../store/helpers';
import { propertyParameters } from './runs';

class User extends Entity {
  id: unknown = undefined;
  name = '';
  pk() {
    return (this.id as { toString?: () => string } | undefined | null)?.toString?.();
  }
  static override key = 'FuzzUser';
}

/** A pk() that hands back whatever the id is (object, array, boolean...), as careless user code does. */
class Group extends Entity {
  id: unknown = undefined;
  label = '';
  pk() {
    return this.id as string;
  }
  static override key = 'FuzzGroup';
}

/** A pk() written the usual way, which throws on an id without a callable `toString`. */
class CarelessUser extends Entity {
  id: unknown = undefined;
  pk() {
    return (this.id as { toString(): string } | undefined | null)?.toString();
  }
  static override key = 'FuzzCareless';
}

/** A member read through a `Date` converter. */
class Stamp extends Entity {
  id: unknown = undefined;
  at = new Date(0);
  pk() {
    return this.id as string;
  }
  static override key = 'FuzzStamp';
  static override schema = { at: Date };
}

class Article extends Entity {
  id: unknown = undefined;
  title = '';
  author = User.fromJS();
  pk() {
    return (this.id as { toString?: () => string } | undefined | null)?.toString?.();
  }
  static override key = 'FuzzArticle';
  static override schema = { author: User, groups: [Group] };
}

/** The value with every -0 made 0. */
function roundTrip(value: unknown): unknown {
  return value === undefined ? value : JSON.parse(JSON.stringify(value), (_key, item: unknown) => (Object.is(item, -0) ? 0 : item));
}

const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', 'polluted'];

/** An object with exactly these own keys, `__proto__` included as an own data property. */
function ownObject(entries: readonly (readonly [string, unknown])[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
  return out;
}

const key = fc.oneof(fc.constantFrom(...HOSTILE_KEYS, 'id', 'name', 'type', 'author', 'groups'), fc.string({ maxLength: 4 }));
// Without -0: JSON.parse('-0') gives -0, which the plain-JSON checks of the suite count as a difference
// (reported to the store's owner); everything else fc.jsonValue makes is kept.
const junk = fc.jsonValue({ maxDepth: 3 }).map(roundTrip);
// Values with no string form (`String(value)` throws), as JSON can carry them.
const stringless = fc.constantFrom(ownObject([['toString', null]]), ownObject([['toString', null], ['valueOf', null]]));
const pkValue = fc.oneof(
  fc.nat({ max: 5 }),
  fc.constantFrom('1', '2', '', '__proto__', 'constructor', 'toString', null, true, false),
  fc.constant([]),
  stringless,
  junk,
);
/** An object whose listed members are usually of a plausible kind, plus stray and hostile members. */
function shaped(members: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const known = Object.entries(members).map(([name, value]) =>
    fc.option(value.map((v) => [name, v] as const), { nil: undefined, freq: 4 }),
  );
  return fc
    .tuple(fc.tuple(...known), fc.array(fc.tuple(key, junk), { maxLength: 3 }))
    .map(([own, extra]) => ownObject([...own.filter((entry) => entry !== undefined), ...extra] as [string, unknown][]));
}
const nearly = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: junk });
const list = <T>(item: fc.Arbitrary<T>) => fc.array(item, { maxLength: 4 });
const dictionary = <T>(value: fc.Arbitrary<T>) =>
  fc.array(fc.tuple(key, value), { maxLength: 4 }).map((entries) => ownObject(entries));

const user = nearly(shaped({ id: pkValue, name: fc.oneof(fc.string({ maxLength: 3 }), junk) }));
const group = nearly(shaped({ id: pkValue, label: junk }));
const article = nearly(shaped({ id: pkValue, title: junk, author: user, groups: nearly(list(group)) }));
const member = nearly(
  fc.oneof(
    shaped({ type: fc.constant('user'), id: pkValue, name: junk }),
    shaped({ type: fc.constant('group'), id: pkValue, label: junk }),
    shaped({ type: fc.oneof(fc.constantFrom('other', '__proto__', 'constructor'), stringless, junk), id: pkValue }),
  ),
);

interface Case {
  readonly name: string;
  readonly schema: unknown;
  readonly input: fc.Arbitrary<unknown>;
}

const CASES: Case[] = [
  { name: 'Entity', schema: User, input: user },
  { name: 'nested Entity', schema: Article, input: article },
  { name: '[Entity]', schema: [User], input: nearly(list(user)) },
  { name: 'schema.Array', schema: new schema.Array(Group), input: nearly(list(group)) },
  { name: 'schema.Object', schema: new schema.Object({ user: User, groups: [Group] }), input: nearly(shaped({ user, groups: nearly(list(group)) })) },
  { name: 'object literal', schema: { data: { article: Article }, next: '' }, input: nearly(shaped({ data: nearly(shaped({ article })), next: junk })) },
  { name: 'schema.Values', schema: new schema.Values(User), input: nearly(dictionary(user)) },
  { name: 'schema.Union', schema: new schema.Union({ user: User, group: Group }, 'type'), input: member },
  { name: '[schema.Union]', schema: [new schema.Union({ user: User, group: Group }, 'type')], input: nearly(list(member)) },
  { name: 'schema.Collection', schema: new schema.Collection([User]), input: nearly(list(user)) },
  { name: 'schema.Invalidate', schema: new schema.Invalidate(User), input: fc.oneof(user, pkValue) },
  { name: '[schema.Invalidate]', schema: [new schema.Invalidate(Group)], input: nearly(list(fc.oneof(group, pkValue))) },
  { name: 'schema.Invalidate of a careless pk()', schema: new schema.Invalidate(CarelessUser), input: fc.oneof(user, pkValue) },
  { name: 'schema.Invalidate of a Union', schema: new schema.Invalidate(new schema.Union({ user: User, group: Group }, 'type')), input: member },
  { name: 'mapped schema.Values', schema: new schema.Values({ user: User, group: Group }, 'type'), input: nearly(dictionary(member)) },
  {
    name: 'schema.Union with a careless schemaAttribute function',
    schema: new schema.Union({ user: CarelessUser, group: Group }, (value: { type: string }) => value.type.toLowerCase()),
    input: member,
  },
  { name: 'Entity with a Date member', schema: Stamp, input: nearly(shaped({ id: pkValue, at: fc.oneof(pkValue, fc.constant('2024-01-01')) })) },
];

const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');
const arrayPrototypeNames = () => Object.getOwnPropertyNames(Array.prototype).sort().join(',');

/** The only failure allowed: an Error that says it is ours. */
function expectClearError(error: unknown, what: string): void {
  if (!(error instanceof Error) || !error.message.startsWith('[rest-slice]')) {
    const shown = error instanceof Error ? `${error.name}: ${error.message}\n${error.stack}` : String(error);
    throw new Error(`${what} failed with an unclear error: ${shown}`);
  }
}

function expectUntouchedPrototypes(before: { object: string; array: string }): void {
  expect(prototypeNames()).toBe(before.object);
  expect(arrayPrototypeNames()).toBe(before.array);
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  expect(Object.prototype.toString.call({})).toBe('[object Object]');
}

describe.each(CASES)('$name', ({ name, schema: fuzzed, input }) => {
  it('normalize and denormalize fail only with clear errors, never mutate the input or touch a prototype', () => {
    const before = { object: prototypeNames(), array: arrayPrototypeNames() };
    fc.assert(
      fc.property(input, (value) => {
        const text = JSON.stringify(value);
        deepFreeze(value);
        let normalized: ReturnType<typeof normalize> | undefined;
        try {
          normalized = normalize(fuzzed, value);
        } catch (error) {
          expectClearError(error, `normalize(${name})`);
        }
        expect(JSON.stringify(value)).toBe(text);
        if (normalized !== undefined) {
          // What normalize produced is plain JSON and denormalizes without a stray error.
          expect(JSON.parse(JSON.stringify(normalized))).toEqual(normalized);
          try {
            denormalize(fuzzed, normalized.result, normalized.entities);
          } catch (error) {
            expectClearError(error, `denormalize(${name})`);
          }
        }
        expectUntouchedPrototypes(before);
      }),
      propertyParameters(250),
    );
  });

  it('denormalize of random results over random tables fails only with clear errors', () => {
    const before = { object: prototypeNames(), array: arrayPrototypeNames() };
    const table = dictionary(fc.oneof(fc.constant(null), user, group, article));
    const tables = fc
      .array(fc.tuple(fc.oneof(fc.constantFrom('FuzzUser', 'FuzzGroup', 'FuzzArticle', '[FuzzUser]'), key), table), { maxLength: 4 })
      .map((entries) => ownObject(entries));
    fc.assert(
      fc.property(fc.oneof(pkValue, junk), tables, (result, entities) => {
        const text = JSON.stringify([result, entities]);
        deepFreeze(result);
        deepFreeze(entities);
        try {
          denormalize(fuzzed, result, entities as never);
        } catch (error) {
          expectClearError(error, `denormalize(${name})`);
        }
        expect(JSON.stringify([result, entities])).toBe(text);
        expectUntouchedPrototypes(before);
      }),
      propertyParameters(250),
    );
  });

  it('controller.setResponse stores a response or fails leaving the entities the same object', async () => {
    const before = { object: prototypeNames(), array: arrayPrototypeNames() };
    const { cache, store, controller } = setup();
    const endpoint = new RestEndpoint({ urlPrefix: 'http://127.0.0.1:9', path: '/fuzz', schema: fuzzed as never, name: `fuzz ${name}` });
    await fc.assert(
      fc.asyncProperty(input, async (value) => {
        const text = JSON.stringify(value);
        deepFreeze(value);
        const entities = slice(cache, store).entities;
        let failed = false;
        try {
          await controller.setResponse(endpoint as RestEndpoint<any>, {}, value);
        } catch (error) {
          failed = true;
          expectClearError(error, `setResponse(${name})`);
        }
        expect(JSON.stringify(value)).toBe(text);
        if (failed) {
          expect(slice(cache, store).entities).toBe(entities);
          expect(controller.getError(endpoint, store.getState())).toBeInstanceOf(Error);
        } else {
          // The state stays plain JSON, and reading the response back does not throw.
          const state = slice(cache, store);
          expect(JSON.parse(JSON.stringify(state.entities))).toEqual(JSON.parse(JSON.stringify(state.entities)));
          try {
            controller.getResponse(endpoint, store.getState());
          } catch (error) {
            expectClearError(error, `getResponse(${name})`);
          }
        }
        expectUntouchedPrototypes(before);
      }),
      propertyParameters(150),
    );
  });
});
