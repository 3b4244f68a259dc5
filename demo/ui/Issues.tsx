import { memo, useState } from 'react';
import { useSelector } from 'react-redux';
import { useController, useSuspense } from 'rest-slice/react';
import type { Issue, Person } from '../resources';
import { useMoveIssue } from './Board';
import { resources, runWrite, type DemoState } from './store';

const { IssueResource, PersonResource, PinnedResource } = resources;

/** True while an optimistic write of this request path is pending. */
function usePending(path: string): boolean {
  return useSelector((state: DemoState) => state.rest.optimistic.some((entry) => entry.key.endsWith(path)));
}

interface RowProps {
  issue: Issue;
  selected: boolean;
  pinned: boolean;
  onSelect: (id: number) => void;
}

const IssueRow = memo(function IssueRow({ issue, selected, pinned, onSelect }: RowProps) {
  const controller = useController();
  const move = useMoveIssue();
  const pending = usePending(`/issues/${issue.id}`);
  // A negative id is the optimistic row of a create in flight: the server does not know it yet.
  const unsaved = issue.id < 0;
  const toggle = () => void move(issue, issue.status === 'open' ? 'closed' : 'open');
  const pin = () =>
    void (pinned
      ? runWrite(`unpin of #${issue.id}`, controller.fetch(PinnedResource.unpin, { id: issue.id }))
      : runWrite(`pin of #${issue.id}`, controller.fetch(PinnedResource.pin, { id: issue.id })));
  const remove = () => void runWrite(`delete of #${issue.id} “${issue.title}”`, controller.fetch(IssueResource.delete, { id: issue.id }));
  const classes = [selected && 'selected', (pending || unsaved) && 'pending', issue.status].filter(Boolean).join(' ');
  return (
    <tr className={classes} data-issue={issue.id}>
      <td className="pin">
        <button
          type="button"
          className={`icon star${pinned ? ' on' : ''}`}
          onClick={pin}
          disabled={unsaved}
          aria-pressed={pinned}
          aria-label={`${pinned ? 'unpin' : 'pin'} #${issue.id}`}
          title={pinned ? 'Unpin (getList.remove)' : 'Pin (getList.push)'}
        >
          {pinned ? '★' : '☆'}
        </button>
      </td>
      <td className="num">{unsaved ? '…' : `#${issue.id}`}</td>
      <td className="title">
        <button type="button" className="link" onClick={() => onSelect(issue.id)} disabled={unsaved}>
          {issue.title}
        </button>
      </td>
      <td>
        <button type="button" className={`pill ${issue.status}`} onClick={toggle} disabled={unsaved} aria-label={`toggle status of #${issue.id}`}>
          {issue.status}
        </button>
      </td>
      <td className="assignee">{issue.assignee?.name ?? '—'}</td>
      <td>
        <button type="button" className="icon" onClick={remove} disabled={unsaved} aria-label={`delete #${issue.id}`} title="Delete">
          ×
        </button>
      </td>
    </tr>
  );
});

function NewIssue() {
  const controller = useController();
  const people = useSuspense(PersonResource.getList);
  const [title, setTitle] = useState('');
  const [assignee, setAssignee] = useState('1');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!title.trim()) return;
    const person = people.find((p) => String(p.id) === assignee);
    // A temporary negative id shows the row at once; the server's answer brings the real one.
    const body = { id: -Date.now(), title: title.trim(), status: 'open' as const, assignee: person ? { id: person.id, name: person.name, version: person.version } : null };
    void runWrite(`create of “${body.title}”`, controller.fetch(IssueResource.getList.push, body));
    setTitle('');
  };
  return (
    <form className="new-issue" onSubmit={submit}>
      <input value={title} onChange={(e) => setTitle(e.target.value)} placeholder="New issue title" aria-label="New issue title" />
      <select value={assignee} onChange={(e) => setAssignee(e.target.value)} aria-label="Assignee">
        {people.map((p: Person) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
      <button type="submit">Create</button>
    </form>
  );
}

/** The pinned issues: a list of its own (`/pinned`), edited with `push` (pin) and `remove` (unpin). */
function Pinned({ issues, onSelect }: { issues: readonly Issue[]; onSelect: (id: number) => void }) {
  const controller = useController();
  return (
    <div className="pinned" aria-label="Pinned issues" role="list">
      <span className="muted">Pinned</span>
      {issues.length === 0 && <span className="muted">· none (☆ pins an issue)</span>}
      {issues.map((issue) => (
        <span key={issue.pk()} role="listitem" className="chip" data-pinned={issue.id}>
          <button type="button" className="link" onClick={() => onSelect(issue.id)}>
            #{issue.id} {issue.title}
          </button>
          <button
            type="button"
            className="icon"
            aria-label={`unpin #${issue.id} from the pinned list`}
            onClick={() => void runWrite(`unpin of #${issue.id}`, controller.fetch(PinnedResource.unpin, { id: issue.id }))}
          >
            ×
          </button>
        </span>
      ))}
    </div>
  );
}

/** The issue list: one row per issue, reading the same normalized rows as the detail. */
export function IssueList({ selected, onSelect }: { selected: number | null; onSelect: (id: number) => void }) {
  const issues = useSuspense(IssueResource.getList);
  const pinned = useSuspense(PinnedResource.getList);
  const controller = useController();
  const refreshing = useSelector((state: DemoState) => IssueResource.getList.key() in state.rest.inflight);
  const open = issues.filter((i) => i.status === 'open').length;
  return (
    <section className={`panel issues${refreshing ? ' refreshing' : ''}`} aria-label="Issues">
      <header>
        <h2>
          Issues <small>{open} open · {issues.length - open} closed</small>
        </h2>
        {refreshing && <span className="badge">refreshing…</span>}
        <button type="button" onClick={() => void controller.expireAll(IssueResource.getList)} title="Mark stale: the list stays while it refetches">
          Refresh
        </button>
      </header>
      <Pinned issues={pinned} onSelect={onSelect} />
      <table>
        <tbody>
          {issues.map((issue) => (
            <IssueRow key={issue.pk()} issue={issue} selected={issue.id === selected} pinned={pinned.some((p) => p.id === issue.id)} onSelect={onSelect} />
          ))}
        </tbody>
      </table>
      <NewIssue />
    </section>
  );
}
