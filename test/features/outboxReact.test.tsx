/** @jest-environment ./test/react/environment.ts */
// useOutbox against the real test server: the pending writes, a failed one with its error, retry and discard.
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { Suspense } from 'react';
import { ErrorBoundary, RestCacheProvider, useOutbox, useSuspense } from 'rest-slice/react';
import { makeStore, startTodoServer, todoResource, type TodoResourceType, type TodoServer } from '../react/helpers';
import { allowConsole } from '../setup';
import { createRestCache, outbox, type RestCache } from 'rest-slice';
import { makeClock } from '../helpers/clock';

let api: TodoServer;
let TodoResource: TodoResourceType;
beforeAll(async () => {
  api = await startTodoServer();
  TodoResource = todoResource(api.server.url);
});
afterEach(() => api.reset());
afterAll(() => api.close());

function Title({ id }: { id: number }) {
  return <p>{useSuspense(TodoResource.get, { id }).title}</p>;
}

function Pending() {
  const { count, failed, retry, discard } = useOutbox();
  return (
    <div>
      <p>{count} waiting</p>
      {failed.map((entry) => (
        <p key={entry.id}>
          failed: {entry.error?.status}
          <button onClick={() => retry(entry.id)}>retry</button>
          <button onClick={() => discard(entry.id)}>discard</button>
        </p>
      ))}
    </div>
  );
}

function mount(cache: RestCache) {
  const store = makeStore(cache);
  render(
    <Provider store={store}>
      <RestCacheProvider cache={cache}>
        <Suspense fallback={<p>loading</p>}>
          <Title id={1} />
          <Pending />
        </Suspense>
      </RestCacheProvider>
    </Provider>,
  );
  return { store, controller: cache.controller(store) };
}

describe('useOutbox', () => {
  it('counts the writes kept offline, shows a refused one with its error, and retries or discards it', async () => {
    const clock = makeClock();
    const cache = createRestCache({ now: clock.now, scheduler: clock, gcInterval: Infinity, features: [outbox({ resources: [TodoResource], name: 'react-test' })] });
    const { store, controller } = mount(cache);
    await screen.findByText('write hooks');
    expect(screen.getByText('0 waiting')).toBeTruthy();

    act(() => {
      store.dispatch(cache.actions.offline());
      void controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'offline title' }).catch(() => undefined);
    });
    expect(screen.getByText('offline title')).toBeTruthy();
    expect(screen.getByText('1 waiting')).toBeTruthy();

    let refuse = true;
    api.server.route('PATCH', '/todos/:id', ({ body }) => {
      if (refuse) return { status: 409, json: { error: 'conflict' } };
      const next = { ...api.todos.get(1)!, ...(body as object), updatedAt: 5 };
      api.todos.set(1, next);
      return { json: next };
    });
    await act(async () => {
      store.dispatch(cache.actions.online());
      await controller.flushOutbox();
    });
    expect(screen.getByText('0 waiting')).toBeTruthy();
    expect(screen.getByText('failed: 409')).toBeTruthy();
    expect(screen.getByText('write hooks')).toBeTruthy();

    refuse = false;
    fireEvent.click(screen.getByText('retry'));
    expect(screen.getByText('offline title')).toBeTruthy();
    await act(() => controller.flushOutbox());
    await waitFor(() => expect(screen.getByText('0 waiting')).toBeTruthy());
    expect(screen.queryByText(/failed/)).toBeNull();
    expect(api.todos.get(1)!.title).toBe('offline title');

    act(() => {
      store.dispatch(cache.actions.offline());
      void controller.fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'never sent' }).catch(() => undefined);
    });
    expect(screen.getByText('never sent')).toBeTruthy();
    refuse = true;
    await act(async () => {
      store.dispatch(cache.actions.online());
      await controller.flushOutbox();
    });
    fireEvent.click(screen.getByText('discard'));
    expect(screen.queryByText(/failed/)).toBeNull();
    expect(screen.getByText('offline title')).toBeTruthy();
    expect(api.count('PATCH', '/todos/1')).toBe(3);
  });
});

describe('useOutbox without the outbox feature', () => {
  it('throws to the boundary, naming the feature and the cache, instead of reading an empty outbox', () => {
    allowConsole();
    const cache = createRestCache({ reducerPath: 'core' });
    const store = makeStore(cache);
    function Waiting() {
      return <p>{useOutbox().count} waiting</p>;
    }
    render(
      <Provider store={store}>
        <RestCacheProvider cache={cache}>
          <ErrorBoundary errorComponent={({ error }) => <p role="alert">error: {error.message}</p>}>
            <Waiting />
          </ErrorBoundary>
        </RestCacheProvider>
      </Provider>,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'error: [rest-slice] `useOutbox` needs the outbox feature: the cache at `core` was made without it. ' +
        'Install it with `createRestCache({ features: [outbox({ resources })] })` and give that cache to `RestCacheProvider`.',
    );
    expect(screen.queryByText(/waiting/)).toBeNull();
  });
});
