// `controller.set(...)` returns its promise with `undo()` (RTK Query's `updateQueryData` returns `undo`):
// undo puts back each row the set changed, in one plain JSON `rest/set` action, unless something wrote
// that row since (the newer data stays); rows the set created are removed. Against the real server.
import type { Controller } from 'rest-slice';
import { recordedSetup, slice, Todo, todoResource, storeServerForEachTest } from './helpers';

const server = storeServerForEachTest([
  { id: 1, title: 'one', userId: 7 },
  { id: 2, title: 'two', userId: 7 },
]);

describe('controller.set(...).undo()', () => {
  it('puts back the rows the set changed, the very objects stored before, in one rest/set action', async () => {
    const { cache, store, controller, clock, log } = recordedSetup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.getList, { userId: 7 });
    const before = slice(cache, store).entities.Todo?.['1'];
    const metaBefore = slice(cache, store).entitiesMeta.Todo?.['1'];
    clock.advance(10);
    const written = controller.set(Todo, { id: 1 }, (todo) => ({ ...todo, title: 'local' }));
    // Still the promise Data Client's `set` returns: it resolves with nothing once committed.
    await expect(written).resolves.toBeUndefined();
    expect(cache.selectResponse(store.getState(), TodoResource.getList, { userId: 7 }).data?.map((todo) => todo.title)).toEqual(['local', 'two']);
    clock.advance(10);
    log.length = 0;
    await written.undo();
    expect(cache.selectResponse(store.getState(), TodoResource.getList, { userId: 7 }).data?.map((todo) => todo.title)).toEqual(['one', 'two']);
    expect(slice(cache, store).entities.Todo?.['1']).toBe(before);
    expect(slice(cache, store).entitiesMeta.Todo?.['1']).toBe(metaBefore);
    expect(log.map((action) => action.type)).toEqual(['rest/set']);
    expect(JSON.parse(JSON.stringify(log[0].payload))).toEqual({
      schema: 'Todo',
      args: [{ id: 1 }],
      fetchedAt: clock.now(),
      undo: true,
      entities: { Todo: { 1: { id: 1, title: 'one', completed: false, userId: 7, updatedAt: 0 } } },
      entitiesMeta: { Todo: { 1: metaBefore } },
      remove: {},
    });
    // Undone once: a second call changes nothing and dispatches nothing.
    await written.undo();
    expect(log).toHaveLength(1);
  });

  it('removes the rows the set created', async () => {
    const { cache, store, controller } = recordedSetup();
    const written = controller.set(Todo, { id: 9 }, { id: 9, title: 'nine', userId: 7 });
    expect(cache.selectEntity(store.getState(), Todo, 9)?.title).toBe('nine');
    await written.undo();
    expect(cache.selectEntity(store.getState(), Todo, 9)).toBeUndefined();
    expect(slice(cache, store).entities).toEqual({ Todo: {} });
    expect(slice(cache, store).entitiesMeta).toEqual({ Todo: {} });
  });

  it('keeps newer data: a row written since the set (a refetch) is not put back', async () => {
    const { cache, store, controller, clock, log } = recordedSetup();
    const TodoResource = todoResource(server.url);
    await controller.fetch(TodoResource.get, { id: 1 });
    await controller.fetch(TodoResource.get, { id: 2 });
    clock.advance(10);
    const written = controller.set(TodoResource.getList.schema, { userId: 7 }, [
      { id: 1, title: 'local one', userId: 7 },
      { id: 2, title: 'local two', userId: 7 },
    ]);
    server.todos.set(1, { ...server.todos.get(1)!, title: 'from server' });
    clock.advance(10);
    await controller.fetch(TodoResource.get, { id: 1 });
    log.length = 0;
    await written.undo();
    expect(cache.selectEntity(store.getState(), Todo, 1)?.title).toBe('from server');
    expect(cache.selectEntity(store.getState(), Todo, 2)?.title).toBe('two');
    // The list the set created is gone again.
    expect(cache.selectResponse(store.getState(), TodoResource.getList, { userId: 7 }).data).toBeUndefined();
    expect(log).toHaveLength(1);
  });

  it('does nothing when the set wrote nothing: an updater with nothing stored, or a value it could not store', async () => {
    const { controller, log } = recordedSetup();
    const nothing = controller.set(Todo, { id: 1 }, (todo) => ({ ...todo, title: 'x' }));
    await nothing;
    await nothing.undo();
    const failed = controller.set(Todo, {}, { title: 'no id' });
    await expect(failed).rejects.toThrow(/`controller\.set\(Todo, \.\.\.\)` stored nothing/);
    await failed.undo();
    expect(log).toEqual([]);
  });

  it('types: the promise of Data Client\'s `set`, with `undo`', () => {
    const check = (controller: Controller) => {
      const written: Promise<void> = controller.set(Todo, { id: 1 }, { id: 1, title: 't' });
      const undo: () => Promise<void> = controller.set(Todo, { id: 1 }, { id: 1, title: 't' }).undo;
      return [written, undo];
    };
    expect(typeof check).toBe('function');
  });
});
