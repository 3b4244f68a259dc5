import { useEffect, useState } from 'react';
import { useController, useSuspense, AsyncBoundary } from 'rest-slice/react';
import type { Issue } from '../resources';
import { useMoveIssue } from './Board';
import { useFeed } from './feed';
import { useRetryError } from './RetryError';
import { controller as storeController, gcTime, resources, retained, runWrite } from './store';

const { IssueResource, PersonResource, CommentResource } = resources;

function Comments({ issueId }: { issueId: number }) {
  const comments = useSuspense(CommentResource.getList, { issueId });
  if (comments.length === 0) return <p className="muted">No comments.</p>;
  return (
    <ul className="comments">
      {comments.map((c) => (
        <li key={c.pk()}>
          <b>{c.author?.name ?? 'someone'}</b> {c.text}
        </li>
      ))}
    </ul>
  );
}

function RenameForm({ label, value, onSave }: { label: string; value: string; onSave: (value: string) => void }) {
  const [draft, setDraft] = useState(value);
  return (
    <form
      className="inline"
      onSubmit={(e) => {
        e.preventDefault();
        if (draft.trim() && draft !== value) onSave(draft.trim());
      }}
    >
      <input value={draft} onChange={(e) => setDraft(e.target.value)} aria-label={label} />
      <button type="submit">Save</button>
    </form>
  );
}

function IssueDetailBody({ id }: { id: number }) {
  // The same Issue row the list shows (inferred from the list, no request): one copy, two views.
  const issue: Issue = useSuspense(IssueResource.get, { id });
  const controller = useController();
  const CommentsError = useRetryError('the comments', () => controller.fetch(CommentResource.getList, { issueId: id }));
  const rename = (title: string) => void runWrite(`rename of #${id} to “${title}”`, controller.fetch(IssueResource.partialUpdate, { id }, { title }));
  const move = useMoveIssue();
  const toggle = () => void move(issue, issue.status === 'open' ? 'closed' : 'open');
  const assignee = issue.assignee;
  return (
    <>
      <h3 className="detail-title">
        <span className="num">#{issue.id}</span> {issue.title}
      </h3>
      <p>
        <button type="button" className={`pill ${issue.status}`} onClick={toggle}>
          {issue.status}
        </button>{' '}
        assigned to <b className="assignee-name">{assignee?.name ?? 'nobody'}</b>
      </p>
      {/* Keyed by the stored value: a rollback or a teammate's change resets the draft. */}
      <RenameForm key={`t${issue.title}`} label="Issue title" value={issue.title} onSave={rename} />
      {assignee && (
        <RenameForm
          key={`p${assignee.id}${assignee.name}`}
          label="Assignee name"
          value={assignee.name}
          onSave={(name) => void runWrite(`rename of ${assignee.name} to ${name}`, controller.fetch(PersonResource.partialUpdate, { id: assignee.id }, { name }))}
        />
      )}
      <h4>
        Comments <KeepComments issueId={id} />
      </h4>
      <AsyncBoundary fallback={<p className="muted">Loading comments…</p>} errorComponent={CommentsError}>
        <Comments issueId={id} />
      </AsyncBoundary>
    </>
  );
}

/** The releases of the comment lists the page holds with `controller.retain`, by request key. */
const releases = new Map<string, () => void>();

/** A checkbox that holds this issue's comments with `controller.retain`: garbage collection keeps them after you leave. */
function KeepComments({ issueId }: { issueId: number }) {
  const key = CommentResource.getList.key({ issueId });
  const kept = useFeed(retained).includes(key);
  const change = (keep: boolean) => {
    if (keep) {
      releases.set(key, storeController.retain(CommentResource.getList, { issueId }));
      retained.push(key);
    } else {
      releases.get(key)?.();
      releases.delete(key);
      retained.filter((k) => k !== key);
    }
  };
  return (
    <label className="keep" title={`Unused results are collected ${gcTime / 1000} s after their last user leaves; a retained one stays`}>
      <input type="checkbox" checked={kept} onChange={(e) => change(e.target.checked)} /> keep cached (retain)
    </label>
  );
}

/** The detail of the selected issue. */
export function IssueDetail({ id }: { id: number | null }) {
  const controller = useController();
  useEffect(() => {
    if (id === null) return undefined;
    // Leaving an issue cancels its comments if they are still loading (nothing happens once they came).
    return () => void controller.abort(CommentResource.getList, { issueId: id });
  }, [controller, id]);
  return (
    <section className="panel detail" aria-label="Issue detail">
      <header>
        <h2>Detail</h2>
      </header>
      {id === null ? (
        <p className="muted">Select an issue to see it here. Edits show in the list in the same frame.</p>
      ) : (
        <AsyncBoundary fallback={<p className="muted">Loading issue…</p>}>
          <IssueDetailBody key={id} id={id} />
        </AsyncBoundary>
      )}
    </section>
  );
}
