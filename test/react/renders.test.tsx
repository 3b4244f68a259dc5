/** @jest-environment ./test/react/environment.ts */
import { act, screen } from '@testing-library/react';
import { memo, Suspense } from 'react';
import { restCache } from 'rest-slice';
import { useDLE, useSuspense } from 'rest-slice/react';
import { makeStore, renderWithStore, type Todo, type TodoResourceType, withTodoServer } from './helpers';

let TodoResource: TodoResourceType;

withTodoServer((_server, resource) => {
  TodoResource = resource;
});

describe('render counts', () => {
  it('updating entity B does not re-render a component showing A', async () => {
    const renders = new Map<number, number>();
    function TodoTitle({ id }: { id: number }) {
      renders.set(id, (renders.get(id) ?? 0) + 1);
      return <p>{useSuspense(TodoResource.get, { id }).title}</p>;
    }
    const store = makeStore();
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <TodoTitle id={1} />
        <TodoTitle id={2} />
      </Suspense>,
      { store },
    );
    await screen.findByText('write tests');
    renders.clear();

    await act(() => restCache.controller(store).fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'B changed' }));
    expect(screen.getByText('B changed')).toBeTruthy();
    expect(renders.get(1)).toBeUndefined();
    expect(renders.get(2)).toBeGreaterThanOrEqual(1);
  });

  it('in a list, a changed item re-renders and memoized unchanged items do not', async () => {
    const itemRenders = new Map<number, number>();
    let listRenders = 0;
    const Item = memo(function Item({ todo }: { todo: Todo }) {
      itemRenders.set(todo.id!, (itemRenders.get(todo.id!) ?? 0) + 1);
      return <li>{todo.title}</li>;
    });
    function List() {
      listRenders++;
      const todos = useSuspense(TodoResource.getList);
      return (
        <ul>
          {todos.map((todo) => (
            <Item key={todo.pk()} todo={todo} />
          ))}
        </ul>
      );
    }
    const store = makeStore();
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <List />
      </Suspense>,
      { store },
    );
    await screen.findByText('write docs');
    itemRenders.clear();
    listRenders = 0;

    await act(() => restCache.controller(store).fetch(TodoResource.partialUpdate, { id: 2 }, { completed: true, title: 'tested' }));
    expect(screen.getByText('tested')).toBeTruthy();
    expect(listRenders).toBeGreaterThanOrEqual(1);
    expect(itemRenders.get(2)).toBeGreaterThanOrEqual(1);
    expect(itemRenders.has(1)).toBe(false);
    expect(itemRenders.has(3)).toBe(false);
  });

  it('a request that settles with equal data does not re-render', async () => {
    let renders = 0;
    function TodoTitle() {
      renders++;
      return <p>{useSuspense(TodoResource.get, { id: 3 }).title}</p>;
    }
    const store = makeStore();
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <TodoTitle />
      </Suspense>,
      { store },
    );
    await screen.findByText('write docs');
    renders = 0;
    // Another request (the list) stores the same todo again: same row, same instance.
    await act(() => restCache.controller(store).fetch(TodoResource.getList));
    expect(renders).toBe(0);
  });
  it('a refetch shows as loading in useDLE and does not re-render a useSuspense reader of the same key, when it starts or when it lands with the same data', async () => {
    let suspenseRenders = 0;
    function Title() {
      suspenseRenders++;
      return <p>{useSuspense(TodoResource.get, { id: 3 }).title}</p>;
    }
    function Loading() {
      const { loading } = useDLE(TodoResource.get, { id: 3 });
      return <span>{loading ? 'refetching' : 'idle'}</span>;
    }
    const store = makeStore();
    renderWithStore(
      <Suspense fallback={<p>loading</p>}>
        <Title />
        <Loading />
      </Suspense>,
      { store },
    );
    await screen.findByText('write docs');
    await screen.findByText('idle');
    suspenseRenders = 0;

    let pending: Promise<unknown> = Promise.resolve();
    act(() => {
      pending = restCache.controller(store).fetch(TodoResource.get, { id: 3 });
    });
    expect(screen.getByText('refetching')).toBeTruthy();
    // In flight is not what useSuspense shows; nor is the landed response, the same data with a later expiry.
    expect(suspenseRenders).toBe(0);
    await act(() => pending);
    expect(screen.getByText('idle')).toBeTruthy();
    expect(screen.getByText('write docs')).toBeTruthy();
    expect(suspenseRenders).toBe(0);
  });
  // The read hooks keep one selector per request: a new args object for the same request must neither
  // leave the component on stale data nor make it read another request.
  it('a parent re-rendering with new args objects keeps the reader live, and a new id reads the new todo', async () => {
    let parentRenders = 0;
    let titleRenders = 0;
    function TodoTitle({ params }: { params: { id: number } }) {
      titleRenders++;
      return <p>{useSuspense(TodoResource.get, params).title}</p>;
    }
    function Parent({ id, tick }: { id: number; tick: number }) {
      parentRenders++;
      return (
        <Suspense fallback={<p>loading</p>}>
          <span>{tick}</span>
          <TodoTitle params={{ id }} />
        </Suspense>
      );
    }
    const store = makeStore();
    const view = renderWithStore(<Parent id={1} tick={0} />, { store });
    await screen.findByText('write hooks');
    for (let tick = 1; tick <= 3; tick++) view.rerender(<Parent id={1} tick={tick} />);
    expect(screen.getByText('3')).toBeTruthy();
    // One render of the reader per render of its parent: a new args object for the same request adds none.
    parentRenders = 0;
    titleRenders = 0;
    view.rerender(<Parent id={1} tick={4} />);
    expect([parentRenders, titleRenders]).toEqual([1, 1]);

    await act(() => restCache.controller(store).fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'A changed' }));
    expect(screen.getByText('A changed')).toBeTruthy();

    view.rerender(<Parent id={2} tick={5} />);
    expect(await screen.findByText('write tests')).toBeTruthy();
    titleRenders = 0;
    await act(() => restCache.controller(store).fetch(TodoResource.partialUpdate, { id: 1 }, { title: 'A again' }));
    expect(titleRenders).toBe(0);
    await act(() => restCache.controller(store).fetch(TodoResource.partialUpdate, { id: 2 }, { title: 'B changed' }));
    expect(screen.getByText('B changed')).toBeTruthy();
  });
});
