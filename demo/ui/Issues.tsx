import { memo, useState } from 'react';
import { useSelector } from 'react-redux';
import { useController, useSuspense } from 'rest-slice/react';
import type { Issue, Person } from '../resources';
import { resources, runWrite, type DemoState } from './store';

const { IssueResource, PersonResource } = resources;

/** True while an optimistic write of this request path is pending. */
function usePending(path: string): boolean {
  return useSelector((state: DemoState) => state.rest.optimistic.some((entry) => entry.key.endsWith(path)));
}

const IssueRow = memo(function IssueRow({ issue, selected, onSelect }: { issue: Issue; selected: boolean; onSelect: (id: number) => void }) {
  const controller = useController();
  const pending = usePending(`/issues/${issue.id}`);
  // A negative id is the optimistic row of a create in flight: the server does not know it yet.
  const unsaved = issue.id < 0;
  const toggle = () => {
    const status = issue.status === 'open' ? 'closed' : 'open';
    void runWrite(`#${issue.id} ${status === 'closed' ? 'closed' : 'reopened'}`, controller.fetch(IssueResource.partialUpdate, { id: issue.id }, { status }));
  };
  const remove = () => void runWrite(`delete of #${issue.id} “${issue.title}”`, controller.fetch(IssueResource.delete, { id: issue.id }));
  const classes = [selected && 'selected', (pending || unsaved) && 'pending', issue.status].filter(Boolean).join(' ');
  return (
    <tr className={classes} data-issue={issue.id}>
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

/** The issue list: one row per issue, reading the same normalized rows as the detail. */
export function IssueList({ selected, onSelect }: { selected: number | null; onSelect: (id: number) => void }) {
  const issues = useSuspense(IssueResource.getList);
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
      <table>
        <tbody>
          {issues.map((issue) => (
            <IssueRow key={issue.pk()} issue={issue} selected={issue.id === selected} onSelect={onSelect} />
          ))}
        </tbody>
      </table>
      <NewIssue />
    </section>
  );
}
