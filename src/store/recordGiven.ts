import type { EndpointInterface } from './endpoint';
import { recordOutcome, type OutcomeInput } from './outcome';
import type { EndpointRegistry } from './registry';
import { serializeArgs } from './serialize';
import type { StoreLike } from './controller';

/** What recording an outcome given to the controller needs from the cache. */
export interface RecordGivenInput extends OutcomeInput {
  readonly registry: Pick<EndpointRegistry, 'register'>;
}

/** A response, or an error, given to the controller for one request. */
export type Given = { response: unknown } | { error: unknown };

/**
 * Records the outcome of `endpoint(...args)` given to the controller of `store`
 * (`setResponse`, `setError`, `resolve`) as fetched at `fetchedAt`. A response
 * the store cannot take is recorded as the request's error and thrown.
 */
export function recordGiven(
  input: RecordGivenInput,
  store: StoreLike,
  endpoint: EndpointInterface,
  args: readonly unknown[],
  fetchedAt: number,
  given: Given,
): void {
  input.registry.register(endpoint);
  const request = { key: endpoint.key(...args), args: serializeArgs(args), fetchedAt };
  const response = 'response' in given;
  try {
    recordOutcome(input, store, endpoint, request, args, response ? { value: given.response } : given);
  } catch (error) {
    // A given error is recorded, not thrown; a response the store could not take is thrown too.
    if (response) throw error;
  }
}
