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

// Memoized: a row re-renders only when its own todo changes.
const TodoRow = memo(function TodoRow({ todo }: { todo: Todo }) {
  const controller = useController();
  const [error, setError] = useState<string>();
  const toggle = () => {
    setError(undefined);
    controller
      .fetch(TodoResource.partialUpdate, { id: todo.id! }, { completed: !todo.completed })
      .catch((e: Error) => setError(e.message));
  };
  return (
    <li>
      <label>
        <input type="checkbox" checked={todo.completed} onChange={toggle} /> {todo.title}
      </label>{' '}
      <button onClick={() => controller.fetch(TodoResource.delete, { id: todo.id! })}>delete</button>
      {error && <div className="error">rolled back: {error}</div>}
    </li>
  );
});

function TodoList() {
  const todos = useSuspense(TodoResource.getList);
  const controller = useController();
  const [title, setTitle] = useState('');
  const add = (event: React.FormEvent) => {
    event.preventDefault();
    if (!title) return;
    // A temporary id lets the optimistic row show at once; the server's id replaces it.
    controller.fetch(TodoResource.getList.push, { id: -Date.now(), title, completed: false }).catch(() => undefined);
    setTitle('');
  };
  return (
    <>
      <ul>
        {todos.map((todo) => (
          <TodoRow key={todo.pk()} todo={todo} />
        ))}
      </ul>
      <form onSubmit={add}>
        <input value={title} onChange={(e) => setTitle(e.target.value)} placeholder="New todo" />{' '}
        <button type="submit">add</button>
      </form>
      <fieldset>
        <legend>Try the cache</legend>
        <button onClick={() => setControls({ failNextMutation: true })}>make the next write fail</button>
        <button onClick={() => controller.invalidate(TodoResource.getList)}>invalidate the list</button>
        <p>Writes take 600 ms on this server: the optimistic view shows at once, and a failed write rolls back.</p>
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
