import type { All } from '../../schema/All';
import type { Collection } from '../../schema/Collection';
import type { Query } from '../../schema/Query';
import type { EndpointInterface } from '../endpoint';
import type { CacheAction, Handler, MiddlewareInput } from './types';
import { entryOf } from '../../schema/own';

// Who uses which result is runtime knowledge (mounted components, scripts, polling), not data: it
// lives in the middleware's per-store closure and never in the state. `controller.retain` calls into
// it directly instead of dispatching an action, so DevTools is not flooded with a pair of actions per
// mounted hook, and a replayed log (which has no components behind it) cannot bring users back. Only
// `rest/gc`, which records what a sweep removed, changes the state.

/** A request key in use, with the endpoint object and real args of one of its users (enough to refetch it). */
export interface InUseEntry {
  /** The request key. */
  readonly key: string;
  /** The endpoint the request is of. */
  readonly endpoint: EndpointInterface;
  /** The request's arguments. */
  readonly args: readonly unknown[];
}

/**
 * A schema whose read `controller.retain(query, ...args)` can hold in use:
 * `schema.Query`, `schema.All` or a Collection. Such a read has no request,
 * so holding it keeps the rows it reads through garbage collection and never
 * fetches anything (focus, reconnect, polling and `onSubscribe` ignore it).
 */
export type RetainableQuery = Query<any, any, any> | All<any> | Collection<any>;

/** The args a held query reads with: a `schema.Query`'s `process` args; any args for `schema.All` and a Collection. */
export type RetainQueryArgs<S> = S extends Query<any, infer P, any> ? P : readonly unknown[];

/** A query read in use: the schema and args of one (query, args) pair. */
export interface HeldQuery {
  /** The query read held: a `schema.Query`, `schema.All` or Collection. */
  readonly schema: RetainableQuery;
  /** The arguments it is read with. */
  readonly args: readonly unknown[];
}

/** Called each time the number of users of a request key changes (issue 11's `onSubscribe` starts at 1 and ends at 0). */
export type UsersChangeListener = (key: string, endpoint: EndpointInterface, args: readonly unknown[], count: number) => void;

/** The in-use registry of one store: users per request key (mounted hooks, `controller.subscribe`, `controller.retain`). */
export interface Usage {
  /**
   * Adds a user of `endpoint(...args)` and returns the function that removes
   * it. Calling the release function more than once removes the user once.
   */
  retain(endpoint: EndpointInterface, args: readonly unknown[]): () => void;
  /** True while the request key has at least one user. */
  isInUse(key: string): boolean;
  /** Every request key with users, with the endpoint and real args of its first user still there. */
  inUse(): Iterable<InUseEntry>;
  /** The number of users of a request key (0 when none). */
  users(key: string): number;
  /** When (cache clock) the last user of `key` left; `undefined` while in use or when it never had one. */
  lastUsed(key: string): number | undefined;
  /** Forgets the bookkeeping of a key that is no longer stored (after a sweep removed it). */
  forget(key: string): void;
  /** Listens to user count changes; returns the function that stops listening. */
  onUsersChange(listener: UsersChangeListener): () => void;
  /**
   * Holds the read of `schema(...args)` (a Query, All or Collection) in use,
   * counted per (schema, args), and returns the function that releases it
   * (once). Query holds are apart from request keys: `inUse()` and
   * `onUsersChange` never see them, so nothing refetches or subscribes them.
   */
  retainQuery(schema: RetainableQuery, args: readonly unknown[]): () => void;
  /** Every (query, args) pair with holders, or released and not yet taken by `takeReleasedQueries`, once each. */
  heldQueries(): Iterable<HeldQuery>;
  /** Takes out the (query, args) pairs whose last holder left at or before `cutoff` (cache clock), each once. */
  takeReleasedQueries(cutoff: number): HeldQuery[];
  /** True while a released (query, args) pair waits for `takeReleasedQueries`. */
  hasReleasedQueries(): boolean;
  /** Listens to the last holder of a (query, args) pair leaving; returns the function that stops listening. */
  onQueryRelease(listener: () => void): () => void;
}

/** One (query, args) pair: its holders, and when the last one left. */
interface QueryHold extends HeldQuery {
  count: number;
  releasedAt?: number;
}

/** Args as a string equal for equal JSON args (always `[...]`); non-JSON args get a key of their own (`#n`). */
function argsKeyOf(args: readonly unknown[], unique: () => string): string {
  try {
    return JSON.stringify(args) ?? unique();
  } catch {
    return unique();
  }
}

interface User {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
}

