import { useSelector } from 'react-redux';
import type { RestCacheState } from 'rest-slice';
import { useFeed } from './feed';
import { actionLog, gcTime, retained, shortKey, sweeps, type DemoState } from './store';

function short(value: unknown): string {
  const json = JSON.stringify(value, (key, v: unknown) => (key === 'assignee' || key === 'author') && v && typeof v === 'object' ? '[Person]' : v);
  return json.length > 90 ? `${json.slice(0, 89)}…` : json;
}

/** What is happening now: optimistic updates on top of the confirmed data, requests in flight, retries. */
function Now({ rest }: { rest: RestCacheState }) {
  const retrying = Object.entries(rest.retrying ?? {});
  return (
    <>
      <h3>
        Pending optimistic updates <small>{rest.optimistic.length}</small>
      </h3>
      <ul className="optimistic" aria-label="Pending optimistic updates">
        {rest.optimistic.length === 0 && <li className="muted">none</li>}
        {rest.optimistic.map((o) => (
          <li key={`${o.key}${o.fetchedAt}${o.requestId ?? ''}`}>
            <b>{o.endpoint}</b> {shortKey(o.key)}
          </li>
        ))}
      </ul>
      <h3>
        In flight <small>{Object.keys(rest.inflight).length}</small>
      </h3>
      <ul className="inflight">
        {Object.keys(rest.inflight).map((key) => (
          <li key={key}>{shortKey(key)}</li>
        ))}
      </ul>
      <h3>
        Retrying <small>{retrying.length}</small>
      </h3>
      <ul className="retrying" aria-label="Retrying">
        {retrying.length === 0 && <li className="muted">none</li>}
        {retrying.map(([key, state]) => (
          <li key={key}>
            {shortKey(key)} · attempt {state.attempt} after {state.error.status ?? state.error.message}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The stored results (request keys), which ones the page retains, and what garbage collection removed. */
function Lifetime({ rest }: { rest: RestCacheState }) {
  const kept = useFeed(retained);
  const collected = useFeed(sweeps);
  const results = Object.entries(rest.meta);
  return (
    <>
      <h3>
        Results <small>{results.length}</small>
      </h3>
      <p className="note">
        Garbage collection: a result nobody shows is removed {gcTime / 1000} s after its last user leaves, with the rows only it reached
        (<code>keepUnusedDataFor: {gcTime}</code>, a sweep every second). A retained one stays.
      </p>
      <ul className="results" aria-label="Stored results">
        {results.map(([key, meta]) => (
          <li key={key} data-key={shortKey(key)}>
            {shortKey(key)}
            {kept.includes(key) && <em className="tag kept"> retained</em>}
            {meta.error && <em className="tag error"> {meta.error.status ?? 'error'}</em>}
          </li>
        ))}
      </ul>
      <h3>
        Collected <small>last sweeps</small>
      </h3>
      <ul className="collected" aria-label="Garbage collected">
        {collected.length === 0 && <li className="muted">nothing yet: open an issue, then another, and wait {gcTime / 1000} s</li>}
        {collected.map((sweep) => (
          <li key={sweep.n}>
            <time>{sweep.time}</time> {sweep.keys.join(', ') || 'no result'}
            {sweep.rows && <span className="muted"> · rows {sweep.rows}</span>}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The cache as it is now: pending optimistic updates, requests in flight and retried, the action log, entity tables, results and garbage collection. */
export function Inspector() {
  const rest = useSelector((state: DemoState) => state.rest);
  const log = useFeed(actionLog);
  return (
    <aside className="inspector" aria-label="Cache inspector">
      <h2>Cache inspector</h2>
      <Now rest={rest} />
      <h3>Action log</h3>
      <ol className="log" aria-label="Action log">
        {log.map((entry) => (
          <li key={entry.n} className={entry.type.split('/')[1]}>
            <time>{entry.time}</time> <b>{entry.type}</b> {entry.detail}
          </li>
        ))}
      </ol>
      <details open className="entities">
        <summary>Confirmed entities and lists (optimistic updates apply on top)</summary>
        {Object.entries(rest.entities).map(([key, rows]) => (
          <div key={key} className="table" data-table={key}>
            <h3>
              {shortKey(key)} <small>{Object.keys(rows ?? {}).length}</small>
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
      <Lifetime rest={rest} />
    </aside>
  );
}
