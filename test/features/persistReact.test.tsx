/** @jest-environment ./test/react/environment.ts */
// persist() under React: after a reload (a new cache and store on the same storage), the first render shows
// the saved data when the app renders after `ready`; rendered at once, the component suspends until the
// restore and then shows the saved data, and in both cases no request is sent for a fresh result.
import { act, screen } from '@testing-library/react';
import { createRestCache, memoryStorage, persist, type PersistStorage } from 'rest-slice';
import { AsyncBoundary, useSuspense } from 'rest-slice/react';
import { makeClock, type Clock } from '../helpers/clock';
import { makeStore, renderWithStore, type TodoResourceType, type TodoServer, withTodoServer } from '../react/helpers';

let api: TodoServer;
let TodoResource: TodoResourceType;

withTodoServer((server, resource) => {
  api = server;
  TodoResource = resource;
});

function TodoTitle({ id }: { id: number }) {
  const todo = useSuspense(TodoResource.get, { id });
  return <p>{todo.title}</p>;
}

function load(storage: PersistStorage, clock: Clock) {
  const persisted = persist({ storage, throttle: 100 });
  const cache = createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, features: [persisted] });
  const store = makeStore(cache);
  return { persisted, cache, store };
}

/** A first page load that fetched todo 1 and saved it (the throttle window run on the test's clock). */
async function savedAfterFirstLoad(clock: Clock) {
  const storage = memoryStorage();
  const first = load(storage, clock);
  await first.persisted.ready(first.store);
  await first.cache.controller(first.store).fetch(TodoResource.get, { id: 1 });
  clock.advance(100);
  // The write is async (the storage's promises): wait until its head is there.
  for (let i = 0; i < 20 && !storage.items.has('head'); i++) await Promise.resolve();
  expect(storage.items.has('head')).toBe(true);
  return storage;
}

it('rendered after `ready`, the first render of a reload shows the saved data, with no request', async () => {
  const clock = makeClock();
  const storage = await savedAfterFirstLoad(clock);
  const requests = api.count('GET', '/todos/1');

  const reload = load(storage, clock);
  expect(await reload.persisted.ready(reload.store)).toBe('restored');
  renderWithStore(
    <AsyncBoundary fallback={<p>loading</p>}>
      <TodoTitle id={1} />
    </AsyncBoundary>,
    { store: reload.store, cache: reload.cache },
  );
  // The render call committed synchronously: the saved title, never the fallback.
  expect(screen.getByText('write hooks')).toBeTruthy();
  expect(screen.queryByText('loading')).toBeNull();
  await act(async () => undefined);
  expect(api.count('GET', '/todos/1')).toBe(requests);
});

it('rendered at once, the component waits for the restore (no request) and then shows the saved data', async () => {
  const clock = makeClock();
  const storage = await savedAfterFirstLoad(clock);
  const requests = api.count('GET', '/todos/1');

  const reload = load(storage, clock);
  renderWithStore(
    <AsyncBoundary fallback={<p>loading</p>}>
      <TodoTitle id={1} />
    </AsyncBoundary>,
    { store: reload.store, cache: reload.cache },
  );
  expect(screen.getByText('loading')).toBeTruthy();
  await act(() => reload.persisted.ready(reload.store));
  expect(await screen.findByText('write hooks')).toBeTruthy();
  expect(api.count('GET', '/todos/1')).toBe(requests);
});
