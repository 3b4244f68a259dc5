// The store as a production build runs it (NODE_ENV=production), over the local HTTP server: stored
// tables are left unfrozen there (freezing a table of integer pks makes V8 keep it as a hash table,
// docs/state-layout.md), so reads, writes and a rejected response must work on them as on frozen ones.
// Development freezes them, so a mutation by the app throws.
import { getRow } from '../../src/store/tables';
import { nodeEnvForEachTest } from '../helpers/nodeEnv';
import { setup, slice, Todo, todoResource, storeServerForEachTest } from './helpers';

const server = storeServerForEachTest([
  { id: 1, title: 'one' },
  { id: 2, title: 'two' },
  { id: 3, title: 'three' },
]);

/** Fetches the list, renames 2, deletes 3: the same steps in either build. Returns the cache's slice after each. */
async function listRenameDelete() {
  const { cache, store, controller } = setup();
  const TodoResource = todoResource(server.url);
  await controller.fetch(TodoResource.getList);
  const listed = slice(cache, store);
  await controller.fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'renamed' });
  await controller.fetch(TodoResource.delete, { id: 3 });
  const titles = (controller.getResponse(TodoResource.getList, store.getState()).data ?? []).map((todo) => todo.title);
  return { cache, store, controller, TodoResource, listed, final: slice(cache, store), titles };
}

describe('in a production build', () => {
  nodeEnvForEachTest('production');

  it('stores, updates and deletes rows of integer pks in unfrozen tables, and each write leaves the earlier tables as they were', async () => {
    const { cache, store, listed, final, titles } = await listRenameDelete();
    expect(titles).toEqual(['one', 'renamed']);
    expect(Object.isFrozen(final.entities.Todo)).toBe(false);
    expect(Object.isFrozen(final.entitiesMeta.Todo)).toBe(false);
    // Copy on write as in development: the list's table still holds what the list response stored.
    expect(getRow(listed.entities, 'Todo', '2')).toMatchObject({ title: 'two' });
    expect(getRow(listed.entities, 'Todo', '3')).toMatchObject({ title: 'three' });
    // Row 1 was not written again: the same object, so memoized reads of it hold.
    expect(getRow(final.entities, 'Todo', '1')).toBe(getRow(listed.entities, 'Todo', '1'));
    expect(cache.selectEntity(store.getState(), Todo, 2)?.title).toBe('renamed');
    expect(cache.selectEntity(store.getState(), Todo, 3)).toBeUndefined();
  });

  it('a response that cannot be stored is refused by name and changes no stored table', async () => {
    const { cache, store, controller } = setup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList);
    const before = slice(cache, store);
    server.route('GET', '/todos/:id', () => ({ json: { title: 'no id' } }));
    await expect(controller.fetch(TodoResource.get, { id: 1 })).rejects.toThrow(/^\[rest-slice\].*GET .*\/todos\/1/);
    const after = slice(cache, store);
    expect(after.entities.Todo).toBe(before.entities.Todo);
    expect(after.entitiesMeta.Todo).toBe(before.entitiesMeta.Todo);
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('one');
  });
});

describe('in development', () => {
  it('the same steps give the same data, in frozen tables a mutation cannot change', async () => {
    const { final, titles } = await listRenameDelete();
    expect(titles).toEqual(['one', 'renamed']);
    const table = final.entities.Todo as Record<string, unknown>;
    expect(Object.isFrozen(table)).toBe(true);
    expect(() => {
      table['9'] = { id: 9 };
    }).toThrow(TypeError);
    expect(getRow(final.entities, 'Todo', '9')).toBeUndefined();
  });
});
