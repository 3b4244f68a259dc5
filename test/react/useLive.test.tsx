/** @jest-environment ./test/react/environment.ts */
import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { useLive, useSubscription } from 'rest-slice/react';
import { makeStore, makeTimedCache, renderWithStore, type TodoResourceType, type TodoServer, withTodoServer } from './helpers';

let api: TodoServer;
let TodoResource: TodoResourceType;
let Polled: TodoResourceType;

withTodoServer((server, resource) => {
  api = server;
  TodoResource = resource;
  Polled = TodoResource.extend({ get: { pollFrequency: 40 } });
});

function LiveTitle({ id }: { id: number }) {
  const todo = useLive(Polled.get, { id });
  return <p>{todo.title}</p>;
}

function subscriptions(log: string[]) {
  return {
    subscribe: log.filter((type) => type === 'rest/subscribe').length,
    unsubscribe: log.filter((type) => type === 'rest/unsubscribe').length,
  };
}

describe('useLive', () => {
  it('polls at `pollFrequency` and stops after unmount', async () => {
    const { cache, clock, inflight, tick } = makeTimedCache();
    const store = makeStore(cache);
    const { unmount } = renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <LiveTitle id={1} />
      </Suspense>,
      { store, cache },
    );
    await screen.findByText('write hooks');
    expect(api.count('GET', '/todos/1')).toBe(1);
    expect(clock.delays).toEqual([40]);
    api.todos.set(1, { ...api.todos.get(1)!, title: 'changed on the server' });
    await act(() => tick(store, 39));
    expect(api.count('GET', '/todos/1')).toBe(1);
    await act(() => tick(store, 1));
    expect(screen.getByText('changed on the server')).toBeTruthy();
    await act(() => tick(store, 40));
    expect(api.count('GET', '/todos/1')).toBe(3);

    unmount();
    expect(clock.delays).toEqual([]);
    clock.advance(400);
    expect(inflight(store)).toEqual([]);
    expect(api.count('GET', '/todos/1')).toBe(3);
  });

  it('keeps polling until the last of two subscribers unmounts', async () => {
    const { cache, clock, inflight, tick } = makeTimedCache();
    const store = makeStore(cache);
    function Both({ second }: { second: boolean }) {
      return (
        <Suspense fallback={<p>loading</p>}>
          <LiveTitle id={2} />
          {second ? <LiveTitle id={2} /> : null}
        </Suspense>
      );
    }
    const { rerender, unmount } = renderWithStore(<Both second />, { store, cache });
    await screen.findAllByText('write tests');
    rerender(<Both second={false} />);
    expect(api.count('GET', '/todos/2')).toBe(1);
    expect(clock.delays).toEqual([40]);
    await act(() => tick(store, 40));
    await act(() => tick(store, 40));
    expect(api.count('GET', '/todos/2')).toBe(3);
    unmount();
    expect(clock.delays).toEqual([]);
    clock.advance(400);
    expect(inflight(store)).toEqual([]);
    expect(api.count('GET', '/todos/2')).toBe(3);
  });

  it('balances subscriptions under StrictMode and sends one initial request', async () => {
    const log: string[] = [];
    const store = makeStore(undefined, log);
    const Slow = TodoResource.extend({ get: { pollFrequency: 60_000 } });
    function Live() {
      return <p>{useLive(Slow.get, { id: 3 }).title}</p>;
    }
    const { unmount } = renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <Live />
      </Suspense>,
      { store, strict: true },
    );
    await screen.findByText('write docs');
    expect(api.count('GET', '/todos/3')).toBe(1);
    const mounted = subscriptions(log);
    expect(mounted.subscribe - mounted.unsubscribe).toBe(1);
    unmount();
    const unmounted = subscriptions(log);
    expect(unmounted.subscribe).toBe(unmounted.unsubscribe);
  });
});

describe('useSubscription', () => {
  it('does nothing with `null` args', async () => {
    const log: string[] = [];
    const { cache, clock, inflight } = makeTimedCache();
    const store = makeStore(cache, log);
    function Nothing() {
      useSubscription(Polled.get, null);
      return <p>idle</p>;
    }
    const { unmount } = renderWithStore(<Nothing />, { store, cache });
    await act(() => Promise.resolve());
    // No poll timer: however long the page stays, nothing is sent.
    expect(clock.delays).toEqual([]);
    act(() => {
      clock.advance(400);
    });
    expect(inflight(store)).toEqual([]);
    unmount();
    expect(log.filter((type) => type.endsWith('subscribe'))).toEqual([]);
    expect(api.server.requests).toEqual([]);
  });
});
