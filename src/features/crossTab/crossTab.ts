import type { UnknownAction } from '@reduxjs/toolkit';
import type { FetchPayload, RequestPayload } from '../../store/actions';
import type { StoreLike } from '../../store/controller';
import type { EndpointInterface } from '../../store/endpoint';
import { readResponse, type FeatureCache, type FeatureRequest, type FeatureRuntime, type FeatureStore, type RestFeature } from '../../store/feature';
import type { CacheAction } from '../../store/middleware/types';
import { setUnrefTimeout } from '../../store/scheduler';
import type { OptimisticEntry } from '../../store/state';
import { warnOnce } from '../../store/warnOnce';
import { errorMessage } from '../../store/serialize';
import { describeKind, getOwn } from '../../schema/own';
import { resultStamp } from '../../store/reducers';
import { mergeRows, storedRows, type Rows } from './merge';
import { checkMessage, RELAYED_ID, VERSION, type Message, type RelayedType, type TabState } from './messages';
import { crossTabStateCase, mergeTabState, tabStateOf } from './tabState';
import { endpointsOf } from '../resourceEndpoints';

/** What {@link crossTab} needs of a channel: `BroadcastChannel` has it (a test or another transport may give its own). */
export interface CrossTabChannel {
  /** Sends a message (a JSON text) to every other channel of the same name. */
  postMessage(message: unknown): void;
  /** Stops sending and receiving. */
  close(): void;
  /** Called with each message another channel of the same name sent. */
  onmessage: CrossTabListener | null;
}

/**
 * What a {@link CrossTabChannel} calls with each message. Declared as a method's type, so a
 * `BroadcastChannel` (whose handler takes a `MessageEvent`) is a `CrossTabChannel` as it is.
 */
export type CrossTabListener = {
  /** Receives one message: `data` is what the other channel posted. */
  handle(event: { readonly data: unknown }): void;
}['handle'];

/** Options of {@link crossTab}. */
export interface CrossTabOptions {
  /**
   * The `BroadcastChannel` name the tabs share. Give each cache its own (two
   * caches on one channel ignore each other's actions with a development warning).
   * @defaultValue `rest-slice:<reducerPath>`
   */
  channel?: string;
  /**
   * How long (ms, by the cache's `scheduler`) a tab that needs a result
   * another tab is fetching waits for that tab's answer before fetching it itself.
   * @defaultValue `5000`
   */
  answerTimeout?: number;
  /**
   * How long (ms) a new tab's first reads wait for another tab's copy of the
   * cache; with no answer by then they fetch as usual. `0`: reads never wait
   * (a copy that arrives later is still merged in).
   * @defaultValue `100`
   */
  helloTimeout?: number;
  /**
   * Makes the channel. Default: `new BroadcastChannel(name)` in a page (where
   * there is a `document`); elsewhere (server rendering, Node) no syncing, as
   * stores of one server process belong to different users. Give
   * `(name) => new BroadcastChannel(name)` to sync stores in Node (tests).
   */
  createChannel?: (name: string) => CrossTabChannel;
  /**
   * The resources (or endpoints) whose relayed changes this tab should
   * compute even before it uses them. A tab knows an endpoint once it used
   * it or another member of its resource; until then another tab's pending
   * optimistic update of it is skipped (the answer still shows), and rows of
   * its Entity classes merge by the default rule rather than the class's own
   * `useIncoming` and `merge`. Listing them here makes them known from the start.
   * @defaultValue `[]`
   */
  resources?: readonly object[];
}

/** The cross-tab feature as {@link crossTab} returns it: a feature, and a way to take one store off the channel. */
export interface CrossTabFeature extends RestFeature {
  /**
   * Takes `store` off the channel as a closing tab does: the other tabs drop
   * its pending optimistic updates and stop waiting for its requests, then
   * the channel closes. A page does this by itself on `pagehide`; call it in
   * tests and when a store is thrown away.
   */
  close(store: StoreLike): void;
}

