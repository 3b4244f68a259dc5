import type { Middleware } from '@reduxjs/toolkit';
import type { FeatureRuntime } from '../feature';
import { featureActionCheck, payloadProblem } from '../featureCheck';
import { buildPollingHandler } from './polling';
import { createInFlight } from './inFlight';
import { buildRequestsHandler } from './requests';
import { buildResetHandler } from './reset';
import type { CacheAction, Handler, MiddlewareInput } from './types';
import { buildUsageHandler, createUsage } from './usage';
import { buildGcHandler } from './gc';
import { buildWritesHandler } from './writes';

export type { MiddlewareInput } from './types';

/**
 * The cache's middleware: per store, the core's handlers (one concern each,
 * see {@link Handler}) then each installed feature's part, in the order of
 * the `features` option. Every action of this cache passes through them;
 * actions of other slices pass straight on.
 */
export function createRestMiddleware(input: MiddlewareInput): Middleware {
  const { reducerPath } = input.options;
  const prefix = `${reducerPath}/`;
  // Made in development only, so production builds drop the check with its tables.
  const checkAction = process.env.NODE_ENV !== 'production' ? featureActionCheck(reducerPath, input.features) : undefined;

  return (store) => {
    // The one piece of runtime handlers share: the requests in flight of this store.
    const inFlight = createInFlight();
    // Who uses which result (hooks, subscriptions, `controller.retain`): runtime, per store.
    const usage = createUsage(input.options.now);
    const gc = buildGcHandler(input, store, usage);
    // The memo of this store's reads; its first state is marked now, each later one as the reducer makes it.
    const memo = input.newStoreMemo();
    const slice = () => (store.getState() as Record<string, unknown> | undefined)?.[reducerPath];
    memo.mark(slice());
    const parts: FeatureRuntime[] = [];
    // What fetches wait for first: a feature's `holdFetches` still pending.
    const hold = () => {
      for (const part of parts) {
        const held = part.holdFetches?.();
        if (held) return held;
      }
    };
    input.runtimes.set(store.getState, { usage, gc: gc.sweep, hold });
    const featureStore = input.featureStoreOf(store);
    for (const feature of input.features) {
      const part = feature.setup?.(input.featureCache, featureStore);
      if (part !== undefined) parts.push(part);
    }
    const handlers: readonly Handler[] = [
      buildUsageHandler(input, usage),
      gc,
      buildRequestsHandler(input, store, inFlight, parts),
      // After requests: a write counts from the moment its request runs (races rule 5b).
      buildWritesHandler(input, store, usage, gc),
      buildResetHandler(input, inFlight),
      buildPollingHandler(input, store),
      // The features last, in the order installed.
      ...parts,
    ];

    return (next) => (action) => {
      if (!isCacheAction(action, prefix)) return next(action);
      if (process.env.NODE_ENV !== 'production') {
        checkAction?.(action.type);
        const problem = payloadProblem(action.type.slice(prefix.length), action);
        if (problem !== undefined) {
          // Passed on, it would write entries no later action removes (or crash a handler): it is dropped.
          console.warn(`[rest-slice] the action \`${action.type}\` was dropped, changing nothing: ${problem}. Dispatch the cache's own action creators (\`cache.actions\`) or the controller's methods.`);
          return action;
        }
      }
      for (const handler of handlers) {
        if (handler.before?.(action) === false) return action;
      }
      const stateBefore: unknown = store.getState();
      const result = memo.during(() => next(action), slice);
      for (const handler of handlers) handler.after?.(action, stateBefore);
      return result;
    };
  };
}

function isCacheAction(action: unknown, prefix: string): action is CacheAction {
  return (
    typeof action === 'object' &&
    action !== null &&
    typeof (action as { type?: unknown }).type === 'string' &&
    (action as { type: string }).type.startsWith(prefix)
  );
}