/** Makes the in-use registry of one store; `now` is the cache's clock. */
export function createUsage(now: () => number): Usage {
  const users = new Map<string, User[]>();
  const released = new Map<string, number>();
  const listeners = new Set<UsersChangeListener>();
  const queries = new Map<RetainableQuery, Map<string, QueryHold>>();
  const queryReleaseListeners = new Set<() => void>();
  let releasedQueries = 0;
  let uniqueArgs = 0;

  function notify(key: string, user: User, count: number): void {
    for (const listener of [...listeners]) listener(key, user.endpoint, user.args, count);
  }

  return {
    retain(endpoint, args) {
      // Throws on bad args (a missing path param) before anything is counted.
      const key = endpoint.key(...args);
      const user: User = { endpoint, args };
      const list = entryOf(users, key, Array);
      list.push(user);
      released.delete(key);
      notify(key, user, list.length);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const current = users.get(key);
        const index = current?.indexOf(user) ?? -1;
        if (current === undefined || index === -1) return;
        current.splice(index, 1);
        if (current.length === 0) {
          users.delete(key);
          released.set(key, now());
        }
        notify(key, user, current.length);
      };
    },
    isInUse: (key) => users.has(key),
    *inUse() {
      for (const [key, list] of users) yield { key, endpoint: list[0].endpoint, args: list[0].args };
    },
    users: (key) => users.get(key)?.length ?? 0,
    lastUsed: (key) => released.get(key),
    forget: (key) => {
      released.delete(key);
    },
    onUsersChange(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    retainQuery(schema, args) {
      const argsKey = argsKeyOf(args, () => `#${uniqueArgs++}`);
      const bySchema = entryOf(queries, schema, Map);
      let hold = bySchema.get(argsKey);
      if (hold === undefined) {
        hold = { schema, args, count: 0 };
        bySchema.set(argsKey, hold);
      }
      if (hold.releasedAt !== undefined) {
        hold.releasedAt = undefined;
        releasedQueries--;
      }
      hold.count++;
      const held = hold;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        held.count--;
        if (held.count > 0) return;
        held.releasedAt = now();
        releasedQueries++;
        for (const listener of [...queryReleaseListeners]) listener();
      };
    },
    *heldQueries() {
      for (const bySchema of queries.values()) {
        // A pair released and not yet taken is still there: what it read is kept until it is taken.
        for (const hold of bySchema.values()) yield { schema: hold.schema, args: hold.args };
      }
    },
    takeReleasedQueries(cutoff) {
      const taken: HeldQuery[] = [];
      for (const [schema, bySchema] of queries) {
        for (const [argsKey, hold] of bySchema) {
          if (hold.count > 0 || hold.releasedAt === undefined || hold.releasedAt > cutoff) continue;
          taken.push({ schema: hold.schema, args: hold.args });
          bySchema.delete(argsKey);
          releasedQueries--;
        }
        if (bySchema.size === 0) queries.delete(schema);
      }
      return taken;
    },
    hasReleasedQueries: () => releasedQueries > 0,
    onQueryRelease(listener) {
      queryReleaseListeners.add(listener);
      return () => {
        queryReleaseListeners.delete(listener);
      };
    },
  };
}

/** What the usage handler needs from the cache. */
export type UsageInput = Pick<MiddlewareInput, 'actions' | 'handoff'>;

/**
 * Counts each `controller.subscribe` as a user of its request key until the
 * matching `controller.unsubscribe`. Only subscriptions the controller handed
 * over count: a replayed subscribe action adds no user.
 */
export function buildUsageHandler(input: UsageInput, usage: Usage): Handler {
  const { actions, handoff } = input;
  const subscriptions = new Map<string, (() => void)[]>();
  return {
    // Before the polling handler's `after` takes the handed-over request out of `pending`.
    before(action: CacheAction) {
      if (actions.subscribe.match(action)) {
        const pending = handoff.pending.get(action.meta.requestId);
        if (pending === undefined) return;
        const key = action.payload.key;
        const releases = subscriptions.get(key) ?? [];
        releases.push(usage.retain(pending.endpoint, pending.args));
        subscriptions.set(key, releases);
      } else if (actions.unsubscribe.match(action)) {
        if (!handoff.pending.has(action.meta.requestId)) return;
        const releases = subscriptions.get(action.payload.key);
        const release = releases?.pop();
        if (releases !== undefined && releases.length === 0) subscriptions.delete(action.payload.key);
        release?.();
      }
    },
  };
}

/** The per-store runtime the controller reaches (by the store's `getState`) without an action. */
export interface StoreRuntime {
  readonly usage: Usage;
  /** Runs a garbage collection sweep now. */
  gc(): void;
  /** What fetches wait for before they run (the features' `holdFetches`); nothing once the store is ready. */
  hold?(): Promise<unknown> | undefined;
}

/** The runtimes of every store of one cache, by the store's `getState`. */
export type StoreRuntimes = WeakMap<Function, StoreRuntime>;