const RELAYED_RESPONSES = new Set<string>(['setResponse', 'setError', 'abort']);
// Settled relayed request ids remembered, so a peer's copy sent before a settle cannot bring its update back.
const MAX_SETTLED = 1000;

function checkTimeout(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !(value >= 0) || !Number.isFinite(value)) {
    throw new TypeError(`[rest-slice] \`crossTab({ ${name} })\` takes a number of milliseconds (0 or more), got ${typeof value === 'number' ? value : typeof value}.`);
  }
  return value;
}

function defaultChannel(name: string): CrossTabChannel | undefined {
  // Only in a page: a server (Node has a global BroadcastChannel too) makes a store per request, and
  // syncing those would hand one user's data to another.
  const page = globalThis as { document?: unknown; BroadcastChannel?: new (name: string) => CrossTabChannel };
  if (page.document === undefined || page.BroadcastChannel === undefined) return undefined;
  return new page.BroadcastChannel(name);
}

function newTabId(): string {
  const random = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto?.randomUUID?.();
  return random ?? `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

/**
 * The cross-tab feature: tabs of one app relay the actions that change data
 * over a `BroadcastChannel` (responses and failures, `set`, invalidations,
 * resets, pending optimistic updates and how they settle) and apply each
 * other's without a request, so every tab shows the same data. An applied
 * action is not relayed again. Relayed rows merge by the same rules as a
 * tab's own responses, so the tabs end equal whatever order relays arrive in.
 * A read another tab is fetching waits for its answer (`answerTimeout`); a
 * new tab first asks the others for their copy (`helloTimeout`). Every
 * message is checked before it is applied; a malformed or foreign one is
 * ignored with a development warning.
 *
 * @example
 * const cache = createRestCache({ features: [crossTab()] });
 */
export function crossTab(options: CrossTabOptions = {}): CrossTabFeature {
  if (options.channel !== undefined && (typeof options.channel !== 'string' || options.channel === '')) {
    throw new TypeError(`[rest-slice] \`crossTab({ channel })\` takes a non-empty channel name, got ${JSON.stringify(options.channel) ?? String(options.channel)}.`);
  }
  const answerTimeout = checkTimeout(options.answerTimeout, 'answerTimeout') ?? 5000;
  const helloTimeout = checkTimeout(options.helloTimeout, 'helloTimeout') ?? 100;
  const resources = options.resources ?? [];
  if (!Array.isArray(resources)) {
    throw new TypeError(`[rest-slice] \`crossTab({ resources })\` takes an array of resources or endpoints, got ${describeKind(resources)}.`);
  }
  const closers = new WeakMap<StoreLike['getState'], () => void>();
  return {
    name: 'crossTab',
    reducers: { crossTabState: crossTabStateCase },
    setup(cache, store) {
      const name = options.channel ?? `rest-slice:${cache.reducerPath}`;
      const channel = options.createChannel ? options.createChannel(name) : defaultChannel(name);
      if (channel === undefined) return {};
      for (const endpoint of endpointsOf(resources)) cache.registerEndpoint?.(endpoint);
      const tab = runTab(cache, store, channel, name, { answerTimeout, helloTimeout });
      closers.set(store.getState, tab.close);
      return tab.runtime;
    },
    close(store) {
      closers.get(store.getState)?.();
      closers.delete(store.getState);
    },
  };
}

interface Waiter {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  settle(answer: { readonly data: unknown } | false): void;
}

