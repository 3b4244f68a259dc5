/** @jest-environment ./test/react/environment.ts */
// useInfiniteSuspense and useInfiniteDLE against the real server: a cursor
// list of two todos a page, loaded page by page from a button.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { RestEndpoint, createRestCache, infinitePages, schema } from 'rest-slice';
import { ErrorBoundary, useInfiniteDLE, useInfiniteSuspense } from 'rest-slice/react';
import { allowConsole } from '../setup';
import { deferred, makeStore, renderWithStore, Todo, type TodoServer, withTodoServer } from './helpers';

let api: TodoServer;
withTodoServer((server) => {
  api = server;
});

interface FeedPage {
  results: Todo[];
  next: number | null;
}

/** Held answers of `/feed`, when a test holds them. */
let gate: ReturnType<typeof deferred<void>> | undefined;

beforeEach(() => {
  gate = undefined;
  // Todos 1..5 in pages of two after the `after` id.
  api.server.route('GET', '/feed', async (request) => {
    if (gate !== undefined) await gate.promise;
    const all = [1, 2, 3, 4, 5].map((id) => ({ id, title: `todo ${id}`, completed: false, userId: 1, updatedAt: 1 }));
    const after = Number(request.query.get('after') ?? 0);
    const page = all.filter((todo) => todo.id > after).slice(0, 2);
    const last = page[page.length - 1]?.id;
    return { json: { results: page, next: last !== undefined && last < 5 ? last : null } };
  });
});

function feed() {
  return new RestEndpoint({
    urlPrefix: api.server.url,
    path: '/feed',
    name: 'feed',
    searchParams: {} as { after?: number },
    schema: { results: new schema.Collection([Todo]) },
    getNextPageParams: (last: FeedPage, params: { after?: number }) => (last.next === null ? undefined : { ...params, after: last.next }),
  });
}

const feedCount = () => api.server.requests.filter((request) => request.url.startsWith('/feed')).length;

describe('useInfiniteSuspense', () => {
  function List({ Feed }: { Feed: ReturnType<typeof feed> }) {
    const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteSuspense(Feed, {});
    return (
      <div>
        <p data-testid="ids">{data.results.map((todo) => todo.id).join(',')}</p>
        <p data-testid="state">{`${hasNextPage ? 'more' : 'end'}${isFetchingNextPage ? ' loading' : ''}`}</p>
        <button onClick={fetchNextPage}>next</button>
      </div>
    );
  }

  it.each([false, true])('loads the first page with Suspense, then each next page into the one list (StrictMode: %s)', async (strict) => {
    const cache = createRestCache({ features: [infinitePages()] });
    const store = makeStore(cache);
    const Feed = feed();
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <List Feed={Feed} />
      </Suspense>,
      { store, cache, strict },
    );
    expect(screen.getByText('loading')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('ids').textContent).toBe('1,2'));
    expect(screen.getByTestId('state').textContent).toBe('more');

    gate = deferred();
    fireEvent.click(screen.getByText('next'));
    await waitFor(() => expect(screen.getByTestId('state').textContent).toBe('more loading'));
    // The list stays shown while the page is in flight.
    expect(screen.getByTestId('ids').textContent).toBe('1,2');
    await act(async () => gate!.resolve());
    await waitFor(() => expect(screen.getByTestId('ids').textContent).toBe('1,2,3,4'));
    expect(screen.getByTestId('state').textContent).toBe('more');

    gate = undefined;
    fireEvent.click(screen.getByText('next'));
    await waitFor(() => expect(screen.getByTestId('ids').textContent).toBe('1,2,3,4,5'));
    expect(screen.getByTestId('state').textContent).toBe('end');
    expect(feedCount()).toBe(3);
  });

  it('after invalidate, suspends and refetches every loaded page in order', async () => {
    const cache = createRestCache({ features: [infinitePages()] });
    const store = makeStore(cache);
    const Feed = feed();
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <List Feed={Feed} />
      </Suspense>,
      { store, cache },
    );
    await waitFor(() => expect(screen.getByTestId('ids').textContent).toBe('1,2'));
    fireEvent.click(screen.getByText('next'));
    await waitFor(() => expect(screen.getByTestId('ids').textContent).toBe('1,2,3,4'));
    const before = api.server.requests.length;

    await act(() => cache.controller(store).invalidate(Feed, {}));
    // Suspended (React keeps the old list in the DOM, hidden) until every page is back.
    expect(screen.getByText('loading')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('loading')).toBeNull());
    expect(screen.getByTestId('ids').textContent).toBe('1,2,3,4');
    expect(api.server.requests.slice(before).map((request) => request.url)).toEqual(['/feed', '/feed?after=2']);
    expect(screen.getByTestId('state').textContent).toBe('more');
  });
});

