import { createTable, describeKind, getOwn, hasOwn } from '../../schema/own';
import type { SetResponsePayload } from '../../store/actions';
import type { FeatureCaseReducer, FeatureWrite, RestFeature } from '../../store/feature';
import { deepFreeze } from '../../store/reducers';
import { plainJson } from '../../schema/jsonForm';
import { errorMessage } from '../../store/serialize';
import { warnOnce } from '../../store/warnOnce';

// Data Client's `update` endpoint option: a response (or an optimistic response) changes other stored
// results, each through an updater of its own request key. The updaters run in the middleware, where the
// endpoint is; the action carries only their JSON results (`results`), so a replayed log, another tab and
// a restored save write the same state. An optimistic update's run again over whatever lies beneath it
// each time it is computed, so they stay race-safe and roll back with it.

function describe(write: FeatureWrite, key?: string): string {
  return `\`update\` of \`${write.endpoint.name}\`${key === undefined ? '' : ` for ${JSON.stringify(key)}`}`;
}

/** A failing updater skips its own result and says so; the response is still stored. */
function skipped(write: FeatureWrite, key: string | undefined, why: string): void {
  if (process.env.NODE_ENV !== 'production') {
    warnOnce(`[rest-slice] ${describe(write, key)} ${why}; ${key === undefined ? 'no result is changed' : 'that result is left as it is'}.`, `update ${write.endpoint.name} ${key}`);
  }
}

function updateResults(write: FeatureWrite): Record<string, unknown> | undefined {
  const update = (write.endpoint as { update?: unknown }).update;
  if (typeof update !== 'function') {
    if (update !== undefined) skipped(write, undefined, `should be a function \`(result, ...args) => ({ [key]: updater })\`, got ${describeKind(update)}`);
    return undefined;
  }
  let updaters: unknown;
  try {
    updaters = (update as (result: unknown, ...args: readonly unknown[]) => unknown).call(write.endpoint, write.result, ...write.args);
  } catch (error) {
    skipped(write, undefined, `threw (${errorMessage(error)})`);
    return undefined;
  }
  if (typeof updaters !== 'object' || updaters === null) {
    skipped(write, undefined, `should return an object of updaters by request key, got ${updaters === null ? 'null' : typeof updaters}`);
    return undefined;
  }
  const results = createTable<unknown>();
  for (const key of Object.keys(updaters)) {
    const updater = getOwn(updaters as Record<string, unknown>, key);
    if (typeof updater !== 'function') {
      skipped(write, key, `should give a function \`(existing) => next\`, got ${typeof updater}`);
      continue;
    }
    try {
      // A copy of the stored result (JSON): an updater that changes its argument in place cannot reach the state.
      const existing = write.getResult(key);
      const copy: unknown = existing === undefined ? undefined : JSON.parse(JSON.stringify(existing));
      const next = plainJson((updater as (existing: unknown) => unknown)(copy), true);
      if (next !== undefined) results[key] = next;
    } catch (error) {
      skipped(write, key, `threw or returned data with no JSON form (${errorMessage(error)})`);
    }
  }
  return results;
}

/** After the core's `setResponse` case: the other results the response's updaters wrote. */
const writeResults: FeatureCaseReducer = (state, action) => {
  const payload = action.payload as SetResponsePayload;
  const results = payload.results;
  // A response of a fetch from before a reset is dropped whole, as the core's case drops it.
  if (typeof results !== 'object' || results === null || payload.fetchedAt < state.lastReset) return state;
  const endpoints = Object.assign(createTable<unknown>(), state.endpoints) as Record<string, unknown>;
  for (const key of Object.keys(results)) {
    if (!hasOwn(results, key)) continue;
    const value = results[key];
    endpoints[key] = process.env.NODE_ENV !== 'production' ? deepFreeze(value) : value;
  }
  return Object.freeze({ ...state, endpoints: Object.freeze(endpoints) });
};

/**
 * Data Client's `update` endpoint option, for resources written with it
 * (before Collections' `push`/`unshift` did the same job): an endpoint's
 * `update(result, ...args)` returns an updater per request key, and each
 * updater's return replaces that key's stored result. It runs for every
 * response recorded (fetches, `setResponse`, `resolve`) and for the
 * optimistic response, whose changes show at once and roll back with it.
 * Updaters get a copy of the stored (normalized) result, `undefined` when
 * the key holds none, and return JSON; returning `undefined` leaves it.
 * One that throws is skipped (a development warning names it); the rest of
 * the response is stored.
 *
 * @example
 * const cache = createRestCache({ features: [updaters()] });
 * const getTodos = new RestEndpoint({ path: '/todos', schema: [Todo] });
 * const createTodo = new RestEndpoint({
 *   path: '/todos',
 *   method: 'POST',
 *   schema: Todo,
 *   update: (newId: string) => ({ [getTodos.key()]: (ids: string[] = []) => [...ids, newId] }),
 * });
 */
export function updaters(): RestFeature {
  return { name: 'updaters', updateResults, reducers: { setResponse: writeResults } };
}
