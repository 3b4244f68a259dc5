/** @jest-environment ./test/react/environment.ts */
// useLive with setupListeners: polling sleeps while the page is hidden and, back on the page,
// fetches at once (the data went stale for its poll interval meanwhile) and polls again.
import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { listeners, setupListeners } from 'rest-slice';
import { useLive } from 'rest-slice/react';
import { makeStore, makeTimedCache, renderWithStore, settled, type TodoResourceType, type TodoServer, withTodoServer } from './helpers';

let api: TodoServer;
let Polled: TodoResourceType;
let visibility: DocumentVisibilityState = 'visible';

withTodoServer((server, resource) => {
  api = server;
  Polled = resource.extend({ get: { pollFrequency: 40 } });
});
beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  visibility = 'visible';
});

function setVisibility(value: DocumentVisibilityState) {
  visibility = value;
  document.dispatchEvent(new Event('visibilitychange'));
}

function LiveTitle({ id }: { id: number }) {
  const todo = useLive(Polled.get, { id });
  return <p>{todo.title}</p>;
}

it('useLive stops polling while the page is hidden and catches up when it shows again', async () => {
  const { cache, clock, inflight, tick } = makeTimedCache({ features: [listeners()] });
  const store = makeStore(cache);
  const remove = setupListeners(store, cache);
  const polls = () => api.count('GET', '/todos/1');
  const { unmount } = renderWithStore(
    <Suspense fallback={<p>loading</p>}>
      <LiveTitle id={1} />
    </Suspense>,
    { store, cache },
  );
  await screen.findByText('write hooks');
  await act(() => tick(store, 40));
  await act(() => tick(store, 40));
  expect(polls()).toBe(3);

  act(() => setVisibility('hidden'));
  expect(clock.delays).toEqual([]);
  api.todos.set(1, { ...api.todos.get(1)!, title: 'changed while hidden' });
  act(() => {
    clock.advance(200);
  });
  expect(inflight(store)).toEqual([]);
  expect(polls()).toBe(3);
  expect(screen.getByText('write hooks')).toBeTruthy();

  act(() => setVisibility('visible'));
  // The catch-up fetch starts at once, not an interval later.
  expect(inflight(store)).toEqual([Polled.get.key({ id: 1 })]);
  await screen.findByText('changed while hidden');
  await act(() => settled(cache, store));
  await act(() => tick(store, 40));
  await act(() => tick(store, 40));
  expect(polls()).toBe(6);

  unmount();
  remove();
});
