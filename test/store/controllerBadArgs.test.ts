// A controller method given something other than what it takes (a missing endpoint, a schema, a string)
// is a clear error in development naming the method, and changes nothing in the store.
import { setup, slice, storeServerForEachTest, todoResource } from './helpers';

const server = storeServerForEachTest([{ id: 1, title: 'one' }]);

type Loose = (...args: unknown[]) => unknown;

describe('controller methods with a bad first argument', () => {
  it.each([
    ['setResponse', [null, { id: 1 }, { id: 1 }]],
    ['setError', [{}, { id: 1 }, new Error('x')]],
    ['resolve', ['Todo.get', { args: [{ id: 1 }], response: {} }]],
    ['abort', [0]],
    ['retain', ['Todo.get', { id: 1 }]],
    ['subscribe', [null]],
    ['unsubscribe', [{ pollFrequency: 10 }, undefined]],
    ['prefetch', [null]],
  ] as const)('controller.%s names itself and what it got', async (method, args) => {
    const { cache, store, controller } = setup();
    await controller.fetch(todoResource(server.url).get, { id: 1 });
    const before = slice(cache, store);
    const requests = server.requests.length;
    const call = () => (controller[method] as Loose)(...args);
    const pattern = new RegExp(`^\\[rest-slice\\] \`controller\\.${method}\` takes an endpoint`);
    // Some methods are async (they reject), others throw at once.
    await expect(Promise.resolve().then(call)).rejects.toThrow(pattern);
    expect(slice(cache, store)).toBe(before);
    expect(server.requests.length).toBe(requests);
  });

  it.each(['invalidateAll', 'expireAll'] as const)('controller.%s without a matcher names the testKey it needs', async (method) => {
    const { cache, store, controller } = setup();
    await controller.fetch(todoResource(server.url).get, { id: 1 });
    const before = slice(cache, store);
    await expect((controller[method] as Loose)('x')).rejects.toThrow(`\`controller.${method}\` takes a matcher with a \`testKey(key)\` method`);
    expect(slice(cache, store)).toBe(before);
  });

  it('controller.resolve without its options names the args it needs', async () => {
    const { controller } = setup();
    await expect((controller.resolve as Loose)(todoResource(server.url).get)).rejects.toThrow(
      '`controller.resolve(Todo.get, { args, response })` takes its args as an array in its second argument',
    );
  });
});
