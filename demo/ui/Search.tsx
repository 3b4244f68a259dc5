import { useEffect, useState } from 'react';
import { useController, useDLE } from 'rest-slice/react';
import { resources } from './store';

const { searchIssues } = resources;

/**
 * A slow endpoint: each query is a request; typing again (or clearing the box) aborts the one
 * still in flight with `controller.abort`, so a late answer for an old query never shows.
 */
export function Search({ onSelect }: { onSelect: (id: number) => void }) {
  const [q, setQ] = useState('');
  const controller = useController();
  const query = q.trim();
  const { data, loading, error } = useDLE(searchIssues, query ? { q: query } : null);
  useEffect(() => {
    if (!query) return undefined;
    // Cleanup runs when the query changes or the box unmounts: abort what is still in flight (a no-op once answered).
    return () => void controller.abort(searchIssues, { q: query });
  }, [controller, query]);
  return (
    <section className="panel search" aria-label="Search">
      <header>
        <h2>
          Search <small>slow endpoint · typing again cancels</small>
        </h2>
        {loading && <span className="badge">searching…</span>}
      </header>
      <input type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Search issue titles" aria-label="Search issues" />
      {error && <p className="error-box">{error.message}</p>}
      {query && data && (
        <ul className="results" aria-label="Search results">
          {data.length === 0 && <li className="muted">No issue matches “{query}”.</li>}
          {data.map((issue) => (
            <li key={issue.pk()}>
              <button type="button" className="link" onClick={() => onSelect(issue.id)}>
                <span className="num">#{issue.id}</span> {issue.title}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
