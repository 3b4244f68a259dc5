// A Collection keyed by an array argument (`{ tags: ['b', 'c'] }`): the key holds the items joined
// with `,` (Data Client's form), and a push matches a list by the same string.
import { schema } from 'rest-slice';
import { Todo } from '../fixtures/Todo';

const list = () => new schema.Collection([Todo]);

describe('Collection.pk with array arguments', () => {
  it('keys an array by its items joined with `,`, so different arrays are different lists', () => {
    const todos = list();
    expect(todos.pk(undefined, undefined, [{ tags: ['a'] }])).toBe('{"tags":"a"}');
    expect(todos.pk(undefined, undefined, [{ tags: ['b', 'c'] }])).toBe('{"tags":"b,c"}');
    expect(todos.pk(undefined, undefined, [{ tags: ['c', 'b'] }])).toBe('{"tags":"c,b"}');
    expect(todos.pk(undefined, undefined, [{ ids: [1, 2], userId: 1 }])).toBe('{"ids":"1,2","userId":"1"}');
  });

  it('leaves out an empty array and absent items, as the URL does', () => {
    const todos = list();
    expect(todos.pk(undefined, undefined, [{ tags: [] }])).toBe('{}');
    expect(todos.pk(undefined, undefined, [{ tags: [null, 'a', undefined] }])).toBe('{"tags":"a"}');
  });

  it('keeps the keys of other arguments as they were', () => {
    const todos = list();
    expect(todos.pk(undefined, undefined, [{ userId: 1, done: false, q: 'x' }])).toBe('{"done":"false","q":"x","userId":"1"}');
    expect(todos.pk(undefined, undefined, [{ filter: { status: 'open' }, since: new Date(0), userId: null }])).toBe('{}');
    expect(todos.pk(undefined, undefined, [])).toBe('{}');
  });

  it('a one-item array and its plain value are one list (one URL, `?tags=a`)', () => {
    const todos = list();
    expect(todos.pk(undefined, undefined, [{ tags: ['a'] }])).toBe(todos.pk(undefined, undefined, [{ tags: 'a' }]));
  });
});

describe('Collection filter with array arguments', () => {
  it('a push reaches a list whose array has the same items in the same order, from the params or the body', () => {
    const todos = list();
    expect(todos.matches({ tags: 'a' }, [{ tags: ['a'] }])).toBe(true);
    expect(todos.matches({ tags: 'b,c' }, [{}, { title: 'x', tags: ['b', 'c'] }])).toBe(true);
    expect(todos.matches({ tags: 'b,c' }, [{ tags: ['c', 'b'] }])).toBe(false);
    expect(todos.matches({ tags: 'a' }, [{ tags: ['a', 'b'] }])).toBe(false);
    expect(todos.matches({ tags: 'a' }, [{ tags: [] }])).toBe(false);
    expect(todos.matches({}, [{ tags: ['a'] }])).toBe(true);
  });

  it('an object argument that is not an array never matches', () => {
    expect(list().matches({ filter: '[object Object]' }, [{ filter: {} }])).toBe(false);
  });
});
