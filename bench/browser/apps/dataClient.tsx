// The benchmark app with Data Client 0.10 (@data-client/react 0.10.0, @data-client/rest 0.9.9, from
// bench/browser/node_modules): its CacheProvider, optimistic writes from `createResource({ optimistic: true })`.
import { StrictMode, Suspense, useCallback, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createResource, Entity } from '@data-client/rest';
import { CacheProvider, useCache, useController, useSuspense } from '@data-client/react';
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
  createRoot(element).render(
    <StrictMode>
      <CacheProvider>
        <App />
      </CacheProvider>
    </StrictMode>,
  );
});
