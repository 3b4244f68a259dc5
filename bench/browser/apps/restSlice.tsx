// The benchmark app with rest-slice: the public API only (`rest-slice`, `rest-slice/react`),
// a Redux store from configureStore, optimistic writes from `createResource({ optimistic: true })`.
import { configureStore } from '@reduxjs/toolkit';
import { StrictMode, Suspense, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { createResource, Entity, restCache } from 'rest-slice';
import { useCache, useController, useSuspense } from 'rest-slice/react';
import { DetailView, Layout, ListView, nextCreatedId, registerApp, typedTitle, phase } from './ui';

class User extends Entity {
  id = 0;
  name = '';
  pk() {
    return String(this.id);
  }
  static key = 'User';
}

class Todo extends Entity {
  id = 0;
  title = '';
  completed = false;
  owner: User | null = null;
  pk() {
    return String(this.id);
  }
  static key = 'Todo';
  static schema = { owner: User };
}

const TodoResource = createResource({ urlPrefix: `${location.origin}/api`, path: '/todos/:id', schema: Todo, optimistic: true });

function List({ selectedId, onSelect }: { selectedId: number | null; onSelect: (id: number) => void }) {
  if (__BENCH_PHASES__) phase('list hooks');
  const todos = useSuspense(TodoResource.getList);
  return <ListView todos={todos} selectedId={selectedId} onSelect={onSelect} />;
}

function Detail({ id, onDeleted }: { id: number | null; onDeleted: () => void }) {
  if (__BENCH_PHASES__) phase('detail hooks');
  const todo = useCache(TodoResource.get, id === null ? null : { id });
  const controller = useController();
  const onRename = () => {
    if (id !== null) void controller.fetch(TodoResource.partialUpdate, { id }, { title: typedTitle() });
  };
  const onDelete = () => {
    if (id === null) return;
    onDeleted();
    void controller.fetch(TodoResource.delete, { id });
  };
  return <DetailView todo={todo ?? undefined} onRename={onRename} onDelete={onDelete} />;
}

function App() {
  const [selectedId, setSelectedId] = useState<number | null>(1);
  const controller = useController();
  const onCreate = useCallback(() => {
    void controller.fetch(TodoResource.getList.push, { id: nextCreatedId(), title: typedTitle(), completed: false });
  }, [controller]);
  const onDeleted = useCallback(() => setSelectedId(null), []);
  return (
    <Suspense fallback={<p>Loading…</p>}>
      <Layout
        onCreate={onCreate}
        list={<List selectedId={selectedId} onSelect={setSelectedId} />}
        detail={<Detail id={selectedId} onDeleted={onDeleted} />}
      />
    </Suspense>
  );
}

registerApp((element) => {
  const store = configureStore({
    reducer: { [restCache.reducerPath]: restCache.reducer },
    middleware: (getDefault) => getDefault().concat(restCache.middleware),
  });
  createRoot(element).render(
    <StrictMode>
      <Provider store={store}>
        <App />
      </Provider>
    </StrictMode>,
  );
});
