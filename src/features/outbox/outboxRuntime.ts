// The outbox in one store. A write that cannot reach the server is not failed: the feature's `runAttempts`
// holds its request open, so to the core it is still in flight (its optimistic update stays, reads that
// land meanwhile land beneath it, races rule 5b) and its caller's promise waits. A replay sends the held
// writes one after the other; each answer settles its request as any answer would. After a reload the
// outbox's entries are taken up again by new fetches of this page, held the same way.
import { createAction } from '@reduxjs/toolkit';
import { isAbortError } from '../../store/abortError';
import { isKept, isUnreachable, newId, revive } from './failures';
import type { EndpointInterface } from '../../store/endpoint';
import type { FeatureCache, FeatureRequest, FeatureRuntime, FeatureStore } from '../../store/feature';
import type { CacheAction } from '../../store/middleware/types';
import { serializeError } from '../../store/serialize';
import { rewriteArgs, type OutboxEntry, type OutboxPayload } from './outboxState';
import { pkOf, rawId, sendAs } from './sendAs';
import { coordinate, type OutboxMessage } from './tabs';

/** How the outbox finds the endpoint an entry names (among the `resources` given to `outbox()`). */
export type FindEndpoint = (name: string, key: string) => EndpointInterface | undefined;

/** What the controller method and the actions of the feature reach in one store. */
export interface OutboxRuntime extends FeatureRuntime {
  /** Sends every pending entry now (see `controller.flushOutbox`). */
  flush(): Promise<void>;
  /** Takes up the entries of the state this page does not hold yet, and replays them when online. */
  begin(): void;
}

/** A write of this page whose request the outbox holds open. */
interface Held {
  readonly requestId: string;
  /** The endpoint as the outbox sends it, and the args it sends now. */
  readonly endpoint: EndpointInterface;
  args(): readonly unknown[];
  /** Sends the request once more. */
  readonly attempt: () => Promise<unknown>;
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
  /** Settles once the core has recorded the outcome. */
  readonly settled: Promise<unknown>;
}

/** What the outbox knows of a write fetch of this page, from `prepareRequest` on. */
interface Link {
  readonly id: string;
  readonly idempotencyKey: string;
  /** When the write was first made. */
  readonly fetchedAt: number;
  /** Taken up again after a reload (or a retry): held at once, sent by a replay. */
  readonly resumed: boolean;
}

const MAX_BACKOFF = 30_000;

