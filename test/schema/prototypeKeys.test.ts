// Names that an object inherits (`__proto__`, `constructor`, `toString`, ...) used as entity keys,
// pks, Values keys, member names and collection args: each is stored and read like any other
// string, and nothing reaches a prototype.
import { Entity, denormalize, normalize, schema, type EntityTables } from 'rest-slice';
import { MemoCache } from '../../src/schema/MemoCache';
import { normalizeIntoStore } from '../../src/schema/normalize';
import { present } from '../helpers/denormalized';

const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'] as const;

/** Own property names and descriptors of the objects a prototype-pollution would change. */
function prototypeSnapshot() {
  const describe = (target: object) =>
    Object.getOwnPropertyNames(target)
      .sort()
      .map((name) => [name, Object.getOwnPropertyDescriptor(target, name)?.value]);
  return { object: describe(Object.prototype), func: describe(Function.prototype), ctor: describe(Object) };
}
const original = prototypeSnapshot();

afterEach(() => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  expect(prototypeSnapshot()).toEqual(original);
});

/** An own data property, read without going through `__proto__`'s accessor. */
const own = (obj: object, key: string): unknown => Object.getOwnPropertyDescriptor(obj, key)?.value;

/** JSON as a server sends it: `JSON.parse` makes `__proto__` an own member. */
const json = (text: string): any => JSON.parse(text);

/** An entity stored under the table `key`, with a string pk `id`. */
function entityKeyed(key: string) {
  return class Thing extends Entity {
    id = '';
    value = 0;
    pk() {
      return this.id;
    }
    static override key = key;
  };
}

class Plain extends Entity {
  id = '';
  value = 0;
  pk() {
    return this.id;
  }
  static override key = 'Plain';
}

