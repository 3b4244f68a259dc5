// Hostile values a fuzzer finds over every schema kind: each is a `[rest-slice]` error naming
// the schema and quoting the data, with the original error as `cause`, and nothing is stored.
import { Entity, denormalize, normalize, schema, type EntityMeta } from 'rest-slice';
import { normalizeIntoStore } from '../../src/schema/normalize';
import { deepFreeze } from '../fixtures/deepFreeze';

/** A pk() written the usual way, which throws when the id has no `toString`. */
class User extends Entity {
  id: unknown = undefined;
  pk() {
    return (this.id as { toString(): string } | undefined)?.toString();
  }
  static override key = 'HostileUser';
}

/** A pk() that hands back another member as it is. */
class Tag extends Entity {
  slug: unknown = undefined;
  pk() {
    return this.slug as string;
  }
  static override key = 'HostileTag';
}

class Post extends Entity {
  id = 0;
  pk() {
    return this.id;
  }
  static override key = 'HostilePost';
}

/** The error `run` throws (the test fails when it returns). */
function thrownBy(run: () => unknown): Error & { cause?: unknown } {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

const noString = () => deepFreeze({ toString: null });
const meta: EntityMeta = { fetchedAt: 1, date: 1, expiresAt: 2 };

describe('hostile values', () => {
  it('schema.Invalidate of an entity whose pk() throws on the id: names the Invalidate and the data, keeps the cause', () => {
    const error = thrownBy(() => normalize(new schema.Invalidate(User), { id: noString() }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe(
      `[rest-slice] \`schema.Invalidate(HostileUser)\` has no usable primary key: pk() threw (${(error.cause as Error).message}) for {"id":{"toString":null}}`,
    );
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('schema.Invalidate of an entity keyed by another member, given a value with no string form', () => {
    const error = thrownBy(() => normalize(new schema.Invalidate(Tag), { slug: noString() }));
    expect(error.message).toBe(
      '[rest-slice] `schema.Invalidate(HostileTag)` has no usable primary key: pk() returned {"toString":null}, which has no string form, for {"slug":{"toString":null}}',
    );
    expect(error.cause).toBeInstanceOf(TypeError);
    // The same for the entity itself.
    expect(() => normalize(Tag, { slug: noString() })).toThrow(
      '[rest-slice] Entity `HostileTag` has no usable primary key: pk() returned {"toString":null}, which has no string form, for {"slug":{"toString":null}}',
    );
  });

  it.each([
    ['schema.Union', new schema.Union({ user: User, tag: Tag }, 'type'), { type: noString(), id: 1 }],
    ['schema.Values', new schema.Values({ user: User, tag: Tag }, 'type'), { a: { type: noString(), id: 1 } }],
    ['schema.Invalidate of a Union', new schema.Invalidate(new schema.Union({ user: User, tag: Tag }, 'type')), { type: noString(), id: 1 }],
  ])('a %s schemaAttribute value with no string form', (kind, fuzzed, input) => {
    const shownKind = kind === 'schema.Values' ? 'schema.Values' : 'schema.Union';
    const error = thrownBy(() => normalize(fuzzed, deepFreeze(input)));
    expect(error.message).toBe(
      `[rest-slice] \`${shownKind}\` of ["user","tag"]: \`type\` is {"toString":null}, which has no string form, in {"type":{"toString":null},"id":1}`,
    );
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it.each([
    ['schema.Union', (attribute: (value: unknown) => string) => new schema.Union({ user: User, tag: Tag }, attribute)],
    ['schema.Values', (attribute: (value: unknown) => string) => new schema.Values({ user: User, tag: Tag }, attribute)],
    ['schema.Array', (attribute: (value: unknown) => string) => new schema.Array({ user: User, tag: Tag }, attribute)],
  ])('a %s schemaAttribute function that throws is wrapped, naming the schema and the data', (kind, make) => {
    const boom = new Error('boom');
    const fuzzed = make(() => {
      throw boom;
    });
    const item = { id: 1 };
    const error = thrownBy(() => normalize(fuzzed, kind === 'schema.Union' ? item : kind === 'schema.Values' ? { a: item } : [item]));
    expect(error.message).toBe(`[rest-slice] \`${kind}\` of ["user","tag"]: its schemaAttribute function threw (boom) for {"id":1}`);
    expect(error.cause).toBe(boom);
  });

  it('a pk() returning [] has no usable key: nothing is stored under ""', () => {
    class Listed extends Entity {
      id = 0;
      pk() {
        return [] as unknown as string;
      }
      static override key = 'Listed';
    }
    expect(() => normalizeIntoStore([Listed], [{ id: 1 }], [], { entities: {}, entitiesMeta: {} }, meta)).toThrow(
      '[rest-slice] Entity `Listed` has no usable primary key: pk() returned [] for {"id":1}',
    );
  });

  it.each([true, false])('a Date member given %s is an error, not a 1970 date', (value) => {
    class Dated extends Post {
      createdAt = new Date(0);
      static override key = 'Dated';
      static override schema = { createdAt: Date };
    }
    const { result, entities } = normalize(Dated, { id: 1, createdAt: value });
    expect(() => denormalize(Dated, result, entities)).toThrow(
      new TypeError(`[rest-slice] a \`Date\` member needs a string or a number, got a boolean: ${value}`),
    );
  });
});
