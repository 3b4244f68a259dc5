import { useFeed } from './feed';
import { toasts } from './store';

/** What rolled back and why (and other notes), bottom left. */
export function Toasts() {
  const items = useFeed(toasts);
  return (
    <div className="toasts">
      {items.map((t) => (
        <div key={t.id} className={`toast ${t.kind}`} role={t.kind === 'rollback' ? 'alert' : 'status'}>
          <b>{t.text}</b>
          {t.why && <span>{t.why}</span>}
        </div>
      ))}
    </div>
  );
}