describe.each(NAMES)('the name %s', (name) => {
  it('as an entity key and pk: normalize stores it, denormalize (plain and memoized) reads it back', () => {
    const Thing = entityKeyed(name);
    const input = [json(`{"id": "${name}", "value": 1, "${name}": 5}`), { id: 'polluted', value: 2 }];
    const { result, entities } = normalize([Thing], input);
    expect(result).toEqual([name, 'polluted']);
    expect(Object.keys(entities)).toEqual([name]);
    const table = own(entities, name) as Record<string, unknown>;
    expect(Object.keys(table)).toEqual([name, 'polluted']);
    expect(own(table, name)).toEqual(json(`{"id": "${name}", "value": 1, "${name}": 5}`));
    expect(own(table, 'polluted')).toEqual({ id: 'polluted', value: 2 });

    for (const read of [present(denormalize([Thing], result, entities)), present(new MemoCache().denormalize([Thing], result, entities))]) {
      expect(read).toHaveLength(2);
      expect(read[0]).toBeInstanceOf(Thing);
      expect(read[0].id).toBe(name);
      expect(read[0].value).toBe(1);
      expect(own(read[0], name)).toBe(5);
      expect(read[1].id).toBe('polluted');
    }
    // One entity at the root takes the shortcut without a visitor.
    expect(present(denormalize(Thing, name, entities)).value).toBe(1);
    expect(present(new MemoCache().denormalize(Thing, name, entities)).value).toBe(1);
  });

  it('as an entity key: a row that is not stored is missing, not an inherited member', () => {
    const Thing = entityKeyed(name);
    // Tables written by hand as plain objects inherit every one of these names.
    const plainTables: EntityTables = {};
    expect(denormalize(Thing, name, plainTables)).toBeUndefined();
    expect(denormalize([Thing], [name], plainTables)).toEqual([]);
    expect(new MemoCache().denormalize([Thing], [name], plainTables)).toEqual([]);
    expect(denormalize([Plain], [name], { Plain: {} })).toEqual([]);
  });

  it('as an entity key: normalizeIntoStore merges into stored rows of that key', () => {
    const Thing = entityKeyed(name);
    const stored = normalize([Thing], [{ id: name, value: 1 }, { id: 'other', value: 2 }]);
    const meta = { fetchedAt: 1, date: 1, expiresAt: 10 };
    const entitiesMeta = { [name]: { [name]: meta, other: meta } };
    Object.defineProperty(entitiesMeta, name, { value: { [name]: meta, other: meta }, enumerable: true });
    const patch = normalizeIntoStore(Thing, json(`{"id": "${name}", "value": 3}`), [], { entities: stored.entities, entitiesMeta }, { fetchedAt: 2, date: 2, expiresAt: 20 });
    expect(patch.result).toBe(name);
    expect(Object.keys(patch.entities)).toEqual([name]);
    expect(own(own(patch.entities, name) as object, name)).toEqual({ id: name, value: 3 });
    expect(Object.keys(own(patch.entitiesMeta, name) as object)).toEqual([name]);

    // Plain (inheriting) store tables with nothing stored: the entity is new.
    const fresh = normalizeIntoStore(Thing, { id: name, value: 4 }, [], { entities: {}, entitiesMeta: {} }, meta);
    expect(own(own(fresh.entities, name) as object, name)).toEqual({ id: name, value: 4 });
  });

  it('as a pk of an ordinary entity', () => {
    const { result, entities } = normalize(Plain, { id: name, value: 7 });
    expect(result).toBe(name);
    expect(Object.keys(entities.Plain)).toEqual([name]);
    expect(denormalize(Plain, name, entities)).toEqual(Plain.fromJS({ id: name, value: 7 }));
    expect(present(new MemoCache().denormalize([Plain], [name], entities))[0].value).toBe(7);
  });

  it('as a Values key', () => {
    const values = new schema.Values(Plain);
    const input = json(`{"${name}": {"id": "a", "value": 1}, "b": {"id": "${name}", "value": 2}}`);
    const { result, entities } = normalize(values, input);
    expect(Object.keys(result as object)).toEqual([name, 'b']);
    expect(own(result as object, name)).toBe('a');
    expect(Object.keys(entities.Plain)).toEqual(['a', name]);
    for (const read of [present(denormalize(values, result, entities)), present(new MemoCache().denormalize(values, result, entities))]) {
      expect(Object.keys(read)).toEqual([name, 'b']);
      expect((own(read, name) as Plain).value).toBe(1);
      expect(read.b.id).toBe(name);
      expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
    }
    // A Values of plain (schema-less) values keeps the key too.
    const plainValues = new schema.Values(Date);
    const dates = normalize(plainValues, json(`{"${name}": "2020-01-01T00:00:00.000Z"}`));
    expect(own(present(denormalize(plainValues, dates.result, dates.entities)), name)).toEqual(new Date('2020-01-01T00:00:00.000Z'));
  });

  it('as a member of an object schema', () => {
    const definition = Object.defineProperty({}, name, { value: Plain, enumerable: true }) as Record<string, unknown>;
    const input = json(`{"${name}": {"id": "a", "value": 1}, "other": 2}`);
    const { result, entities } = normalize(definition, input);
    expect(Object.keys(result as object)).toEqual([name, 'other']);
    expect(own(result as object, name)).toBe('a');
    expect(entities.Plain.a).toEqual({ id: 'a', value: 1 });
    const read = present(denormalize(definition, result, entities));
    expect((own(read, name) as Plain).value).toBe(1);
    expect(read.other).toBe(2);
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype);

    // Absent from the response: nothing is normalized or read from the inherited member.
    expect(normalize(definition, { other: 3 }).result).toEqual({ other: 3 });
    expect(denormalize(definition, { other: 3 }, entities)).toEqual({ other: 3 });
  });

  it('as a nested member of an entity', () => {
    class Owner extends Entity {
      id = '';
      pk() {
        return this.id;
      }
      static override key = 'Owner';
      static override schema = Object.defineProperty({}, name, { value: Plain, enumerable: true }) as Record<string, unknown>;
    }
    const input = json(`{"id": "o", "${name}": {"id": "p", "value": 9}}`);
    const { result, entities } = normalize(Owner, input);
    expect(result).toBe('o');
    expect(own(entities.Owner.o as object, name)).toBe('p');
    expect(entities.Plain.p).toEqual({ id: 'p', value: 9 });
    for (const read of [present(denormalize(Owner, 'o', entities)), present(new MemoCache().denormalize(Owner, 'o', entities))]) {
      expect(read).toBeInstanceOf(Owner);
      expect(own(read, name)).toBeInstanceOf(Plain);
      expect((own(read, name) as Plain).value).toBe(9);
    }
    // Absent: `undefined`, like any absent member, instead of what the instance inherits.
    const bare = normalize(Owner, { id: 'q' });
    expect(bare.entities.Owner.q).toEqual({ id: 'q' });
    for (const read of [present(denormalize(Owner, 'q', bare.entities)), present(new MemoCache().denormalize(Owner, 'q', bare.entities))]) {
      expect(read).toBeInstanceOf(Owner);
      expect(read.id).toBe('q');
      expect(own(read, name)).toBeUndefined();
    }
  });

  it('as a collection arg: stored under its own pk and found again by push', () => {
    const Things = new schema.Collection([Plain]);
    const args = [json(`{"${name}": "x"}`)];
    const list = normalize(Things, [{ id: 'a', value: 1 }], args);
    expect(list.result).toBe(`{"${name}":"x"}`);
    const added = normalizeIntoStore(Things.push, { id: 'b', value: 2 }, args, { entities: list.entities, entitiesMeta: {} }, { fetchedAt: 2, date: 2, expiresAt: 3 });
    expect(own(added.entities[Things.key] as object, `{"${name}":"x"}`)).toEqual(['a', 'b']);
    // Args without that member do not match (the inherited member is not read).
    const other = normalizeIntoStore(Things.push, { id: 'c', value: 3 }, [{}], { entities: list.entities, entitiesMeta: {} }, { fetchedAt: 2, date: 2, expiresAt: 3 });
    expect(other.entities[Things.key]).toBeUndefined();
    const merged = { ...list.entities, [Things.key]: added.entities[Things.key], Plain: { ...list.entities.Plain, ...added.entities.Plain } };
    expect(present(denormalize(Things, list.result, merged)).map((item: Plain) => item.id)).toEqual(['a', 'b']);
  });

  it('as a Union attribute value', () => {
    const union = new schema.Union(Object.defineProperty({}, name, { value: Plain, enumerable: true }) as Record<string, typeof Plain>, 'type');
    const { result, entities } = normalize(union, { id: 'u', value: 1, type: name });
    expect(result).toEqual({ id: 'u', schema: name });
    expect(present(denormalize(union, result, entities)).value).toBe(1);
    // An object whose attribute is missing is not matched by an inherited member.
    const unmatched = normalize(new schema.Union({ Plain }, name), { id: 'v' });
    expect(unmatched.entities).toEqual({});
  });
});
