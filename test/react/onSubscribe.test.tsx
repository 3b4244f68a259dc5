/** @jest-environment ./test/react/environment.ts */
// A mounted hook is a user of its request: the endpoint's `onSubscribe` runs while it is mounted (StrictMode's
// mount, unmount, mount cleans up and runs again, leaving one live stream), and events re-render the view.
import { act, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createRestCache, live, type LiveController } from 'rest-slice';
import { useSuspense } from 'rest-slice/react';
import { openEventStream, startSseServer, type SseServer } from '../helpers/sse';
import { makeStore, renderWithStore, Todo, type TodoResourceType, type TodoServer, withTodoServer } from './helpers';
import { until } from '../helpers/until';

let api: TodoServer;
let TodoResource: TodoResourceType;
withTodoServer((server, resource) => {
  api = server;
  TodoResource = resource;
});
let sse: SseServer;
beforeEach(async () => {
  sse = await startSseServer();
});
afterEach(() => sse.close());

/** Waits until the event reached the store. */
const eventArrived = (check: () => boolean) => until(check, 'the event to reach the store');

describe.each([false, true])('StrictMode %s', (strict) => {
  it('useSuspense runs onSubscribe while mounted: one stream, events re-render, closed on unmount', async () => {
    const stats = { starts: 0, cleanups: 0 };
    const LiveTodo = TodoResource.get.extend({
      onSubscribe(controller: LiveController, params: { id: number }) {
        stats.starts++;
        const close = openEventStream(`${sse.url}/todos/${params.id}`, ({ data }) => {
          void controller.set(Todo, params, JSON.parse(data) as object);
        });
        return () => {
          stats.cleanups++;
          close();
        };
      },
    });
    function Title() {
      return <p>title {useSuspense(LiveTodo, { id: 1 }).title}</p>;
    }
    const cache = createRestCache({ reducerPath: 'liveApi', features: [live()] });
    const store = makeStore(cache);
    const view = renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <Title />
      </Suspense>,
      { store, cache, strict },
    );
    expect(await screen.findByText('title write hooks')).toBeTruthy();
    await sse.waitForOpen(1);
    expect(stats.starts - stats.cleanups).toBe(1);
    // StrictMode mounts, unmounts and mounts again: cleaned up once and run again.
    expect(stats).toEqual(strict ? { starts: 2, cleanups: 1 } : { starts: 1, cleanups: 0 });

    await act(async () => {
      expect(sse.send('todo', { id: 1, title: 'streamed' }, '/todos/1')).toBe(1);
      await eventArrived(() => cache.selectEntity(store.getState(), Todo, 1)?.title === 'streamed');
    });
    expect(screen.getByText('title streamed')).toBeTruthy();
    expect(api.count('GET', '/todos/1')).toBe(1);

    view.unmount();
    expect(stats.starts).toBe(stats.cleanups);
    await sse.waitForOpen(0);
  });
});
