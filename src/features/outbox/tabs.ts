// One sender at a time. Several tabs (or several stores of one page) may hold the same outbox entries
// (restored from one storage, or synced): a replay runs under an exclusive lock, announces each entry it
// sends, and announces how it settled, so the others settle their copy with the same answer instead of
// sending it again. Web Locks when the platform has them; else a lock within this JavaScript realm (Node,
// old browsers), with the announcements over a BroadcastChannel when there is one.
import type { SerializedError } from '../../store/state';

/** What one outbox tells the others about an entry. */
export type OutboxMessage =
  | { readonly type: 'sending'; readonly id: string }
  | { readonly type: 'kept'; readonly id: string }
  | { readonly type: 'settled'; readonly id: string; readonly value: unknown }
  | { readonly type: 'failed'; readonly id: string; readonly error: SerializedError }
  | { readonly type: 'discarded'; readonly id: string };

/** The lock and the announcements of one outbox. */
export interface Coordination {
  /** Runs `task` while no other outbox of the same name runs one. */
  lock(task: () => Promise<void>): Promise<void>;
  /**
   * True when the lock spans tabs (Web Locks): while a task holds it, no other tab is sending, so an
   * entry another tab announced and never settled was left by a tab that closed mid-send.
   */
  readonly acrossTabs: boolean;
  /** Tells the other outboxes of the same name. */
  post(message: OutboxMessage): void;
}

interface WebLocks {
  request(name: string, callback: () => Promise<void>): Promise<void>;
}

interface Channel {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  unref?(): void;
}

// This realm's outboxes by name: they hear each other at once (a BroadcastChannel also delivers within a
// realm, later, so messages carry the realm they come from and each realm hears its own only here).
const realm = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
const local = new Map<string, Set<(message: OutboxMessage) => void>>();

// The lock within this realm: the tail of each name's queue of tasks.
const tails = new Map<string, Promise<void>>();

function localLock(name: string, task: () => Promise<void>): Promise<void> {
  const previous = tails.get(name) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(name, tail);
  void tail.then(() => {
    if (tails.get(name) === tail) tails.delete(name);
  });
  return run;
}

/** The coordination of the outboxes named `name`; `receive` gets what the others announce. */
export function coordinate(name: string, receive: (message: OutboxMessage) => void): Coordination {
  const locks = (globalThis as { navigator?: { locks?: WebLocks } }).navigator?.locks;
  const Broadcast = (globalThis as { BroadcastChannel?: new (name: string) => Channel }).BroadcastChannel;
  let channel: Channel | undefined;
  if (typeof Broadcast === 'function') {
    try {
      channel = new Broadcast(name);
      channel.onmessage = (event) => {
        const data = event.data as { realm?: unknown; message?: OutboxMessage } | null;
        if (data !== null && typeof data === 'object' && data.realm !== realm && data.message !== undefined) receive(data.message);
      };
      // In Node an open channel would keep the process alive.
      channel.unref?.();
    } catch {
      channel = undefined;
    }
  }
  const here = local.get(name) ?? new Set();
  local.set(name, here);
  here.add(receive);
  const acrossTabs = locks !== undefined && typeof locks.request === 'function';
  return {
    lock: (task) => (acrossTabs ? locks.request(name, task) : localLock(name, task)),
    acrossTabs,
    post(message) {
      for (const other of here) if (other !== receive) other(message);
      try {
        channel?.postMessage({ realm, message });
      } catch {
        // A value the channel cannot clone: the others settle their copy when they replay it themselves.
      }
    },
  };
}
