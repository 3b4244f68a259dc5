import { useState } from 'react';
import { useSelector } from 'react-redux';
import { selectPages } from 'rest-slice';
import { useController, useError, useInfiniteSuspense, useSuspense } from 'rest-slice/react';
import { cache, resources, type DemoState } from './store';

const { ActivityResource } = resources;

/**
 * The activity feed: an infinite list (`getNextPageParams`, `useInfiniteSuspense`, "Load older"), kept
 * live by the endpoint's `onSubscribe` (Server-Sent Events → `controller.set`). Refresh marks it stale:
 * every loaded page is refetched while the lines stay shown.
 */
export function ActivityFeed() {
  const { data: activity, hasNextPage, fetchNextPage, isFetchingNextPage } = useInfiniteSuspense(ActivityResource.getList);
  const controller = useController();
  const pages = useSelector((state: DemoState) => selectPages(cache, state, ActivityResource.getList).pageParams.length);
  const refreshing = useSelector((state: DemoState) => ActivityResource.getList.key() in state.rest.inflight && !isFetchingNextPage);
  // A failed page keeps the lines shown (its error is not thrown): say so here, with a Retry of what failed.
  const error = useError(ActivityResource.getList);
  const [last, setLast] = useState<'older' | 'refresh'>('older');
  const refresh = () => {
    setLast('refresh');
    void controller.expireAll({ testKey: (key) => key === ActivityResource.getList.key() });
  };
  const loadOlder = () => {
    setLast('older');
    void fetchNextPage();
  };
  const status = (error as { status?: number } | undefined)?.status;
  return (
    <section className={`panel activity${refreshing ? ' refreshing' : ''}`} aria-label="Activity">
      <header>
        <h2>
          Activity <span className="live">live</span>{' '}
          <small>
            {activity.length} lines · {pages} {pages === 1 ? 'page' : 'pages'}
          </small>
        </h2>
        {refreshing && <span className="badge">refetching {pages} pages…</span>}
        <button
          type="button"
          onClick={refresh}
          title="Mark stale: every loaded page is refetched, the lines stay shown"
        >
          Refresh all pages
        </button>
      </header>
      {activity.length === 0 ? (
        <p className="muted">Nothing yet. Change an issue, or let a teammate.</p>
      ) : (
        <ol>
          {activity.map((a) => (
            <li key={a.pk()}>
              <time>{new Date(a.at).toLocaleTimeString()}</time> {a.text}
            </li>
          ))}
        </ol>
      )}
      {error && !isFetchingNextPage && !refreshing && (
        <div className="error-box" role="alert">
          <strong>{last === 'older' ? 'Could not load older lines' : 'Could not refresh the feed'}</strong>
          <span>{status ? `The server answered ${status}; the lines loaded stay.` : error.message}</span>
          <button type="button" onClick={last === 'older' ? loadOlder : refresh}>
            Retry
          </button>
        </div>
      )}
      <p className="more">
        {hasNextPage ? (
          <button type="button" onClick={loadOlder} disabled={isFetchingNextPage}>
            {isFetchingNextPage ? 'Loading older…' : 'Load older'}
          </button>
        ) : (
          <span className="muted">That is all: the beginning of the history.</span>
        )}
      </p>
    </section>
  );
}

/** The people: renaming one shows in every issue and comment that references them. */
export function People() {
  const people = useSuspense(resources.PersonResource.getList);
  return <p className="people muted">People: {people.map((p) => p.name).join(', ')}</p>;
}
