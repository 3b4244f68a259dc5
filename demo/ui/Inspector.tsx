import { useSelector } from 'react-redux';
import { useFeed } from './feed';
import { actionLog, type DemoState } from './store';

function short(value: unknown): string {
  const json = JSON.stringify(value, (key, v: unknown) => (key === 'assignee' || key === 'author') && v && typeof v === 'object' ? '[Person]' : v);
  return json.length > 90 ? `${json.slice(0, 89)}…` : json;
}

/** The cache as it is now: entity tables, pending optimistic updates, requests in flight, the action log. */
export function Inspector() {
  const rest = useSelector((state: DemoState) => state.rest);
  const log = useFeed(actionLog);
  const origin = location.origin;
  return (
    <aside className="inspector" aria-label="Cache inspector">
      <h2>Cache inspector</h2>
      <details open className="entities">
        <summary>Confirmed entities and results (optimistic updates apply on top)</summary>
        {Object.entries(rest.entities).map(([key, rows]) => (
          <div key={key} className="table" data-table={key}>
            <h3>
              {key.replace(origin, '')} <small>{Object.keys(rows ?? {}).length}</small>
            </h3>
            <ul>
              {Object.entries(rows ?? {}).map(([pk, row]) => (
                <li key={pk}>
                  <b>{pk}</b> {row === null ? <i>invalidated</i> : short(row)}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </details>
      <h3>
        Pending optimistic updates <small>{rest.optimistic.length}</small>
      </h3>
      <ul className="optimistic" aria-label="Pending optimistic updates">
        {rest.optimistic.length === 0 && <li className="muted">none</li>}
        {rest.optimistic.map((o) => (
          <li key={`${o.key}${o.fetchedAt}${o.requestId ?? ''}`}>
            <b>{o.endpoint}</b> {o.key.replace(origin, '')}
          </li>
        ))}
      </ul>
      <h3>
        In flight <small>{Object.keys(rest.inflight).length}</small>
      </h3>
      <ul className="inflight">
        {Object.keys(rest.inflight).map((key) => (
          <li key={key}>{key.replace(origin, '')}</li>
        ))}
      </ul>
      <h3>Action log</h3>
      <ol className="log" aria-label="Action log">
        {log.map((entry) => (
          <li key={entry.n} className={entry.type.split('/')[1]}>
            <time>{entry.time}</time> <b>{entry.type}</b> {entry.detail}
          </li>
        ))}
      </ol>
    </aside>
  );
}
