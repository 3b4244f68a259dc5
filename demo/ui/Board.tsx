import { useController, useSuspense } from 'rest-slice/react';
import type { Issue } from '../resources';
import { resources, runWrite } from './store';

const { IssueResource } = resources;

/** Moves an issue to the other column (and status): `getList.move`, optimistic, rolled back if the server fails. */
export function useMoveIssue() {
  const controller = useController();
  return (issue: Issue, status: Issue['status']) =>
    runWrite(
      `#${issue.id} ${status === 'closed' ? 'closed' : 'reopened'}`,
      controller.fetch(IssueResource.getList.move, { id: issue.id }, { status }),
    );
}

function Column({ status }: { status: Issue['status'] }) {
  // Each column is its own list (`GET /issues?status=…`) over the same Issue rows as the table.
  const issues = useSuspense(IssueResource.getList, { status });
  const move = useMoveIssue();
  const other = status === 'open' ? 'closed' : 'open';
  return (
    <div className={`column ${status}`} aria-label={`${status === 'open' ? 'Open' : 'Closed'} column`} role="list">
      <h3>
        {status === 'open' ? 'Open' : 'Closed'} <small>{issues.length}</small>
      </h3>
      {issues.length === 0 && <p className="muted">Nothing here.</p>}
      {issues.map((issue) => (
        <div key={issue.pk()} role="listitem" className="card" data-card={issue.id}>
          <span className="num">#{issue.id}</span> <span className="card-title">{issue.title}</span>
          <button
            type="button"
            className="move"
            disabled={issue.id < 0}
            onClick={() => void move(issue, other)}
            aria-label={`move #${issue.id} to ${other}`}
            title={`Move to ${other}`}
          >
            {status === 'open' ? 'Close →' : '← Reopen'}
          </button>
        </div>
      ))}
    </div>
  );
}

/** The board: two filtered lists; moving a card is one `getList.move` that edits both lists (and the table) at once. */
export function Board() {
  return (
    <section className="panel board" aria-label="Board">
      <header>
        <h2>
          Board <small>getList.move between two filtered lists</small>
        </h2>
      </header>
      <div className="board-columns">
        <Column status="open" />
        <Column status="closed" />
      </div>
    </section>
  );
}
