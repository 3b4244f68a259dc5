// The markup the three apps share, so only the data layer differs between them: a toolbar (title
// input, Create), the list (one memoized row per todo; a click selects it) and the detail pane of the
// selected todo (Rename, Delete). The harness (../harness.ts) finds elements by these ids and classes.
import { memo, useEffect, useLayoutEffect, type ReactNode } from 'react';

/**
 * Notes the time a phase of the click being timed began (the first time it is reached): only in the
 * bundles `BENCH_PHASES=1` builds, each call sits behind `if (__BENCH_PHASES__)` (./phases.d.ts).
 */
export function phase(name: string): void {
  const phases = (window as unknown as { benchPhases?: Record<string, number> }).benchPhases;
  if (phases !== undefined && phases[name] === undefined) phases[name] = performance.now();
}

/** Renders nothing; its effects note when React committed the click's render (layout) and ran its effects (passive). */
function PhaseProbe() {
  useLayoutEffect(() => phase('committed'));
  useEffect(() => phase('effects run'));
  return null;
}

/** What a row and the detail pane show; each library hands its own object of this shape. */
export interface TodoView {
  id: number;
  title: string;
  completed: boolean;
  owner: { id: number; name: string } | null;
}

/** The value of the title input: what Rename and Create write (the harness types it before clicking). */
export function typedTitle(): string {
  return (document.getElementById('title-input') as HTMLInputElement).value;
}

let createdIds = 1_000_000;

/** A fresh id for a created todo, chosen by the client so the optimistic row needs no temporary id. */
export function nextCreatedId(): number {
  return ++createdIds;
}

const Row = memo(function Row({ todo, selected, onSelect }: { todo: TodoView; selected: boolean; onSelect: (id: number) => void }) {
  return (
    <li data-id={todo.id} className={selected ? 'row selected' : 'row'} onClick={() => onSelect(todo.id)}>
      <span className="title">{todo.title}</span> <span className="owner">{todo.owner?.name}</span>
      {todo.completed ? ' ✓' : ''}
    </li>
  );
});

/** The list of todos; only rows whose todo object or selection changed re-render. */
export function ListView({ todos, selectedId, onSelect }: { todos: readonly TodoView[]; selectedId: number | null; onSelect: (id: number) => void }) {
  if (__BENCH_PHASES__) phase('list rendered');
  return (
    <ul id="list">
      {todos.map((todo) => (
        <Row key={todo.id} todo={todo} selected={todo.id === selectedId} onSelect={onSelect} />
      ))}
    </ul>
  );
}

/** The selected todo with its actions, or a placeholder. */
export function DetailView({ todo, onRename, onDelete }: { todo: TodoView | undefined; onRename: () => void; onDelete: () => void }) {
  if (__BENCH_PHASES__) phase('detail rendered');
  if (!todo) {
    return (
      <section id="detail">
        <p className="empty">Nothing selected</p>
      </section>
    );
  }
  return (
    <section id="detail" data-id={todo.id}>
      <h2 className="title">{todo.title}</h2>
      <p className="owner">{todo.owner?.name}</p>
      <button id="rename" onClick={onRename}>
        Rename
      </button>
      <button id="delete" onClick={onDelete}>
        Delete
      </button>
    </section>
  );
}

/** The page frame: toolbar, then the list and detail side by side. */
export function Layout({ onCreate, list, detail }: { onCreate: () => void; list: ReactNode; detail: ReactNode }) {
  return (
    <div>
      {__BENCH_PHASES__ && <PhaseProbe />}
      <div id="toolbar">
        <input id="title-input" defaultValue="" />
        <button id="create" onClick={onCreate}>
          Create
        </button>
      </div>
      <div style={{ display: 'flex' }}>
        <div style={{ flex: 1 }}>{list}</div>
        <div style={{ flex: 1 }}>{detail}</div>
      </div>
    </div>
  );
}

/** Registers the app for the harness: `mount(element)` renders it there. */
export function registerApp(mount: (element: HTMLElement) => void): void {
  (window as unknown as { benchApp: { mount: typeof mount } }).benchApp = { mount };
}