/** One store's part: its tab id, the requests other tabs are fetching, the reads waiting for them. */
function runTab(
  cache: FeatureCache,
  store: FeatureStore,
  channel: CrossTabChannel,
  name: string,
  timing: { readonly answerTimeout: number; readonly helloTimeout: number },
): { runtime: FeatureRuntime; close(): void } {
  const prefix = `${cache.reducerPath}/`;
  const tab = newTabId();
  const own = `${RELAYED_ID}${tab}#`;
  // Request keys other tabs are fetching (reads), by key: who, and when this tab heard of it.
  const peersFetching = new Map<string, { readonly from: string; readonly at: number }>();
  const waiters = new Map<string, Set<Waiter>>();
  // The fetch whose read is waiting now (set by `awaitAnswer`, read by `after` of the same fetch).
  const waitingIds = new Set<string>();
  // This tab's optimistic updates still pending, by request id: their abort is relayed, a read's is not.
  const pendingIds = new Set<string>();
  const settled = new Set<string>();
  const gone = new Set<string>();
  let helloPending = timing.helloTimeout > 0;
  let helloTimer: unknown;
  let closed = false;

  const entityOf = cache.entityOf ?? (() => undefined);
  const knowsEndpoint = (entry: Pick<OptimisticEntry, 'endpoint' | 'key'>) => cache.resolveEndpoint?.(entry.endpoint, entry.key) !== undefined;
  const relayId = (id: string | undefined) => (id === undefined || id.startsWith(RELAYED_ID) ? id : `${own}${id}`);
  const withRelayId = (payload: Record<string, unknown>): Record<string, unknown> => {
    const requestId = relayId(payload.requestId as string | undefined);
    return requestId === undefined ? payload : { ...payload, requestId };
  };

  function warn(why: string): void {
    if (process.env.NODE_ENV !== 'production') warnOnce(`[rest-slice] \`crossTab()\` on channel \`${name}\` ignored a message: ${why}.`);
  }

  function post(message: Record<string, unknown>): void {
    if (closed) return;
    try {
      // As JSON text: what arrives is parsed into this tab's own plain objects, never another realm's.
      channel.postMessage(JSON.stringify({ v: VERSION, from: tab, ...message }));
    } catch (error) {
      if (process.env.NODE_ENV !== 'production') warnOnce(`[rest-slice] \`crossTab()\` could not post on channel \`${name}\`: ${errorMessage(error)}.`);
    }
  }

  function relay(type: RelayedType, payload: object): void {
    post({ kind: 'action', action: { type: `${prefix}${type}`, payload } });
  }

  function remember(id: string | undefined): void {
    if (id === undefined || !id.startsWith(RELAYED_ID)) return;
    settled.add(id);
    if (settled.size > MAX_SETTLED) settled.delete(settled.values().next().value as string);
  }

  /** The stored answer of a waiting read: fresh data with no error, else `false` (the read fetches). */
  function answerOf(key: string, waiter: Waiter): { readonly data: unknown } | false {
    const state = store.slice();
    const meta = getOwn(state.meta, key);
    if (meta === undefined || meta.error !== undefined || meta.invalidated === true || meta.expiresAt <= cache.now()) return false;
    if (resultStamp(state.endpoints, key, meta) === -Infinity) return false;
    return { data: readResponse(store, waiter.endpoint, waiter.args).data };
  }

  function peerBusy(key: string): boolean {
    const peer = peersFetching.get(key);
    if (peer === undefined) return false;
    if (cache.now() - peer.at < timing.answerTimeout) return true;
    peersFetching.delete(key);
    return false;
  }

  /** Wakes the reads waiting for `key`: with its answer when it came, else they fetch unless a peer still fetches it. */
  function wake(key: string, answered: boolean): void {
    const waiting = waiters.get(key);
    if (waiting === undefined) return;
    for (const waiter of [...waiting]) {
      const answer = answered ? answerOf(key, waiter) : false;
      if (answer !== false) waiter.settle(answer);
      // Still something to wait for: this tab's copy from a peer, or a peer's request of this key.
      else if (!helloPending && !peerBusy(key)) waiter.settle(false);
    }
  }

  function endHello(): void {
    if (!helloPending) return;
    helloPending = false;
    if (helloTimer !== undefined) cache.scheduler.clearTimeout(helloTimer);
    for (const key of [...waiters.keys()]) wake(key, true);
  }

  function applyAction(from: string, type: string, given: Record<string, unknown>): void {
    const suffix = type.slice(prefix.length) as RelayedType;
    let payload = given;
    if (suffix === 'setResponse' || suffix === 'set') {
      payload = { ...given, ...mergeRows(store.slice(), given as unknown as Rows, entityOf) };
    } else if (suffix === 'optimistic') {
      const entry = given as unknown as OptimisticEntry;
      // Recomputing the update needs its endpoint; a tab that never used it shows the change when it settles.
      if (!knowsEndpoint(entry) || settled.has(entry.requestId!) || gone.has(from)) return;
    }
    if (RELAYED_RESPONSES.has(suffix)) remember(given.requestId as string | undefined);
    const action: UnknownAction = { type, payload, meta: { crossTab: from } };
    store.dispatch(action);
    if (suffix === 'setResponse' || suffix === 'setError') {
      const { key } = given as unknown as RequestPayload;
      peersFetching.delete(key);
      wake(key, suffix === 'setResponse');
    }
  }

  function applyTabState(from: string, state: TabState): void {
    const mine = store.slice();
    // Not this tab's own updates (a peer's copy holds them under their relayed ids): this tab keeps its own.
    const knows = (entry: OptimisticEntry) =>
      knowsEndpoint(entry) &&
      !entry.requestId!.startsWith(own) &&
      !settled.has(entry.requestId!) &&
      !gone.has(entry.requestId!.slice(RELAYED_ID.length).split('#')[0]);
    const action: UnknownAction = { type: `${prefix}crossTabState`, payload: mergeTabState(mine, state, entityOf, knows), meta: { crossTab: from } };
    store.dispatch(action);
  }

  /** A tab went away: its pending optimistic updates go, and reads waiting for its requests fetch. */
  function dropTab(from: string): void {
    gone.add(from);
    const prefixOf = `${RELAYED_ID}${from}#`;
    for (const entry of store.slice().optimistic) {
      if (entry.requestId === undefined || !entry.requestId.startsWith(prefixOf)) continue;
      remember(entry.requestId);
      const { endpoint, key, args, fetchedAt, requestId } = entry;
      store.dispatch({ type: `${prefix}abort`, payload: { endpoint, key, args, fetchedAt, requestId }, meta: { crossTab: from } });
    }
    for (const [key, peer] of [...peersFetching]) {
      if (peer.from !== from) continue;
      peersFetching.delete(key);
      wake(key, false);
    }
  }

  function receive(data: unknown): void {
    if (closed) return;
    let parsed: unknown;
    try {
      parsed = typeof data === 'string' ? JSON.parse(data) : undefined;
    } catch {
      warn('it is not JSON');
      return;
    }
    if (typeof data !== 'string') {
      warn('it is not a JSON text');
      return;
    }
    const why = checkMessage(parsed, prefix, cache.now());
    if (why !== undefined) {
      warn(why);
      return;
    }
    const message = parsed as Message;
    if (message.from === tab) return;
    switch (message.kind) {
      case 'action':
        applyAction(message.from, message.action.type, message.action.payload);
        break;
      case 'fetching':
        peersFetching.set(message.key, { from: message.from, at: cache.now() });
        break;
      case 'hello':
        // A tab still waiting for its own copy has nothing to tell yet.
        if (!helloPending) post({ kind: 'state', to: message.from, state: tabStateOf(store.slice(), relayId) });
        break;
      case 'state':
        if (message.to !== tab) break;
        applyTabState(message.from, message.state);
        endHello();
        break;
      case 'bye':
        dropTab(message.from);
        break;
    }
  }

  channel.onmessage = (event) => {
    try {
      receive(event.data);
    } catch (error) {
      warn(`applying it threw: ${errorMessage(error)}`);
    }
  };

  function sayBye(): void {
    post({ kind: 'bye' });
  }
  function sayHello(event: { persisted?: boolean }): void {
    // Back from the back/forward cache: the others dropped this tab's updates; catch up again.
    if (event.persisted === true) post({ kind: 'hello' });
  }
  const page = globalThis as unknown as { addEventListener?: (type: string, listener: (event: { persisted?: boolean }) => void) => void; removeEventListener?: (type: string, listener: (event: { persisted?: boolean }) => void) => void };
  page.addEventListener?.('pagehide', sayBye);
  page.addEventListener?.('pageshow', sayHello);

  post({ kind: 'hello' });
  if (helloPending) helloTimer = setUnrefTimeout(cache.scheduler, endHello, timing.helloTimeout);

  const runtime: FeatureRuntime = {
    awaitAnswer(request: FeatureRequest) {
      if (closed) return;
      const { key } = request.payload;
      if (!helloPending && !peerBusy(key)) return;
      waitingIds.add(request.requestId);
      return new Promise<{ readonly data: unknown } | false>((resolve) => {
        let done = false;
        const timer = setUnrefTimeout(cache.scheduler, () => waiter.settle(false), timing.answerTimeout);
        const onAbort = () => waiter.settle(false);
        const waiter: Waiter = {
          endpoint: request.endpoint,
          args: request.args,
          settle(answer) {
            if (done) return;
            done = true;
            cache.scheduler.clearTimeout(timer);
            request.signal.removeEventListener('abort', onAbort);
            waiters.get(key)?.delete(waiter);
            if (waiters.get(key)?.size === 0) waiters.delete(key);
            resolve(answer);
          },
        };
        request.signal.addEventListener('abort', onAbort, { once: true });
        let set = waiters.get(key);
        if (set === undefined) waiters.set(key, (set = new Set()));
        set.add(waiter);
      });
    },

    after(action: CacheAction) {
      if (closed || (action.meta as { crossTab?: unknown } | undefined)?.crossTab !== undefined) return;
      const suffix = action.type.slice(prefix.length);
      const payload = action.payload as Record<string, unknown>;
      switch (suffix) {
        case 'fetch': {
          const fetch = payload as unknown as FetchPayload;
          const requestId = action.meta?.requestId ?? '';
          // A read waiting for another tab's answer sends nothing, so nobody waits for it.
          if (waitingIds.delete(requestId) || fetch.sideEffect === true) return;
          post({ kind: 'fetching', key: fetch.key, fetchedAt: fetch.fetchedAt });
          return;
        }
        case 'setResponse':
        case 'set': {
          // Dropped by a reset (the reducer ignored it): nothing changed here, nothing to relay.
          if ((payload.fetchedAt as number) < store.slice().lastReset) return;
          // Each row as this tab now holds it, with its meta: the receiving tab merges it as a response of its own.
          relay(suffix, withRelayId({ ...payload, ...storedRows(store.slice(), payload as unknown as Rows) }));
          if (suffix === 'setResponse') {
            pendingIds.delete(payload.requestId as string);
            peersFetching.delete((payload as unknown as RequestPayload).key);
          }
          return;
        }
        case 'setError':
          pendingIds.delete(payload.requestId as string);
          peersFetching.delete((payload as unknown as RequestPayload).key);
          relay(suffix, withRelayId(payload));
          return;
        case 'optimistic':
          if (typeof payload.requestId === 'string') pendingIds.add(payload.requestId);
          relay(suffix, withRelayId(payload));
          return;
        case 'abort':
          // Only an optimistic update's abort changes what other tabs show (a read's concerns this tab only).
          if (pendingIds.delete(payload.requestId as string)) relay(suffix, withRelayId(payload));
          return;
        case 'invalidate':
        case 'invalidateAll':
        case 'expireAll':
        case 'reset':
          if (suffix === 'reset') pendingIds.clear();
          relay(suffix, payload);
          return;
      }
    },
  };

  function close(): void {
    if (closed) return;
    sayBye();
    closed = true;
    if (helloTimer !== undefined) cache.scheduler.clearTimeout(helloTimer);
    for (const waiting of [...waiters.values()]) for (const waiter of [...waiting]) waiter.settle(false);
    page.removeEventListener?.('pagehide', sayBye);
    page.removeEventListener?.('pageshow', sayHello);
    channel.onmessage = null;
    channel.close();
  }

  return { runtime, close };
}