describe('useInfiniteDLE', () => {
  it('gives loading, then data with page state; a failed page is the error while the list stays', async () => {
    const cache = createRestCache({ features: [infinitePages()] });
    const store = makeStore(cache);
    const Feed = feed();
    const seen: { loading: boolean; ids?: string; hasNextPage: boolean; error?: string }[] = [];
    let fetchNext: (() => Promise<void>) | undefined;
    function List() {
      const { data, loading, error, hasNextPage, fetchNextPage } = useInfiniteDLE(Feed, {});
      fetchNext = fetchNextPage;
      seen.push({ loading, ids: data?.results.map((todo) => todo.id).join(','), hasNextPage, error: error?.message });
      return <p data-testid="ids">{data?.results.map((todo) => todo.id).join(',') ?? (loading ? 'loading' : '')}</p>;
    }
    renderWithStore(<List />, { store, cache });
    expect(seen[0]).toEqual({ loading: true, ids: undefined, hasNextPage: false, error: undefined });
    await waitFor(() => expect(screen.getByTestId('ids').textContent).toBe('1,2'));
    expect(seen[seen.length - 1]).toEqual({ loading: false, ids: '1,2', hasNextPage: true, error: undefined });

    api.server.route('GET', '/feed', () => ({ status: 404, json: { message: 'gone' } }));
    // Never rejects: the failure is the list's error.
    await act(() => fetchNext!());
    const last = seen[seen.length - 1];
    expect(last.ids).toBe('1,2');
    expect(last.hasNextPage).toBe(true);
    expect(last.error).toMatch(/404/);
  });

  it('null args skip: nothing is fetched and there are no pages', async () => {
    const cache = createRestCache({ features: [infinitePages()] });
    const store = makeStore(cache);
    const Feed = feed();
    let result: ReturnType<typeof useInfiniteDLE<typeof Feed>> | undefined;
    function List() {
      result = useInfiniteDLE(Feed, null);
      return null;
    }
    renderWithStore(<List />, { store, cache });
    await act(() => result!.fetchNextPage());
    expect(result).toMatchObject({ data: undefined, loading: false, hasNextPage: false, isFetchingNextPage: false });
    expect(feedCount()).toBe(0);
  });
});

describe('without the infinitePages feature', () => {
  it('useInfiniteSuspense and useInfiniteDLE throw to the boundary, naming the feature and the cache, and fetch nothing', () => {
    allowConsole();
    const cache = createRestCache({ reducerPath: 'core' });
    const store = makeStore(cache);
    const Feed = feed();
    function Suspending() {
      useInfiniteSuspense(Feed, {});
      return <p>never</p>;
    }
    function WithoutSuspense() {
      useInfiniteDLE(Feed, {});
      return <p>never</p>;
    }
    const message =
      'error: [rest-slice] `useInfiniteSuspense`/`useInfiniteDLE` need the infinitePages feature: the cache at `core` was made without it. Install it with `createRestCache({ features: [infinitePages()] })` and give that cache to `RestCacheProvider`.';
    for (const Component of [Suspending, WithoutSuspense]) {
      const view = renderWithStore(
        <ErrorBoundary errorComponent={({ error }) => <p role="alert">error: {error.message}</p>}>
          <Suspense fallback={<p>loading</p>}>
            <Component />
          </Suspense>
        </ErrorBoundary>,
        { store, cache },
      );
      expect(screen.getByRole('alert').textContent).toBe(message);
      view.unmount();
    }
    expect(feedCount()).toBe(0);
  });
});
