// The benchmark app with RTK Query: one `getTodos` query holds the list; the detail pane selects its
// todo from it with `selectFromResult`; writes are optimistic with the docs' recipe
// (`onQueryStarted` patches the cached list with `updateQueryData`, undone if the request fails).
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { StrictMode, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import type { TodoJson } from '../server';
import { DetailView, Layout, ListView, nextCreatedId, registerApp, typedTitle, phase } from './ui';

type NewTodo = Pick<TodoJson, 'id' | 'title' | 'completed'>;
/** A cached row: an optimistic create has no owner until the server answers. */
type ListedTodo = Omit<TodoJson, 'owner'> & { owner: TodoJson['owner'] | null };

const api = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: `${location.origin}/api/` }),
  endpoints: (build) => ({
    getTodos: build.query<ListedTodo[], void>({ query: () => 'todos' }),
    updateTodo: build.mutation<TodoJson, { id: number; title: string }>({
      query: ({ id, ...patch }) => ({ url: `todos/${id}`, method: 'PATCH', body: patch }),
      async onQueryStarted({ id, ...patch }, { dispatch, queryFulfilled }) {
        const patchResult = dispatch(
          api.util.updateQueryData('getTodos', undefined, (draft) => {
            const todo = draft.find((t) => t.id === id);
            if (todo) Object.assign(todo, patch);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patchResult.undo();
        }
      },
    }),
    addTodo: build.mutation<TodoJson, NewTodo>({
      query: (body) => ({ url: 'todos', method: 'POST', body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const patchResult = dispatch(
          api.util.updateQueryData('getTodos', undefined, (draft) => {
            draft.push({ ...body, owner: null });
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patchResult.undo();
        }
      },
    }),
    deleteTodo: build.mutation<{ id: number }, number>({
      query: (id) => ({ url: `todos/${id}`, method: 'DELETE' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patchResult = dispatch(
          api.util.updateQueryData('getTodos', undefined, (draft) => {
            const index = draft.findIndex((t) => t.id === id);
            if (index >= 0) draft.splice(index, 1);
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patchResult.undo();
        }
      },
    }),
  }),
});

function List({ selectedId, onSelect }: { selectedId: number | null; onSelect: (id: number) => void }) {
  if (__BENCH_PHASES__) phase('list hooks');
  const { data } = api.useGetTodosQuery();
  if (!data) return <p>Loading…</p>;
  return <ListView todos={data} selectedId={selectedId} onSelect={onSelect} />;
}

function Detail({ id, onDeleted }: { id: number | null; onDeleted: () => void }) {
  if (__BENCH_PHASES__) phase('detail hooks');
  const { todo } = api.useGetTodosQuery(undefined, {
    selectFromResult: ({ data }) => ({ todo: id === null ? undefined : data?.find((t) => t.id === id) }),
  });
  const [updateTodo] = api.useUpdateTodoMutation();
  const [deleteTodo] = api.useDeleteTodoMutation();
  const onRename = () => {
    if (id !== null) void updateTodo({ id, title: typedTitle() });
  };
  const onDelete = () => {
    if (id === null) return;
    onDeleted();
    void deleteTodo(id);
  };
  return <DetailView todo={todo} onRename={onRename} onDelete={onDelete} />;
}

function App() {
  const [selectedId, setSelectedId] = useState<number | null>(1);
  const [addTodo] = api.useAddTodoMutation();
  const onCreate = useCallback(() => {
    void addTodo({ id: nextCreatedId(), title: typedTitle(), completed: false });
  }, [addTodo]);
  const onDeleted = useCallback(() => setSelectedId(null), []);
  return (
    <Layout
      onCreate={onCreate}
      list={<List selectedId={selectedId} onSelect={setSelectedId} />}
      detail={<Detail id={selectedId} onDeleted={onDeleted} />}
    />
  );
}

registerApp((element) => {
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  createRoot(element).render(
    <StrictMode>
      <Provider store={store}>
        <App />
      </Provider>
    </StrictMode>,
  );
});
