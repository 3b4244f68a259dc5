// Actions dispatched by hand (a replayed log edited by hand, a buggy middleware) with a payload the
// reducer cannot use are dropped in development with a warning naming the action and the member, and
// change nothing: the store stays as it was, plain JSON, and later requests work.
import { Endpoint } from 'rest-slice';
import { expectWarnings, setup, slice, storeServerForEachTest, todoResource } from './helpers';

const server = storeServerForEachTest([{ id: 1, title: 'one' }]);

describe('a core action with a payload its reducer cannot use', () => {
  it.each([
    ['rest/optimistic', {}, '`payload.key` is not a string'],
    ['rest/optimistic', 0, 'its payload is a number, not an object'],
    ['rest/fetch', { endpoint: 'Todo.get', key: 'k', args: [], fetchedAt: 1 }, '`meta.requestId` is not a string'],
    ['rest/setError', { key: 'k', fetchedAt: 1 }, '`payload.args` is not an array'],
    ['rest/setResponse', { endpoint: 'Todo.get', key: 'k', args: [], fetchedAt: 1 }, '`payload.date` is not a finite number'],
    ['rest/invalidate', undefined, 'its payload is undefined, not an object'],
    ['rest/reset', { date: 'now' }, '`payload.date` is not a finite number'],
    ['rest/gc', { keys: 'k' }, '`payload.keys` is not an array'],
    ['rest/subscribe', null, 'its payload is null'],
  ])('%s with %p is dropped, naming %s', async (type, payload, problem) => {
    const warn = expectWarnings();
    const { cache, store, controller } = setup();
    const Todos = todoResource(server.url);
    await controller.fetch(Todos.get, { id: 1 });
    const before = slice(cache, store);
    store.dispatch(payload === undefined ? { type } : { type, payload });
    expect(slice(cache, store)).toBe(before);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`[rest-slice] the action \`${type}\` was dropped, changing nothing: ${problem}`));
    // The store goes on working.
    await controller.fetch(Todos.getList);
    expect(controller.getResponse(Todos.getList, store.getState()).data?.map((todo) => todo.title)).toEqual(['one']);
  });
});

it("the cache's own actions pass, also for an endpoint without a name of its own (its payload names none)", async () => {
  const { cache, store, controller } = setup();
  const anonymous = new Endpoint(async () => ({ answer: 42 }), { key: () => 'answer' });
  expect(anonymous.name).toBeUndefined();
  await expect(controller.fetch(anonymous)).resolves.toEqual({ answer: 42 });
  expect(slice(cache, store).endpoints.answer).toEqual({ answer: 42 });
  expect(controller.getResponse(anonymous, store.getState()).data).toEqual({ answer: 42 });
});
