import { ExpiryStatus } from '../rest/ExpiryStatus';
import type { Controller, PollOptions, StoreLike } from './controller';
import { dispatchFetch, type DispatchFetchInput } from './dispatchFetch';
import { actionName, type EndpointInterface } from './endpoint';
import type { RequestHandoff } from './handoff';
import type { ResolvedOptions } from './options';
import type { Reads } from './reads';
import { recordGiven, type Given, type RecordGivenInput } from './recordGiven';
import type { EndpointRegistry } from './registry';
import { missingMiddleware, type RestCacheSelectors } from './selectors';
import { serializeArgs } from './serialize';
import type { RestCacheActions } from './slice';
import type { RetainableQuery, StoreRuntimes } from './middleware/usage';
import { checkFeatureOptions } from './featureCheck';
import { createSnapshot } from './snapshot';
import { Collection } from '../schema/Collection';
import { isQuerySchema } from '../schema/Query';
import { isSchemaLike } from '../schema/argumentOrder';
import { describeKind } from '../schema/own';
import { resultStamp } from './reducers';
import { describeSchema } from '../schema/describeSchema';
import { runSet, type SetInput } from './set';
import { warnOnce } from './warnOnce';

/** What a controller needs from the cache. */
export interface ControllerInput extends SetInput, RecordGivenInput, DispatchFetchInput {
  readonly options: Pick<ResolvedOptions, 'reducerPath' | 'now' | 'stamp' | 'dataExpiryLength'>;
  readonly actions: RestCacheActions;
  readonly registry: Pick<EndpointRegistry, 'register'>;
  readonly handoff: Pick<RequestHandoff, 'pending' | 'take' | 'nextRequestId' | 'aborts'>;
  readonly selectors: Pick<RestCacheSelectors, 'selectSlice' | 'selectView'>;
  readonly reads: Reads;
  /** Whether a feature of this name is installed. */
  has(name: string): boolean;
  /** The middleware's runtime of each store (in-use registry, gc). */
  readonly runtimes: StoreRuntimes;
}

/** Development: a controller method given something that is not an endpoint (a schema, a Query) says so. */
function checkEndpoint(method: string, endpoint: unknown): void {
  if (typeof (endpoint as Partial<EndpointInterface> | null | undefined)?.key === 'function') return;
  const schema = isSchemaLike(endpoint);
  const got = schema ? `the schema \`${describeSchema(endpoint)}\`` : describeKind(endpoint);
  const hint = schema ? ': a schema or `schema.Query` is read with `useQuery(schema, ...args)` or `cache.selectQuery(state, schema, ...args)`' : '';
  throw new TypeError(`[rest-slice] \`controller.${method}\` takes an endpoint (a resource member, a \`RestEndpoint\` or an \`Endpoint\`), got ${got}${hint}.`);
}

/** A development check of `invalidateAll` / `expireAll`'s matcher: something with a `testKey` method. */
function checkMatcher(method: string, matcher: unknown): void {
  if (typeof (matcher as { testKey?: unknown } | null | undefined)?.testKey === 'function') return;
  throw new TypeError(
    `[rest-slice] \`controller.${method}\` takes a matcher with a \`testKey(key)\` method (an endpoint, or \`{ testKey: (key) => key.includes('/todos') }\`), got ${describeKind(matcher)}.`,
  );
}

