import type { Dispatch, Middleware, UnknownAction } from '@reduxjs/toolkit';
import type { FetchPayload, RequestMeta, SubscriptionPayload } from './actions';
import type { CacheContext } from './context';
import type { EndpointInterface } from './endpoint';
import { recordError, recordResponse, type OutcomeBase } from './outcome';
import { serializeArgs } from './serialize';

interface Subscription {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  /** One entry per subscriber; the smallest frequency wins. */
  readonly frequencies: number[];
  timer?: ReturnType<typeof setInterval>;
  interval?: number;
}

/** What the middleware keeps per store: requests in flight and subscriptions. */
export interface StoreRuntime {
  /** One promise per GET key in flight: identical concurrent GETs share it. */
  readonly gets: Map<string, Promise<unknown>>;
  /** Every request in flight, so a reset can abort them. */
  readonly requests: Set<{ abort: AbortController; reject: (error: unknown) => void; endpoint: string; key: string }>;
  readonly subscriptions: Map<string, Subscription>;
  /** Bumped by each reset: a response of an earlier generation is dropped. */
  generation: number;
}

function isAction(action: unknown, type: string): action is UnknownAction & { payload: any; meta?: RequestMeta } {
  return typeof action === 'object' && action !== null && (action as { type?: unknown }).type === type;
}

/**
 * Dispatches a fetch for `endpoint(...args)` into a store and returns the
 * caller's promise. Used by `controller.fetch` and by polling.
 */
export function dispatchFetch(
  context: CacheContext,
  dispatch: Dispatch,
  endpoint: EndpointInterface,
  args: readonly unknown[],
): Promise<unknown> {
  let key: string;
  try {
    context.register(endpoint);
    key = endpoint.key(...args);
  } catch (error) {
    // Bad args (a missing path param): the caller's promise rejects, like any other failure.
    return Promise.reject(error);
  }
  const requestId = context.nextRequestId();
  const promise = new Promise<unknown>((resolve, reject) => {
    context.pending.set(requestId, { endpoint, args, resolve, reject });
  });
  const payload: FetchPayload = {
    endpoint: endpoint.name,
    key,
    args: serializeArgs(args),
    fetchedAt: context.options.now(),
    optimistic: Boolean(endpoint.sideEffect && typeof endpoint.getOptimisticResponse === 'function'),
    sideEffect: Boolean(endpoint.sideEffect),
  };
  dispatch(context.actions.fetch(payload, { requestId }));
  const unclaimed = context.pending.get(requestId);
  if (unclaimed !== undefined) {
    context.pending.delete(requestId);
    unclaimed.reject(
      new Error(
        `[rest-slice] \`controller.fetch(${endpoint.name})\` (${key}) found no middleware: add \`cache.middleware\` to the store (\`middleware: (getDefault) => getDefault().concat(cache.middleware)\`).`,
      ),
    );
  }
  return promise;
}

