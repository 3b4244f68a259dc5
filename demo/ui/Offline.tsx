// The "offline" switch: while it is on, the cache acts as if the network were gone (`rest/offline`), so
// edits are kept in the outbox (shown at once, optimistically) and sent when it is turned off again
// (`rest/online`), one at a time, each with its idempotency key. The browser's own offline and online
// events do the same through setupListeners. The switch is kept for the tab across a reload, so edits made
// offline and restored by persist() still wait after it.
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { useOutbox } from 'rest-slice/react';
import { cache, offlineKey, shortKey, startsOffline } from './store';

export function OfflineSwitch() {
  const dispatch = useDispatch();
  const [offline, setOffline] = useState(startsOffline);
  const { count, failed, retry, discard } = useOutbox();
  return (
    <section className="controls outbox" aria-label="Outbox">
      <label className={`switch${offline ? ' down' : ''}`} title="Edits made offline wait in the outbox and are sent when you are back online">
        <input
          type="checkbox"
          checked={offline}
          onChange={(e) => {
            setOffline(e.target.checked);
            if (e.target.checked) sessionStorage.setItem(offlineKey, '1');
            else sessionStorage.removeItem(offlineKey);
            dispatch(e.target.checked ? cache.actions.offline() : cache.actions.online());
          }}
        />
        Offline
      </label>
      <output aria-label="Writes waiting">{count === 0 ? 'no write waiting' : `${count} write${count === 1 ? '' : 's'} waiting`}</output>
      {failed.map((entry) => (
        <span key={entry.id} className="failed">
          {shortKey(entry.key)}: {entry.error?.message}
          <button type="button" onClick={() => retry(entry.id)}>
            Retry
          </button>
          <button type="button" onClick={() => discard(entry.id)}>
            Discard
          </button>
        </span>
      ))}
    </section>
  );
}
