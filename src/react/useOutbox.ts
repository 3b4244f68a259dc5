import { useMemo } from 'react';
import { useSelector, useStore } from 'react-redux';
import { discardOutboxEntry, retryOutboxEntry, selectOutbox, type OutboxEntry } from 'rest-slice';
import { useController } from './useController';
import { useRestCache } from './useRestCache';

/** What {@link useOutbox} returns: the writes kept in the outbox, and what a user can do with them. */
export interface OutboxView {
  /** How many writes wait to be sent. */
  readonly count: number;
  /** Every entry, in order: pending ones and failed ones (each with its `error`). */
  readonly entries: readonly OutboxEntry[];
  /** The entries the server refused (rolled back) or that cannot be replayed, each with its `error`. */
  readonly failed: readonly OutboxEntry[];
  /** Sends entry `id` again now (a failed one is queued again, with its optimistic update). */
  retry(id: string): void;
  /** Removes entry `id`, unsent: its optimistic update rolls back. */
  discard(id: string): void;
  /** Sends every pending write now (`controller.flushOutbox`). */
  flush(): Promise<void>;
}

/**
 * The writes kept in the outbox of the current cache (the `outbox()`
 * feature): a count of those waiting, every entry, the failed ones with their
 * error, and `retry`/`discard`/`flush`. Re-renders when the outbox changes.
 *
 * @throws in development, when the cache was made without the `outbox()` feature.
 * @example
 * const { count, failed, retry, discard } = useOutbox();
 * if (count > 0) return <p>{count} changes will be sent when you are back online</p>;
 */
export function useOutbox(): OutboxView {
  const cache = useRestCache();
  if (process.env.NODE_ENV !== 'production' && !cache.features.some((feature) => feature.name === 'outbox')) {
    // Without the feature the outbox would read as empty forever: often the cache was not given to the provider.
    throw new Error(
      `[rest-slice] \`useOutbox\` needs the outbox feature: the cache at \`${cache.reducerPath}\` was made without it. Install it with \`createRestCache({ features: [outbox({ resources })] })\` and give that cache to \`RestCacheProvider\`.`,
    );
  }
  const store = useStore();
  const controller = useController();
  const entries = useSelector((state: unknown) => selectOutbox(cache, state));
  return useMemo(() => {
    const failed = entries.filter((entry) => entry.status === 'failed');
    return {
      count: entries.length - failed.length,
      entries,
      failed,
      retry: (id: string) => void store.dispatch(retryOutboxEntry(cache, id)),
      discard: (id: string) => void store.dispatch(discardOutboxEntry(cache, id)),
      flush: () => controller.flushOutbox(),
    };
  }, [entries, store, cache, controller]);
}
