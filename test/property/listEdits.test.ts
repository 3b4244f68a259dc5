// Random programs of list edits with optimistic updates (collectionEdits()): creates pushed into the lists of
// their user, todos moved from one user's list to another's, deletes, and lists refetched, against the real
// local server, whose answers are held and released in random order (some failing with a 500). One write
// per todo is in flight at a time. Once every answer has landed, each stored list (`getList()`,
// `getList({ userId: 1 })`, `getList({ userId: 2 })`) holds exactly the todos the server lists for it:
// a successful edit is in every list it touches, a failed one is rolled back from all of them, and a refetch
// that landed while an edit was in flight did not undo it.
//
// Runs: PROPERTY_RUNS (default 80 programs); replay a failure with PROPERTY_SEED=<seed> PROPERTY_PATH=<path>.
import fc from 'fast-check';
import { collectionEdits } from 'rest-slice';
import { setup, startStoreServer, todoResource, type StoreServer } from '../store/helpers';
import { propertyParameters, propertyTimeout } from './runs';

const LISTS = [undefined, 1, 2] as const;

type Cmd =
  | { op: 'push'; userId: 1 | 2 }
  | { op: 'move'; pick: number; userId: 1 | 2 }
  | { op: 'delete'; pick: number }
  | { op: 'refetch'; list: number }
  | { op: 'release'; pick: number; fail: boolean };

const user = fc.constantFrom(1 as const, 2 as const);
const command: fc.Arbitrary<Cmd> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('push' as const), userId: user }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('move' as const), pick: fc.nat(20), userId: user }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), pick: fc.nat(20) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('refetch' as const), list: fc.nat(LISTS.length - 1) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('release' as const), pick: fc.nat(20), fail: fc.boolean() }) },
);

let server: StoreServer;
beforeAll(async () => {
  server = await startStoreServer();
});
afterAll(() => server.close());

async function run(program: readonly Cmd[]) {
  server.hold(false);
  await server.releaseAll();
  server.todos.clear();
  server.seedTodos([
    { id: 1, title: 'one', userId: 1 },
    { id: 2, title: 'two', userId: 1 },
    { id: 3, title: 'three', userId: 2 },
    { id: 4, title: 'four', userId: 2 },
  ]);
  const TodoResource = todoResource(server.url);
  const { store, controller, clock } = setup({ features: [collectionEdits()] });
  const args = (userId: (typeof LISTS)[number]) => (userId === undefined ? [] : [{ userId }]);
  for (const userId of LISTS) await (controller.fetch as (...a: unknown[]) => Promise<unknown>)(TodoResource.getList, ...args(userId));
  // Every write is held until the program releases it; reads are answered at once.
  server.hold((request) => request.method !== 'GET');
  const pending: { id: number | undefined; done: Promise<unknown> }[] = [];
  let temporary = 0;
  const busy = (id: number) => pending.some((write) => write.id === id);
  const known = () => [...server.todos.keys()].filter((id) => !busy(id));

  for (const cmd of program) {
    clock.advance(1);
    const held = server.held.length;
    if (cmd.op === 'push') {
      const body = { id: -++temporary, title: `new ${temporary}`, userId: cmd.userId };
      pending.push({ id: undefined, done: controller.fetch(TodoResource.getList.push, body).catch(() => undefined) });
    } else if (cmd.op === 'move' || cmd.op === 'delete') {
      const ids = known();
      if (ids.length === 0) continue;
      const id = ids[cmd.pick % ids.length];
      const done = cmd.op === 'move' ? controller.fetch(TodoResource.getList.move, { id }, { userId: cmd.userId }) : controller.fetch(TodoResource.delete, { id });
      pending.push({ id, done: done.catch(() => undefined) });
    } else if (cmd.op === 'refetch') {
      await (controller.fetch as (...a: unknown[]) => Promise<unknown>)(TodoResource.getList, ...args(LISTS[cmd.list]));
      continue;
    } else {
      if (pending.length === 0) continue;
      const index = cmd.pick % pending.length;
      const [write] = pending.splice(index, 1);
      const [request] = server.held.splice(index, 1);
      await (cmd.fail ? request.releaseWith({ status: 500, json: { message: 'down' } }) : request.release());
      await write.done;
      continue;
    }
    await server.waitForHeld(held + 1);
  }
  while (pending.length > 0) {
    const write = pending.shift()!;
    await server.held.shift()!.release();
    await write.done;
  }
  return LISTS.map((userId) => {
    const data = (controller.getResponse as unknown as (...a: unknown[]) => { data?: { id: number }[] })(TodoResource.getList, ...args(userId), store.getState()).data;
    const stored = (data ?? []).map((todo) => todo.id).sort((a, b) => a - b);
    const onServer = [...server.todos.values()].filter((todo) => userId === undefined || todo.userId === userId).map((todo) => todo.id).sort((a, b) => a - b);
    return { list: userId ?? 'all', stored, onServer };
  });
}

it('pushes, moves and deletes, answered in any order and some failing: every list ends as the server lists it', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 20 }), async (program) => {
      for (const { list, stored, onServer } of await run(program)) expect({ list, ids: stored }).toEqual({ list, ids: onServer });
    }),
    propertyParameters(80),
  );
}, propertyTimeout(120_000));
