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
  it('a refetch shows as loading in useDLE and does not re-render a useSuspense reader of the same key when it starts', async () => {
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
    // In flight is not what useSuspense shows; the landed response (a new expiry) may re-render it.
    expect(suspenseRenders).toBe(0);
    await act(() => pending);
    expect(screen.getByText('idle')).toBeTruthy();
    expect(screen.getByText('write docs')).toBeTruthy();
  });
});
