// A schema, resource or cache built from a bad definition fails at once in development, naming the
// kind and what it got, instead of passing data through unnormalized or failing later with an error
// that names nothing.
import { createRestCache, createResource, RestEndpoint, schema } from 'rest-slice';
import { Todo } from '../fixtures/Todo';

type Loose = new (...args: unknown[]) => unknown;

describe('schema definitions', () => {
  it.each([
    ['schema.Array("todo")', () => new (schema.Array as Loose)('todo'), '`schema.Array` takes a schema (an Entity class, `[Todo]`, another schema), got "todo"'],
    ['schema.Values(5)', () => new (schema.Values as Loose)(5), '`schema.Values` takes a schema (an Entity class, `[Todo]`, another schema), got 5'],
    ['schema.Union(null, attr)', () => new (schema.Union as Loose)(null, 'type'), '`schema.Union` with a `schemaAttribute` takes an object of schemas, one per attribute value'],
    ['schema.Union({ a: 5 }, attr)', () => new (schema.Union as Loose)({ a: 5 }, 'type'), 'got {"a":5}'],
    ['schema.Collection([5])', () => new (schema.Collection as Loose)([5]), '`schema.Array` takes a schema'],
    ['schema.Object(null)', () => new (schema.Object as Loose)(null), '`schema.Object` takes an object of member schemas (`{ author: User }`), got null'],
    ['Collection argsKey: 5', () => new (schema.Collection as Loose)([Todo], { argsKey: 5 }), '`schema.Collection` option `argsKey` must be a function, got 5'],
  ])('%s throws naming it', (_, make, message) => {
    expect(make).toThrow(TypeError);
    expect(make).toThrow(message);
  });

  it('an empty mapping stays allowed: `define` fills it later, for schemas that refer to each other', () => {
    const union = new schema.Union({}, 'type');
    union.define({ todo: Todo });
    expect(Object.keys(union.schema)).toEqual(['todo']);
  });
});

describe('resource and cache definitions', () => {
  it.each([
    ['createResource(null)', () => (createResource as (o: unknown) => unknown)(null), '`createResource` takes options with a `path`'],
    ['createResource without a path', () => (createResource as (o: unknown) => unknown)({ schema: Todo }), '`createResource` takes options with a `path`'],
    ['createRestCache({ features: 5 })', () => (createRestCache as (o: unknown) => unknown)({ features: 5 }), '`createRestCache` option `features` takes an array of features'],
  ])('%s throws naming it', (_, make, message) => {
    expect(make).toThrow(message);
  });

  it('a path that is no template names the path', () => {
    const broken = new RestEndpoint({ path: '/todos/:' });
    expect(() => broken.url({})).toThrow("[rest-slice] the path '/todos/:' is not a path template: Missing parameter name at 7");
  });
});
