/** @jest-environment ./test/react/environment.ts */
import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { useLive, useSubscription } from 'rest-slice/react';
import { makeStore, renderWithStore, sleep, type TodoResourceType, type TodoServer, withTodoServer } from './helpers';

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
    const store = makeStore();
    const { unmount } = renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <LiveTitle id={1} />
      </Suspense>,
      { store },
    );
    await screen.findByText('write hooks');
    api.todos.set(1, { ...api.todos.get(1)!, title: 'changed on the server' });
    await act(() => sleep(250));
    expect(screen.getByText('changed on the server')).toBeTruthy();
    const polled = api.count('GET', '/todos/1');
    expect(polled).toBeGreaterThanOrEqual(3);

    unmount();
    await sleep(20); // a request sent just before the unmount may still arrive
    const afterUnmount = api.count('GET', '/todos/1');
    expect(afterUnmount - polled).toBeLessThanOrEqual(1);
    await sleep(200);
    expect(api.count('GET', '/todos/1')).toBe(afterUnmount);
  });

  it('keeps polling until the last of two subscribers unmounts', async () => {
    const store = makeStore();
    function Both({ second }: { second: boolean }) {
      return (
        <Suspense fallback={<p>loading</p>}>
          <LiveTitle id={2} />
          {second ? <LiveTitle id={2} /> : null}
        </Suspense>
      );
    }
    const { rerender, unmount } = renderWithStore(<Both second />, { store });
    await screen.findAllByText('write tests');
    rerender(<Both second={false} />);
    const before = api.count('GET', '/todos/2');
    await act(() => sleep(200));
    expect(api.count('GET', '/todos/2') - before).toBeGreaterThanOrEqual(2);
    unmount();
    await sleep(20);
    const stopped = api.count('GET', '/todos/2');
    await sleep(150);
    expect(api.count('GET', '/todos/2')).toBe(stopped);
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
    const store = makeStore(undefined, log);
    function Nothing() {
      useSubscription(Polled.get, null);
      return <p>idle</p>;
    }
    const { unmount } = renderWithStore(<Nothing />, { store });
    await act(() => sleep(100));
    unmount();
    expect(log.filter((type) => type.endsWith('subscribe'))).toEqual([]);
    expect(api.server.requests).toEqual([]);
  });
});