/** The cache's middleware: turns fetch actions into HTTP requests and their outcome into actions. */
export function createRestMiddleware(context: CacheContext): Middleware {
  const { actions, options } = context;
  const prefix = `${options.reducerPath}/`;

  return (api) => {
    const runtime: StoreRuntime = {
      gets: new Map(),
      requests: new Set(),
      subscriptions: new Map(),
      generation: 0,
    };
    context.storesWithMiddleware.add(api.getState);

    function settle(
      generation: number,
      requestId: string,
      payload: FetchPayload,
      endpoint: EndpointInterface,
      args: readonly unknown[],
      outcome: { value: unknown } | { error: unknown },
    ): unknown {
      const { key, fetchedAt } = payload;
      if (generation !== runtime.generation || fetchedAt < context.selectors.selectSlice(api.getState()).lastReset) {
        throw new Error(`[rest-slice] \`${endpoint.name}\` (${key}) was in flight when \`controller.resetEntireStore\` ran: its response was dropped. Fetch it again if it is still needed.`);
      }
      const base: OutcomeBase = { endpoint: endpoint.name, key, args: payload.args, fetchedAt, date: options.now(), requestId };
      let error: unknown;
      if ('value' in outcome) {
        try {
          // The response's own data, read back before anything is committed (API.md: never raw JSON).
          return recordResponse(context, api.dispatch, endpoint, base, args, outcome.value, context.selectors.selectSlice(api.getState()));
        } catch (normalizeError) {
          error = normalizeError;
        }
      } else {
        error = outcome.error;
      }
      recordError(context, api.dispatch, endpoint, base, error);
      throw error;
    }

    function startRequest(
      requestId: string,
      payload: FetchPayload,
      endpoint: EndpointInterface,
      args: readonly unknown[],
    ): Promise<unknown> {
      const abort = new AbortController();
      let rejectCaller: (error: unknown) => void = () => undefined;
      const generation = runtime.generation;
      const caller = new Promise<unknown>((resolve, reject) => {
        rejectCaller = reject;
        const request = endpoint.fetchWith
          ? endpoint.fetchWith({ fetch: options.fetch, signal: abort.signal }, ...args)
          : (endpoint as unknown as (...callArgs: readonly unknown[]) => Promise<unknown>)(...args);
        // A GET stops being shared the moment its outcome is known (before it is dispatched), so a read
        // triggered by that dispatch starts a request instead of sharing one that has already settled.
        const unshare = () => {
          if (runtime.gets.get(payload.key) === caller) runtime.gets.delete(payload.key);
        };
        request.then(
          (value) => {
            unshare();
            try {
              resolve(settle(generation, requestId, payload, endpoint, args, { value }));
            } catch (settled) {
              reject(settled);
            }
          },
          (error) => {
            unshare();
            try {
              settle(generation, requestId, payload, endpoint, args, { error });
            } catch (settled) {
              reject(settled);
            }
          },
        );
      });
      const tracked = { abort, reject: (error: unknown) => rejectCaller(error), endpoint: endpoint.name, key: payload.key };
      runtime.requests.add(tracked);
      context.active.set(requestId, { endpoint, args });
      const cleanup = () => {
        runtime.requests.delete(tracked);
        context.active.delete(requestId);
      };
      caller.then(cleanup, cleanup);
      return caller;
    }

    function restartPolling(key: string, subscription: Subscription): void {
      const interval = subscription.frequencies.length > 0 ? Math.min(...subscription.frequencies) : undefined;
      if (interval === subscription.interval) return;
      if (subscription.timer !== undefined) clearInterval(subscription.timer);
      subscription.timer = undefined;
      subscription.interval = interval;
      if (interval === undefined || !Number.isFinite(interval) || interval <= 0) return;
      subscription.timer = setInterval(() => {
        dispatchFetch(context, api.dispatch, subscription.endpoint, subscription.args).catch(() => {
          // The failure is recorded in the store; polling goes on.
        });
      }, interval);
      // Polling alone does not keep a Node process (a script, a test run) alive.
      (subscription.timer as { unref?: () => void }).unref?.();
    }

    function subscribe(payload: SubscriptionPayload, meta: RequestMeta | undefined): void {
      const pending = meta?.requestId ? context.pending.get(meta.requestId) : undefined;
      if (pending === undefined) return;
      context.pending.delete(meta!.requestId);
      let subscription = runtime.subscriptions.get(payload.key);
      if (subscription === undefined) {
        subscription = { endpoint: pending.endpoint, args: pending.args, frequencies: [] };
        runtime.subscriptions.set(payload.key, subscription);
      }
      const frequency = payload.frequency ?? pending.endpoint.pollFrequency;
      subscription.frequencies.push(frequency ?? Infinity);
      restartPolling(payload.key, subscription);
      pending.resolve(undefined);
    }

    function unsubscribe(payload: SubscriptionPayload, meta: RequestMeta | undefined): void {
      const pending = meta?.requestId ? context.pending.get(meta.requestId) : undefined;
      if (pending !== undefined) {
        context.pending.delete(meta!.requestId);
        pending.resolve(undefined);
      }
      const subscription = runtime.subscriptions.get(payload.key);
      if (subscription === undefined) return;
      const frequency = payload.frequency ?? pending?.endpoint.pollFrequency ?? subscription.endpoint.pollFrequency ?? Infinity;
      const index = subscription.frequencies.indexOf(frequency);
      subscription.frequencies.splice(index === -1 ? subscription.frequencies.length - 1 : index, 1);
      if (subscription.frequencies.length === 0) {
        if (subscription.timer !== undefined) clearInterval(subscription.timer);
        runtime.subscriptions.delete(payload.key);
      } else {
        restartPolling(payload.key, subscription);
      }
    }

    return (next) => (action) => {
      if (typeof action !== 'object' || action === null || typeof (action as { type?: unknown }).type !== 'string') {
        return next(action);
      }
      const type = (action as { type: string }).type;
      if (!type.startsWith(prefix)) return next(action);

      if (isAction(action, actions.fetch.type)) {
        const requestId = action.meta?.requestId;
        const pending = requestId ? context.pending.get(requestId) : undefined;
        // A fetch action with no pending request (a replay, DevTools) only records; it sends nothing.
        if (pending === undefined) return next(action);
        context.pending.delete(requestId!);
        const payload = action.payload as FetchPayload;
        const { endpoint, args } = pending;
        if (!endpoint.sideEffect) {
          const shared = runtime.gets.get(payload.key);
          if (shared !== undefined) {
            shared.then(pending.resolve, pending.reject);
            return action;
          }
        }
        const result = next(action);
        const caller = startRequest(requestId!, payload, endpoint, args);
        if (!endpoint.sideEffect) runtime.gets.set(payload.key, caller);
        if (payload.optimistic) {
          api.dispatch(
            actions.optimistic({
              endpoint: payload.endpoint,
              key: payload.key,
              args: payload.args,
              fetchedAt: payload.fetchedAt,
              requestId: requestId!,
            }),
          );
        }
        caller.then(pending.resolve, pending.reject);
        return result;
      }

      if (isAction(action, actions.reset.type)) {
        runtime.generation++;
        const result = next(action);
        const inFlight = [...runtime.requests];
        runtime.requests.clear();
        runtime.gets.clear();
        for (const request of inFlight) {
          request.abort.abort();
          request.reject(
            new Error(
              `[rest-slice] \`${request.endpoint}\` (${request.key}) was in flight when \`controller.resetEntireStore\` ran: the request was aborted and its response will not reach the store. Fetch it again if it is still needed.`,
            ),
          );
        }
        return result;
      }

      if (isAction(action, actions.subscribe.type)) {
        const result = next(action);
        subscribe(action.payload as SubscriptionPayload, action.meta);
        return result;
      }

      if (isAction(action, actions.unsubscribe.type)) {
        const result = next(action);
        unsubscribe(action.payload as SubscriptionPayload, action.meta);
        return result;
      }

      return next(action);
    };
  };
}
