// The README's Quick start, run as printed against a local server standing in for jsonplaceholder:
// the optimistic update shows at once, stays when the server agrees, and is rolled back when it fails.
import * as toolkit from '@reduxjs/toolkit';
import type * as RestSlice from 'rest-slice';
import { deferred, startServer, type Deferred, type Reply, type TestServer } from '../helpers/server';
import { blockCode, runCode } from './runBlock';
import { until } from '../helpers/until';

interface Run {
  /** Settles as the block does. */
  done: Promise<unknown>;
  /** The store the block made with `configureStore`. */
  store: () => { getState(): unknown };
  /** The `rest-slice` module the block imported. */
  lib: typeof RestSlice;
  /** The block's `Todo` class, once declared. */
  exports: { Todo?: typeof RestSlice.Entity };
}

let server: TestServer;
let patch: Deferred<Reply>;

beforeEach(async () => {
  server = await startServer();
  patch = deferred<Reply>();
  server.route('GET', '/todos', () => ({
    json: [
      { id: 1, title: 'Read the README', completed: false },
      { id: 2, title: 'Try it', completed: false },
    ],
  }));
  server.route('PATCH', '/todos/:id', () => patch.promise);
});

afterEach(() => server.close());

/** Runs the block with a fresh `rest-slice` (its `restCache` and entity registry are the block's own). */
function quickStart(): Run {
  const code = blockCode('README.md', 0).split('https://jsonplaceholder.typicode.com').join(server.url);
  let store: { getState(): unknown } | undefined;
  let lib: typeof RestSlice | undefined;
  let done!: Promise<unknown>;
  const exports: Run['exports'] = {};
  jest.isolateModules(() => {
    const load = (id: string): unknown => {
      if (id === '@reduxjs/toolkit') {
        // RTK's own configureStore; the store it makes is kept to read after the block.
        return { ...toolkit, configureStore: (options: never) => (store = toolkit.configureStore(options)) };
      }
      const loaded = require(id) as unknown;
      if (id === 'rest-slice') lib = loaded as typeof RestSlice;
      return loaded;
    };
    done = runCode(`${code}\nexport { Todo };`, load, exports);
  });
  return { done, store: () => store!, lib: lib!, exports };
}

function untilPatched(): Promise<void> {
  return until(() => server.requests.some((r) => r.method === 'PATCH'), 'the PATCH at the server');
}

function todo1(run: Run) {
  const { entities } = run.lib.restCache.selectCacheState(run.store().getState());
  return (entities as Record<string, Record<string, { completed: boolean }>>).Todo['1'];
}

/** Todo 1 as selectors show it: the optimistic view. */
function shown(run: Run) {
  const todo = run.lib.restCache.selectEntity(run.store().getState(), run.exports.Todo!, 1);
  return todo as unknown as { completed: boolean };
}

describe('README Quick start', () => {
  it('fetches the list, shows the update at once, and keeps it when the server agrees', async () => {
    const run = quickStart();
    await untilPatched();
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /todos', 'PATCH /todos/1']);
    expect(server.requests[1].body).toEqual({ completed: true });
    expect(shown(run).completed).toBe(true); // before the server answers
    expect(todo1(run).completed).toBe(false); // the confirmed row
    patch.resolve({ json: { id: 1, title: 'Read the README', completed: true } });
    await run.done;
    expect(todo1(run).completed).toBe(true);
  });

  it('rolls the update back when the request fails', async () => {
    const run = quickStart();
    const outcome = run.done.then(
      () => 'resolved',
      (error: { status?: number }) => error.status,
    );
    await untilPatched();
    expect(shown(run).completed).toBe(true);
    patch.resolve({ status: 500, json: { error: 'down' } });
    expect(await outcome).toBe(500);
    expect(run.lib.restCache.selectCacheState(run.store().getState()).optimistic).toEqual([]);
    expect(todo1(run).completed).toBe(false);
    expect(shown(run).completed).toBe(false);
  });
});
