import { configureStore } from '@reduxjs/toolkit';
import { memo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { restCache } from 'rest-slice';
import { AsyncBoundary, useController, useSuspense } from 'rest-slice/react';
import { createTodoResource, type Todo } from './resources';

const TodoResource = createTodoResource(`${location.origin}/api`);

const store = configureStore({
  reducer: { [restCache.reducerPath]: restCache.reducer },
  middleware: (getDefault) => getDefault().concat(restCache.middleware),
});

async function setControls(controls: { failNextMutation?: boolean; delay?: number }) {
  await fetch('/controls', { method: 'POST', body: JSON.stringify(controls) });
}

// Memoized: a row re-renders only when its own todo changes (`onError` is a state setter, so stable).
const TodoRow = memo(function TodoRow({ todo, onError }: { todo: Todo; onError: (message: string | undefined) => void }) {
  const controller = useController();
  const [writes, setWrites] = useState(0);
  // Runs a write; the row is marked pending until the server has answered. The error is shown by the
  // list, since a failed delete brings back a row that was unmounted (with its state).
  const write = (request: Promise<unknown>) => {
    onError(undefined);
    setWrites((n) => n + 1);
    request.catch((e: Error) => onError(e.message)).finally(() => setWrites((n) => n - 1));
  };
  const toggle = () => write(controller.fetch(TodoResource.partialUpdate, { id: todo.id! }, { completed: !todo.completed }));
  // A negative id is the optimistic row of an add still in flight: the server knows no such id yet.
  const unsaved = todo.id! < 0;
  const pending = writes > 0 || unsaved;
  return (
    <li className={pending ? 'pending' : undefined}>
      <label>
        <input type="checkbox" checked={todo.completed} onChange={toggle} disabled={unsaved} /> {todo.title}
      </label>{' '}
      <button onClick={() => write(controller.fetch(TodoResource.delete, { id: todo.id! }))} disabled={unsaved}>
        delete
      </button>
    </li>
  );
});

function TodoList() {
  const todos = useSuspense(TodoResource.getList);
  const controller = useController();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string>();
  const add = (event: React.FormEvent) => {
    event.preventDefault();
    if (!title) return;
    // A temporary id lets the optimistic row show at once; the server's id replaces it.
    setError(undefined);
    controller
      .fetch(TodoResource.getList.push, { id: -Date.now(), title, completed: false })
      .catch((e: Error) => setError(e.message));
    setTitle('');
  };
  return (
    <>
      <ul>
        {todos.map((todo) => (
          <TodoRow key={todo.pk()} todo={todo} onError={setError} />
        ))}
      </ul>
      {error && (
        <p className="error" role="alert">
          rolled back: {error}
        </p>
      )}
      <form onSubmit={add}>
        <input value={title} onChange={(e) => setTitle(e.target.value)} placeholder="New todo" />{' '}
        <button type="submit">add</button>
      </form>
      <fieldset>
        <legend>Try the cache</legend>
        <button onClick={() => setControls({ failNextMutation: true })}>make the next write fail</button>
        <button onClick={() => controller.invalidate(TodoResource.getList)}>invalidate the list</button>
        <p>Every answer of this server is delayed: the optimistic view shows at once, and a failed write rolls back.</p>
      </fieldset>
    </>
  );
}

function App() {
  return (
    <main>
      <h1>Todos</h1>
      <AsyncBoundary fallback={<p>Loading…</p>}>
        <TodoList />
      </AsyncBoundary>
      <p>
        Open Redux DevTools to see each <code>rest/fetch</code>, <code>rest/optimistic</code>,{' '}
        <code>rest/setResponse</code> and <code>rest/setError</code>.
      </p>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <Provider store={store}>
    <App />
  </Provider>,
);
