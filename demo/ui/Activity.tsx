import { useSuspense } from 'rest-slice/react';
import { resources } from './store';

/** The activity feed: loaded once, then kept live by the endpoint's `onSubscribe` (Server-Sent Events → `controller.set`). */
export function ActivityFeed() {
  const activity = useSuspense(resources.ActivityResource.getList);
  return (
    <section className="panel activity" aria-label="Activity">
      <header>
        <h2>
          Activity <span className="live">live</span>
        </h2>
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
    </section>
  );
}

/** The people: renaming one shows in every issue and comment that references them. */
export function People() {
  const people = useSuspense(resources.PersonResource.getList);
  return (
    <p className="people muted">
      People: {people.map((p) => p.name).join(', ')}
    </p>
  );
}
