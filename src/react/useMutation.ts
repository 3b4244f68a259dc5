import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EndpointArgs, EndpointData, EndpointInterface } from 'rest-slice';
import { handled } from './handled';
import { useController } from './useController';

/** The state of the latest call of a {@link useMutation} trigger, with Redux Toolkit Query's names. */
export interface MutationResult<T> {
  /** What the latest call resolved with; `undefined` before it resolved, after it failed, and before any call. */
  readonly data: T | undefined;
  /** What the latest call failed with. */
  readonly error: Error | undefined;
  /** No call yet, or `reset` since. */
  readonly isUninitialized: boolean;
  /** The latest call is pending. */
  readonly isLoading: boolean;
  /** The latest call resolved. */
  readonly isSuccess: boolean;
  /** The latest call rejected. */
  readonly isError: boolean;
  /** Back to the state before any call; a call still pending no longer changes the state. */
  reset(): void;
}

/** The trigger of {@link useMutation}: runs the endpoint with these args. */
export type MutationTrigger<E extends EndpointInterface> = (...args: EndpointArgs<E>) => Promise<EndpointData<E>>;

interface Outcome {
  readonly status: 'uninitialized' | 'pending' | 'fulfilled' | 'rejected';
  readonly data?: unknown;
  readonly error?: Error;
}

const UNINITIALIZED: Outcome = { status: 'uninitialized' };
const PENDING: Outcome = { status: 'pending' };

/**
 * A trigger that runs `endpoint` (a mutation, or any endpoint) through the
 * store, and the state of its latest call, as Redux Toolkit Query's mutation
 * hooks give them. The trigger's promise resolves with the data once the
 * store has committed it and REJECTS with the failure once the optimistic
 * update is rolled back (what `unwrap()` gives in RTK Query); it is already
 * handled, so `onClick={() => save(args)}` leaks no unhandled rejection.
 * The trigger is stable and calls the latest `endpoint`. For any async
 * function (several endpoints in one call), `useLoading` stays.
 *
 * @returns `[trigger, state]`
 * @example
 * const [rename, { isLoading, error, reset }] = useMutation(TodoResource.partialUpdate);
 * try {
 *   await rename({ id }, { title });
 * } catch (failed) { ... } // `error` holds it too
 */
export function useMutation<E extends EndpointInterface>(endpoint: E): [trigger: MutationTrigger<E>, state: MutationResult<EndpointData<E>>] {
  const controller = useController();
  const latest = useRef(endpoint);
  useEffect(() => {
    latest.current = endpoint;
  });
  const [outcome, setOutcome] = useState(UNINITIALIZED);
  // Which call the state follows: a call's outcome is ignored once a later call (or `reset`) came.
  const call = useRef(0);

  const trigger = useCallback(
    (...args: EndpointArgs<E>) => {
      const id = ++call.current;
      setOutcome(PENDING);
      const promise = handled(() => controller.fetch(latest.current, ...args));
      promise.then(
        (data) => {
          if (call.current === id) setOutcome({ status: 'fulfilled', data });
        },
        (error: unknown) => {
          if (call.current === id) setOutcome({ status: 'rejected', error: error instanceof Error ? error : new Error(String(error)) });
        },
      );
      return promise;
    },
    [controller],
  );
  const reset = useCallback(() => {
    call.current++;
    setOutcome(UNINITIALIZED);
  }, []);

  const state = useMemo(
    () => ({
      data: outcome.data as EndpointData<E> | undefined,
      error: outcome.error,
      isUninitialized: outcome.status === 'uninitialized',
      isLoading: outcome.status === 'pending',
      isSuccess: outcome.status === 'fulfilled',
      isError: outcome.status === 'rejected',
      reset,
    }),
    [outcome, reset],
  );
  return [trigger, state];
}