/** Builds the outbox's part in one store. */
export function outboxRuntime(cache: FeatureCache, store: FeatureStore, findEndpoint: FindEndpoint, lockName: string): OutboxRuntime {
  const action = createAction<OutboxPayload>(`${cache.reducerPath}/outbox`);
  const { actions } = cache;
  const links = new Map<string, Link>();
  const held = new Map<string, Held>();
  // Args rewritten in this page (a temporary id replaced) of the writes held, by entry id.
  const rewritten = new Map<string, readonly unknown[]>();
  // Entries another outbox announced it is sending: they are left to it.
  const elsewhere = new Set<string>();
  // What `<reducerPath>/offline` and `online` said last; before either, what the browser says now.
  let said: boolean | undefined;
  const isOffline = () => said ?? (globalThis as { navigator?: { onLine?: boolean } }).navigator?.onLine === false;
  let resuming: OutboxEntry | undefined;
  let started = false;
  let running: Promise<void> | undefined;
  let again = false;
  let failures = 0;
  let backoff: unknown;

  const entries = (): readonly OutboxEntry[] => store.slice().outbox ?? [];
  const entry = (id: string) => entries().find((found) => found.id === id);
  // The same, for code where `entry` names a loop's entry.
  const current = entry;
  // Joined when this store first holds a write (kept, or restored), so it hears another outbox send that
  // entry before it ever replays; a store that never keeps a write (one per request on a server) joins none.
  let coordination: ReturnType<typeof coordinate> | undefined;
  const tabs = () => (coordination ??= coordinate(lockName, receive));

  // Set while this outbox applies another's discard, so it does not announce it back.
  let discarding = false;

  function receive(message: OutboxMessage): void {
    if (message.type === 'discarded') {
      // Discarded in another tab: this copy goes too (unsent), or a save of this tab would bring it back.
      elsewhere.delete(message.id);
      if (entry(message.id) === undefined && !held.has(message.id)) return;
      discarding = true;
      try {
        store.dispatch(action({ op: 'discard', id: message.id }));
      } finally {
        discarding = false;
      }
      return;
    }
    if (message.type === 'sending') {
      if (!held.has(message.id)) return;
      elsewhere.add(message.id);
      // Queued behind the sender's lock: if that tab closes mid-send, this one takes the entry over.
      if (tabs().acrossTabs && !isOffline()) void flush();
      return;
    }
    elsewhere.delete(message.id);
    const waiting = held.get(message.id);
    if (waiting === undefined) return;
    // Another outbox had the answer: this copy settles with it, unsent.
    if (message.type === 'settled') {
      held.delete(message.id);
      waiting.resolve(message.value);
    } else if (message.type === 'failed') {
      held.delete(message.id);
      waiting.reject(revive(message.error));
    }
  }

  function hold(link: Link, request: FeatureRequest, attempt: () => Promise<unknown>): Promise<unknown> {
    let resolve!: (value: unknown) => void;
    let reject!: (error: unknown) => void;
    const settled = new Promise<unknown>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const args = () => rewritten.get(link.id) ?? request.args;
    tabs();
    held.set(link.id, { requestId: request.requestId, endpoint: request.endpoint, args, attempt, resolve, reject, settled });
    const drop = () => {
      held.delete(link.id);
      rewritten.delete(link.id);
      links.delete(request.requestId);
    };
    settled.then(drop, drop);
    request.signal.addEventListener('abort', () => reject(request.signal.reason), { once: true });
    return settled;
  }

  function queue(link: Link, request: FeatureRequest, error: unknown): void {
    const { payload, requestId } = request;
    const queued: OutboxEntry = {
      id: link.id,
      endpoint: payload.endpoint,
      key: payload.key,
      args: payload.args,
      fetchedAt: payload.fetchedAt,
      requestId,
      runAt: payload.fetchedAt,
      idempotencyKey: link.idempotencyKey,
      attempts: error === undefined ? 0 : 1,
      status: 'pending',
      ...(error === undefined ? {} : { error: serializeError(error) }),
    };
    store.dispatch(action({ op: 'queue', entry: queued }));
  }

  /**
   * Takes up entries this page does not hold (restored, or failed and
   * retried) with new fetches, held until replayed. Every restored update
   * goes first, so none is computed while its endpoint is not known yet.
   */
  function resume(restored: readonly OutboxEntry[]): void {
    const found: [OutboxEntry, EndpointInterface][] = [];
    for (const entry of restored) {
      const endpoint = findEndpoint(entry.endpoint, entry.key);
      if (endpoint === undefined || endpoint.sideEffect !== true) {
        const error = new Error(
          `[rest-slice] the outbox entry ${entry.id} names the endpoint \`${entry.endpoint}\` (${entry.key}), which no resource given to \`outbox({ resources })\` defines as a write: it is kept, unsent. Add its resource to \`resources\`, or discard the entry.`,
        );
        store.dispatch(action({ op: 'unknown', id: entry.id, error: serializeError(error) }));
      } else {
        store.dispatch(action({ op: 'resume', id: entry.id }));
        found.push([entry, endpoint]);
      }
    }
    for (const [entry, endpoint] of found) {
      resuming = entry;
      try {
        // The caller is the outbox itself: the answer is recorded in the store, and a refusal in the entry.
        // A fetch that fails before it is held (args the endpoint no longer takes) leaves the entry pending
        // with nothing to send it: it fails, with that error.
        store.fetch(endpoint, entry.args).catch((error: unknown) => {
          if (!held.has(entry.id) && current(entry.id)?.status === 'pending') {
            store.dispatch(action({ op: 'unknown', id: entry.id, error: serializeError(error) }));
          }
        });
      } finally {
        resuming = undefined;
      }
    }
  }

  function start(): void {
    if (started) return;
    started = true;
    resume(entries().filter((entry) => entry.status === 'pending' && !held.has(entry.id)));
  }

  function begin(): void {
    start();
    if (!isOffline()) void flush();
  }

  /** After a create of the outbox landed: its temporary id, in the entries after it, becomes the real one. */
  function rewriteTemporaryId(id: string, waiting: Held, value: unknown): void {
    const all = entries();
    const later = all.slice(all.findIndex((found) => found.id === id) + 1);
    const endpoint = waiting.endpoint;
    if (later.length === 0 || typeof endpoint.getOptimisticResponse !== 'function') return;
    const args = waiting.args();
    let guess: unknown;
    try {
      guess = endpoint.getOptimisticResponse(store.controller().snapshot(store.getState()), ...args);
    } catch {
      return;
    }
    const from = pkOf(endpoint.schema, guess, args);
    const real = pkOf(endpoint.schema, value, args);
    if (from === undefined || real === undefined || from === real) return;
    const to = rawId(value, real);
    const keys: Record<string, string> = {};
    for (const next of later) {
      const nextArgs = rewriteArgs(rewritten.get(next.id) ?? next.args, from, to);
      if (held.has(next.id)) rewritten.set(next.id, nextArgs);
      const nextEndpoint = held.get(next.id)?.endpoint ?? findEndpoint(next.endpoint, next.key);
      try {
        if (nextEndpoint !== undefined) keys[next.id] = nextEndpoint.key(...nextArgs);
      } catch {
        // The key is for display; the request uses the args.
      }
    }
    store.dispatch(action({ op: 'rewrite', after: id, from, to, keys }));
  }

  /** Sends one held entry; false when the replay must stop (the server cannot be reached, or answers 5xx). */
  async function send(id: string, waiting: Held): Promise<boolean> {
    const sending = entry(id);
    if (sending === undefined) return true;
    tabs().post({ type: 'sending', id });
    let value: unknown;
    try {
      value = await waiting.attempt();
    } catch (error) {
      // Aborted meanwhile (`controller.abort`, a reset): the entry is gone; the next one may go.
      if (isAbortError(error)) return true;
      if (isKept(error)) {
        store.dispatch(action({ op: 'attempt', id, error: serializeError(error) }));
        tabs().post({ type: 'kept', id });
        return false;
      }
      // Refused by the server: the core rolls back exactly this write and records its error.
      waiting.reject(error);
      await waiting.settled.catch(() => undefined);
      tabs().post({ type: 'failed', id, error: serializeError(error) });
      return true;
    }
    rewriteTemporaryId(id, waiting, value);
    waiting.resolve(value);
    await waiting.settled.catch(() => undefined);
    tabs().post({ type: 'settled', id, value });
    return true;
  }

  async function replay(): Promise<void> {
    if (elsewhere.size > 0 && tabs().acrossTabs) {
      // This tab holds the lock, so the tab that announced these is no longer sending. Its last message
      // (how the entry settled) may still be on its way: one turn of the event loop lets it land first.
      await new Promise<void>((resolve) => cache.scheduler.setTimeout(resolve, 0));
      elsewhere.clear();
    }
    for (const next of entries()) {
      if (next.status !== 'pending') continue;
      // Another outbox sends it: the writes after it wait, so they stay in order.
      if (elsewhere.has(next.id)) return;
      const waiting = held.get(next.id);
      if (waiting === undefined) continue;
      if (!(await send(next.id, waiting))) {
        later();
        return;
      }
      failures = 0;
    }
  }

  /** Replays again after a delay that doubles with each failure in a row (1 s, 2 s, ... 30 s), on the cache's timers. */
  function later(): void {
    failures++;
    if (backoff !== undefined) cache.scheduler.clearTimeout(backoff);
    backoff = cache.scheduler.setTimeout(() => {
      backoff = undefined;
      if (!isOffline()) void flush();
    }, Math.min(1000 * 2 ** (failures - 1), MAX_BACKOFF));
  }

  function flush(): Promise<void> {
    if (running === undefined && held.size === 0 && entries().length === 0) return Promise.resolve();
    start();
    if (backoff !== undefined) {
      cache.scheduler.clearTimeout(backoff);
      backoff = undefined;
    }
    if (running !== undefined) {
      // A replay runs: one more pass once it ends (entries may have come meanwhile).
      again = true;
      return running;
    }
    const pass = async (): Promise<void> => {
      do {
        again = false;
        await tabs().lock(replay);
      } while (again && backoff === undefined);
    };
    running = pass().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    flush,
    begin,

    prepareRequest(request) {
      if (request.endpoint.sideEffect !== true) return undefined;
      const restored = resuming;
      const link: Link =
        restored === undefined
          ? { id: newId(), idempotencyKey: newId(), fetchedAt: request.payload.fetchedAt, resumed: false }
          : { id: restored.id, idempotencyKey: restored.idempotencyKey, fetchedAt: restored.fetchedAt, resumed: true };
      const wrapped = sendAs(request.endpoint, { idempotencyKey: link.idempotencyKey, fetchedAt: link.fetchedAt, args: () => rewritten.get(link.id) });
      if (wrapped === undefined) return undefined;
      links.set(request.requestId, link);
      return wrapped;
    },

    runAttempts(attempt, request) {
      const link = links.get(request.requestId);
      if (link === undefined) return attempt();
      if (link.resumed) {
        store.dispatch(action({ op: 'link', id: link.id, requestId: request.requestId, runAt: request.payload.fetchedAt }));
        return hold(link, request, attempt);
      }
      // Offline, or behind writes still waiting: kept, so writes reach the server in the order they were made.
      const offline = isOffline();
      if (offline || entries().some((entry) => entry.status === 'pending')) {
        queue(link, request, undefined);
        const holding = hold(link, request, attempt);
        // A replay that runs takes it in its next pass; one waiting for its backoff, when it comes.
        if (!offline && backoff === undefined) void flush();
        return holding;
      }
      return attempt().then(
        (value) => {
          links.delete(request.requestId);
          return value;
        },
        (error: unknown) => {
          if (request.signal.aborted || !isUnreachable(error)) {
            links.delete(request.requestId);
            throw error;
          }
          queue(link, request, error);
          const holding = hold(link, request, attempt);
          later();
          return holding;
        },
      );
    },

    after(cacheAction: CacheAction) {
      if (actions.online.match(cacheAction)) {
        said = false;
        void flush();
      } else if (actions.offline.match(cacheAction)) {
        said = true;
      } else if (cacheAction.type === `${cache.reducerPath}/rehydrate`) {
        started = false;
        begin();
      } else if (action.match(cacheAction)) {
        const payload = cacheAction.payload;
        if (payload.op === 'discard') {
          if (!discarding) tabs().post({ type: 'discarded', id: payload.id });
          const waiting = held.get(payload.id);
          if (waiting !== undefined) {
            const gone = entry(payload.id);
            waiting.reject(new Error(`[rest-slice] the write ${gone === undefined ? payload.id : `\`${gone.endpoint}\``} was discarded from the outbox, unsent.`));
          }
        } else if (payload.op === 'retry') {
          const retried = entry(payload.id);
          if (retried !== undefined && retried.status === 'pending' && !held.has(retried.id)) resume([retried]);
          void flush();
        }
      }
    },
  };
}
