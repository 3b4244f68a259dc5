import type { UnknownAction } from '@reduxjs/toolkit';
import type { RestCache } from '../../store/createRestCache';
import type { EndpointInterface } from '../../store/endpoint';
import type { FeatureMethods, RestFeature } from '../../store/feature';
import { failedCase, optimisticCase, outboxCase, settledCase, type OutboxEntry, type OutboxPayload } from './outboxState';
import { newId } from './failures';
import { outboxRuntime, type FindEndpoint, type OutboxRuntime } from './outboxRuntime';
import { endpointsOf } from '../resourceEndpoints';

/** Options of {@link outbox}. */
export interface OutboxOptions {
  /**
   * The resources (or endpoints) whose writes the outbox may replay after a
   * reload: an entry names its endpoint by `name`, and only these are looked
   * up, so their `getOptimisticResponse` runs again and the write is sent.
   * A write of another endpoint is still kept while the page lives.
   */
  readonly resources: readonly object[];
  /**
   * The name of the lock and channel the outboxes of one app share (tabs, or
   * stores of one page), so only one sends an entry.
   * @defaultValue `rest-slice-outbox:<reducerPath>`
   */
  readonly name?: string;
}

/** The write endpoints of the resources, by name (a resource's members and their members: `getList.push`, ...). */
function writesOf(resources: readonly object[]): Map<string, EndpointInterface[]> {
  const byName = new Map<string, EndpointInterface[]>();
  for (const endpoint of endpointsOf(resources)) {
    if (endpoint.sideEffect !== true) continue;
    const named = byName.get(endpoint.name);
    if (named === undefined) byName.set(endpoint.name, [endpoint]);
    else named.push(endpoint);
  }
  return byName;
}

function finder(resources: readonly object[]): FindEndpoint {
  let byName: Map<string, EndpointInterface[]> | undefined;
  return (name, key) => {
    byName ??= writesOf(resources);
    const named = byName.get(name);
    if (named === undefined) return undefined;
    // Two writes may share a name (an endpoint and its `extend`, two unnamed endpoints of one path): the
    // one listed last whose `testKey` takes the key; one whose `testKey` refuses it is never used.
    let untested: EndpointInterface | undefined;
    for (let i = named.length - 1; i >= 0; i--) {
      const endpoint = named[i];
      const testKey = (endpoint as { testKey?: unknown }).testKey;
      if (typeof testKey !== 'function') {
        untested ??= endpoint;
        continue;
      }
      try {
        if ((endpoint as unknown as { testKey(key: string): unknown }).testKey(key) === true) return endpoint;
      } catch {
        // A testKey that throws does not decide.
      }
    }
    return untested;
  };
}

/**
 * The outbox feature: a write that cannot reach the server (offline by
 * `navigator.onLine` or `<reducerPath>/offline`, or a request that got no
 * answer) is kept in `state.outbox` instead of failing; its optimistic update
 * stays, also across a reload (with `persist()`), and its caller's promise
 * waits. The outbox replays on `<reducerPath>/online`, when a store starts
 * online, and on `controller.flushOutbox()`: in order, one at a time, each
 * write with an `Idempotency-Key` header. An answer settles it as any answer
 * would; a 4xx rolls back exactly that write and leaves it `failed` in the
 * outbox with its error; no answer or a 5xx keeps it, retried with backoff.
 *
 * @example
 * const cache = createRestCache({ features: [outbox({ resources: [TodoResource] })] });
 */
export function outbox(options: OutboxOptions): RestFeature {
  if (options === null || typeof options !== 'object' || !Array.isArray(options.resources)) {
    throw new TypeError('[rest-slice] `outbox({ resources })` needs `resources`: an array of the resources whose writes may be replayed after a reload.');
  }
  const findEndpoint = finder(options.resources);
  const runtimes = new WeakMap<() => unknown, OutboxRuntime>();
  return {
    name: 'outbox',
    reducers: { outbox: outboxCase, optimistic: optimisticCase, setResponse: settledCase, abort: settledCase, setError: failedCase },
    setup(cache, store) {
      const runtime = outboxRuntime(cache, store, findEndpoint, options.name ?? `rest-slice-outbox:${cache.reducerPath}`);
      runtimes.set(store.getState, runtime);
      // A store made with an outbox in its preloaded state takes it up once it can dispatch.
      if ((store.slice().outbox?.length ?? 0) > 0) queueMicrotask(() => runtime.begin());
      return runtime;
    },
    controller(_cache, store): FeatureMethods {
      return {
        flushOutbox: () => {
          const runtime = runtimes.get(store.getState);
          return runtime === undefined ? Promise.resolve() : runtime.flush();
        },
      };
    },
  };
}

/** The writes kept in the outbox of `cache` in a root state, in order (empty without any). */
export function selectOutbox(cache: Pick<RestCache, 'selectCacheState'>, rootState: unknown): readonly OutboxEntry[] {
  return cache.selectCacheState(rootState).outbox ?? NONE;
}

const NONE: readonly OutboxEntry[] = Object.freeze([]);

function outboxAction(cache: Pick<RestCache, 'reducerPath'>, payload: OutboxPayload): UnknownAction & { payload: OutboxPayload } {
  return { type: `${cache.reducerPath}/outbox`, payload };
}

/** The action that removes entry `id` from the outbox, unsent: its optimistic update rolls back and its caller's promise rejects. */
export function discardOutboxEntry(cache: Pick<RestCache, 'reducerPath'>, id: string): UnknownAction {
  return outboxAction(cache, { op: 'discard', id });
}

/** The action that sends entry `id` again now: a pending one skips its backoff, a failed one is queued again (with its optimistic update). */
export function retryOutboxEntry(cache: Pick<RestCache, 'reducerPath'>, id: string): UnknownAction {
  return outboxAction(cache, { op: 'retry', id, idempotencyKey: newId() });
}
