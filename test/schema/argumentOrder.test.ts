// Data Client 0.10's normalizr takes the data first: `normalize(input, schema)`,
// `denormalize(input, schema, entities)`. Code written that way reads the same here
// whenever only the second argument is a schema; the contract's order is unchanged.
import { INVALID, normalize, denormalize, schema } from 'rest-slice';
import { Project, projectsInput, projectsSchema } from '../fixtures/Project';
import { Todo } from '../fixtures/Todo';
import { User } from '../fixtures/User';

describe("Data Client's argument order", () => {
  it('normalize(input, schema) gives what normalize(schema, input) gives', () => {
    expect(normalize(projectsInput, projectsSchema)).toEqual(normalize(projectsSchema, projectsInput));
    expect(normalize({ id: '1', name: 'Ann' }, User)).toEqual({ result: '1', entities: { User: { 1: { id: '1', name: 'Ann' } } } });
    expect(normalize([{ id: '1', name: 'Ann' }], [User]).result).toEqual(['1']);
    expect(normalize({ id: '1' }, new schema.Invalidate(User)).result).toBe('1');
    expect(normalize({ project: projectsInput.project }, new schema.Object({ project: [Project] }))).toEqual(normalize(projectsSchema, projectsInput));
  });

  it('denormalize(result, schema, entities) gives what denormalize(schema, result, entities) gives', () => {
    const { result, entities } = normalize(projectsSchema, projectsInput);
    expect(denormalize(result, projectsSchema, entities)).toEqual(denormalize(projectsSchema, result, entities));
    const users = normalize([User], [{ id: '1', name: 'Ann' }]).entities;
    const ann = denormalize('1', User, users);
    expect(ann).toBeInstanceOf(User);
    expect(ann).toEqual(Object.assign(new User(), { id: '1', name: 'Ann' }));
    expect(denormalize(['1', '2'], [User], users)).toEqual([ann]);
    expect(denormalize('1', User, { User: { 1: null } })).toBe(INVALID);
  });

  it('the schema-first order wins whenever the first argument is a schema', () => {
    // An object schema without entities is a schema only by position: the input stays the input.
    expect(normalize({ count: 0 }, { count: 5 }).result).toEqual({ count: 5 });
    expect(normalize({ todos: [Todo] }, { todos: [{ id: 1 }], nextPage: 2 }).result).toEqual({ todos: ['1'], nextPage: 2 });
    expect(denormalize({ total: 0 }, { total: 3 }, {})).toEqual({ total: 3 });
  });

  it('data that is no schema in either place keeps its clear error', () => {
    expect(() => normalize({ id: '1' }, { id: '2' })).not.toThrow();
    expect(() => normalize(User, 'not an object')).toThrow(/schema `User` expected an object, got a string/);
    expect(() => normalize('not an object', User)).toThrow(/schema `User` expected an object, got a string/);
  });
});
