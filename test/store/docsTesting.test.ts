// docs/testing.md's recipes, run as printed: a seeded cache, a replaced `fetch`, and the local-server test
// (whose `beforeAll`, `afterAll` and `test` register here, inside a describe).
import { configureStore } from '@reduxjs/toolkit';
import { createResource, Entity, type Controller, type RestCache } from 'rest-slice';
import { blockCode, runCode } from '../docs/runBlock';

const PAGE = 'docs/testing.md';

// The types of the page's `resources.ts` (the values come from running it).
class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  pk() {
    return String(this.id);
  }
  static key = 'Todo';
}
const typed = () => createResource({ urlPrefix: '', path: '/todos/:id', schema: Todo });
interface Resources {
  TodoResource: ReturnType<typeof typed>;
}

async function resources(): Promise<{ resolve: (id: string) => unknown; TodoResource: Resources['TodoResource'] }> {
  const { TodoResource } = await runCode<Resources>(blockCode(PAGE, 'resources.ts'), require);
  const resolve = (id: string) => (id === './resources' ? { TodoResource } : (require(id) as unknown));
  return { resolve, TodoResource };
}

const titles = (list: Todo[] | undefined) => list?.map((todo) => todo.title);

describe('docs/testing.md', () => {
  it('1. seeds the cache with setResponse and setError', async () => {
    const { resolve, TodoResource } = await resources();
    const { seeded } = await runCode<{
      seeded(): Promise<{ store: { getState(): unknown }; controller: Controller }>;
    }>(blockCode(PAGE, 'seeded.ts'), resolve);
    const { store, controller } = await seeded();
    expect(titles(controller.getResponse(TodoResource.getList, store.getState()).data)).toEqual(['Write tests']);
    // The detail of the seeded list item is read from the same normalized row.
    expect(controller.getResponse(TodoResource.get, { id: 1 }, store.getState()).data?.title).toBe('Write tests');
    expect(controller.getError(TodoResource.get, { id: 2 }, store.getState())).toMatchObject({ message: 'Not Found', status: 404 });
  });

  it('2. answers the middleware requests with a replaced fetch', async () => {
    const { TodoResource } = await resources();
    const { withFakeFetch } = await runCode<{ withFakeFetch(): RestCache }>(blockCode(PAGE, 'fakeFetch.ts'), require);
    const cache = withFakeFetch();
    const store = configureStore({
      reducer: { [cache.reducerPath]: cache.reducer },
      middleware: (getDefault) => getDefault().concat(cache.middleware),
    });
    const controller = cache.controller(store);
    expect(titles(await controller.fetch(TodoResource.getList))).toEqual(['Write tests']);
    await expect(controller.fetch(TodoResource.get, { id: 5 })).rejects.toMatchObject({ status: 404 });
  });

  describe('time: a clock and timers the test moves', () => {
    // The blocks have no top-level await: each runs, exports filled in, as it is called, and the last one
    // registers its own test here.
    const modules: Record<string, Record<string, unknown>> = { './resources': {}, './testClock': {} };
    void runCode(blockCode(PAGE, 'resources.ts'), require, modules['./resources']);
    void runCode(blockCode(PAGE, 'testClock.ts'), require, modules['./testClock']);
    void runCode(blockCode(PAGE, 'polling.test.ts'), (id) => modules[id] ?? (require(id) as unknown));
  });

  describe('3. a local server', () => {
    // The block registers its own hooks and test synchronously (it has no top-level await).
    void runCode(blockCode(PAGE, 'todos.test.ts'), require);
  });
});