/** Builds the controller of one store. */
export function createController(input: ControllerInput, store: StoreLike): Controller {
  const { actions, options, selectors, reads, registry, handoff } = input;
  const { reducerPath } = options;
  const fetchThrough = (endpoint: EndpointInterface, args: readonly unknown[]) => dispatchFetch(input, store.dispatch, endpoint, args);

  if (process.env.NODE_ENV !== 'production') {
    // The middleware registers each store's runtime when the store starts.
    if (!input.runtimes.has(store.getState)) {
      warnOnce(missingMiddleware(reducerPath));
    }
    // Warns once when the reducer is not mounted.
    selectors.selectSlice(store.getState());
  }

  function splitState(rest: readonly unknown[]): [unknown[], unknown] {
    return [rest.slice(0, -1), rest[rest.length - 1]];
  }

  const record = (endpoint: EndpointInterface, args: readonly unknown[], fetchedAt: number, given: Given) => recordGiven(input, store, endpoint, args, fetchedAt, given);

  /** Stored keys, and keys that infer data now (a detail a list brought), that `matcher.testKey` accepts. */
  function keysMatching(matcher: { testKey(key: string): boolean }): string[] {
    const state = store.getState();
    const keys = new Set(Object.keys(selectors.selectSlice(state).meta));
    for (const key of reads.inferredKeys(selectors.selectView(state))) keys.add(key);
    // Called as a method: an endpoint's `testKey` may use `this`.
    return [...keys].filter((key) => matcher.testKey(key));
  }

  function subscription(type: 'subscribe' | 'unsubscribe', given: readonly unknown[]): Promise<void> {
    // An endpoint has a `key` method; options (given first) are a plain object.
    const withOptions = typeof (given[0] as Partial<EndpointInterface> | undefined)?.key !== 'function';
    const endpoint = given[withOptions ? 1 : 0] as EndpointInterface;
    if (process.env.NODE_ENV !== 'production') checkEndpoint(type, endpoint);
    const frequency = withOptions ? (given[0] as PollOptions).pollFrequency : undefined;
    const args = given.slice(withOptions ? 2 : 1);
    if (frequency !== undefined && !(Number.isFinite(frequency) && frequency >= 0)) {
      throw new Error(
        `[rest-slice] \`controller.${type}\` of \`${endpoint.name}\` got \`pollFrequency\` ${String(frequency)}: give the milliseconds between polls (\`0\` for none).`,
      );
    }
    // Subscribing runs the endpoint's `onSubscribe` (the live feature) and its other feature options: check them.
    if (process.env.NODE_ENV !== 'production' && type === 'subscribe') checkFeatureOptions(endpoint, input.has, reducerPath);
    registry.register(endpoint);
    const requestId = handoff.nextRequestId();
    const done = new Promise<void>((resolve, reject) => {
      handoff.pending.set(requestId, { endpoint, args, resolve: () => resolve(), reject });
    });
    const payload = { endpoint: actionName(endpoint), key: endpoint.key(...args), args: serializeArgs(args), ...(frequency === undefined ? {} : { frequency }) };
    store.dispatch(actions[type](payload, { requestId }));
    if (handoff.pending.delete(requestId)) {
      if (process.env.NODE_ENV !== 'production') warnOnce(`[rest-slice] \`controller.${type}\` found no middleware of the cache at \`${reducerPath}\` in this store.`);
      return Promise.resolve();
    }
    return done;
  }

  /** Runs `then` once no feature holds fetches (`holdFetches`); nothing when none does now. */
  function afterHold(then: () => Promise<unknown>): Promise<unknown> | undefined {
    return input.runtimes.get(store.getState)?.hold?.()?.then(() => afterHold(then) ?? then());
  }

  /** A controller method of a feature that is not installed: it fails, naming the feature to add. */
  const needs = (method: string, feature: string) => () =>
    Promise.reject(
      new Error(
        `[rest-slice] \`controller.${method}\` needs the ${feature} feature: the cache at \`${reducerPath}\` was made without it. Install it with \`createRestCache({ features: [${feature}()] })\`.`,
      ),
    );

  const controller: Controller = {
    fetchNextPage: needs('fetchNextPage', 'infinitePages'),

    fetchPreviousPage: needs('fetchPreviousPage', 'infinitePages'),

    flushOutbox: needs('flushOutbox', 'outbox'),

    // Asked while the store cannot answer yet (a saved cache being restored): once it can, a fresh read needs no request.
    fetch: (endpoint, ...args) => {
      if (process.env.NODE_ENV !== 'production') checkEndpoint('fetch', endpoint);
      return (afterHold(() => (endpoint.sideEffect ? fetchThrough(endpoint, args) : controller.fetchIfStale(endpoint, ...args))) ??
        fetchThrough(endpoint, args)) as Promise<never>;
    },

    fetchIfStale: (endpoint, ...args) => {
      if (process.env.NODE_ENV !== 'production') checkEndpoint('fetchIfStale', endpoint);
      const held = afterHold(() => controller.fetchIfStale(endpoint, ...args));
      if (held) return held as Promise<never>;
      const view = selectors.selectView(store.getState());
      const response = reads.responseOf(view, endpoint, args);
      if (response.expiryStatus !== ExpiryStatus.Invalid && response.expiresAt >= options.now()) {
        return Promise.resolve(response.data as never);
      }
      // A failure with nothing to show is kept until `errorExpiryLength` (as Data Client, which sends no request
      // meanwhile): asking again (a prefetch on every hover) does not retry it.
      const error = response.data === undefined ? reads.errorOf(view, endpoint, args) : undefined;
      const meta = error === undefined ? undefined : view.getResultMeta(endpoint.key(...args));
      if (error !== undefined && meta !== undefined && !meta.invalidated && meta.expiresAt >= options.now()) return Promise.reject(error);
      return fetchThrough(endpoint, args) as Promise<never>;
    },

    invalidate: async (endpoint, ...args) => {
      if (process.env.NODE_ENV !== 'production') checkEndpoint('invalidate', endpoint);
      store.dispatch(actions.invalidate({ keys: [endpoint.key(...args)] }));
    },

    invalidateAll: async (matcher) => {
      if (process.env.NODE_ENV !== 'production') checkMatcher('invalidateAll', matcher);
      store.dispatch(actions.invalidateAll({ keys: keysMatching(matcher) }));
    },

    expireAll: async (matcher) => {
      if (process.env.NODE_ENV !== 'production') checkMatcher('expireAll', matcher);
      store.dispatch(actions.expireAll({ keys: keysMatching(matcher) }));
    },

    resetEntireStore: async () => {
      store.dispatch(actions.reset({ date: options.now() }));
    },

    setResponse: async (endpoint, ...rest) => {
      if (process.env.NODE_ENV !== 'production') checkEndpoint('setResponse', endpoint);
      const [args, response] = splitState(rest);
      record(endpoint, args, options.stamp(), { response });
    },

    setError: async (endpoint, ...rest) => {
      if (process.env.NODE_ENV !== 'production') checkEndpoint('setError', endpoint);
      const [args, error] = splitState(rest);
      record(endpoint, args, options.stamp(), { error });
    },

    resolve: async (endpoint, resolved) => {
      if (process.env.NODE_ENV !== 'production') {
        checkEndpoint('resolve', endpoint);
        if (typeof resolved !== 'object' || resolved === null || !Array.isArray(resolved.args)) {
          throw new TypeError(
            `[rest-slice] \`controller.resolve(${endpoint.name}, { args, response })\` takes its args as an array in its second argument (\`{ args: [{ id: 1 }], response }\`), got ${describeKind(resolved)}.`,
          );
        }
      }
      const { args, fetchedAt, response, error } = resolved;
      record(endpoint, args, fetchedAt ?? options.stamp(), error === true ? { error: response } : error !== undefined && error !== false ? { error } : { response });
    },

    getState: () => store.getState(),

    getResponse: (endpoint, ...rest) => {
      if (process.env.NODE_ENV !== 'production') checkEndpoint('getResponse', endpoint);
      const [args, state] = splitState(rest);
      return reads.responseOf(selectors.selectView(state), endpoint, args) as never;
    },

    getError: (endpoint, ...rest) => {
      if (process.env.NODE_ENV !== 'production') checkEndpoint('getError', endpoint);
      const [args, state] = splitState(rest);
      const view = selectors.selectView(state);
      const error = reads.errorOf(view, endpoint, args);
      // As Data Client: a soft error (5xx) while a result is stored is not reported, as the data stays shown.
      // (`selectError` and the hooks' `error` keep reporting the last failure.)
      if (error !== undefined && args[0] !== null) {
        const key = endpoint.key(...args);
        const meta = view.getResultMeta(key);
        if (meta?.errorPolicy === 'soft' && resultStamp(view.state.endpoints, key, meta) !== -Infinity) return undefined;
      }
      return error;
    },

    snapshot: (state, fetchedAt = options.now()) => createSnapshot(reads, selectors.selectView(state), fetchedAt),

    subscribe: (...input: readonly unknown[]) => subscription('subscribe', input),

    unsubscribe: (...input: readonly unknown[]) => subscription('unsubscribe', input),

    retain: (target: EndpointInterface | RetainableQuery, ...args: readonly unknown[]) => {
      const runtime = input.runtimes.get(store.getState);
      if (runtime === undefined) {
        if (process.env.NODE_ENV !== 'production') warnOnce(`[rest-slice] \`controller.retain\` found no middleware of the cache at \`${reducerPath}\` in this store.`);
        return () => undefined;
      }
      if (isQuerySchema(target) || target instanceof Collection) return runtime.usage.retainQuery(target as RetainableQuery, args);
      if (process.env.NODE_ENV !== 'production') checkEndpoint('retain', target);
      // Holding a result runs its `onSubscribe` (the live feature) without a request: check here too.
      if (process.env.NODE_ENV !== 'production') checkFeatureOptions(target as EndpointInterface, input.has, reducerPath);
      registry.register(target as EndpointInterface);
      return runtime.usage.retain(target as EndpointInterface, args);
    },

    gc: async () => {
      input.runtimes.get(store.getState)?.gc();
    },

    abort: async (endpoint, ...args) => {
      if (process.env.NODE_ENV !== 'production') checkEndpoint('abort', endpoint);
      handoff.aborts.get(store.getState)?.(endpoint.name, endpoint.key(...args));
    },

    prefetch: (endpoint, ...args) => {
      if (process.env.NODE_ENV !== 'production') checkEndpoint('prefetch', endpoint);
      if (endpoint.sideEffect) {
        throw new TypeError(`[rest-slice] \`controller.prefetch(${endpoint.name})\`: a mutation is never prefetched; run it with \`controller.fetch\`.`);
      }
      if (process.env.NODE_ENV !== 'production') checkFeatureOptions(endpoint, input.has, reducerPath);
      // The failure is recorded in the store (the hooks and `getError` show it); the promise has nothing more to say.
      controller.fetchIfStale(endpoint, ...args).catch(() => undefined);
    },

    set: (schema, ...rest) => {
      let undo = () => undefined as void;
      let written: Promise<void>;
      try {
        undo = runSet(input, store, schema, rest);
        written = Promise.resolve();
      } catch (error) {
        written = Promise.reject(error);
      }
      return Object.assign(written, { undo: async () => undo() });
    },
  };
  return controller;
}
