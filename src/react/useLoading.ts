import { useCallback, useEffect, useInsertionEffect, useRef, useState } from 'react';

/**
 * Wraps an async function to track it: returns `[wrapped, loading, error]`.
 * `loading` is true while any call is pending; `error` is the last call's
 * failure (cleared by the next call). As in Data Client, `wrapped` resolves to
 * `undefined` instead of rejecting when `fn` fails. `wrapped` is stable and
 * always calls the latest `fn`.
 *
 * @returns `[wrapped, loading, error]`
 *
 * @example
 * const [save, saving, saveError] = useLoading((title: string) =>
 *   controller.fetch(TodoResource.partialUpdate, { id }, { title }));
 */
export function useLoading<A extends unknown[], R>(
  fn: (...args: A) => Promise<R>,
): [wrapped: (...args: A) => Promise<R | undefined>, loading: boolean, error: Error | undefined] {
  const latest = useRef(fn);
  const pending = useRef(0);
  const mounted = useRef(true);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<Error | undefined>(undefined);

  // Before any layout effect of this render: a `wrapped` called from one already calls this render's `fn`.
  useInsertionEffect(() => {
    latest.current = fn;
  });
  // Which call the error follows: a failure of an earlier call that lands after a later one started is not shown.
  const calls = useRef(0);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const wrapped = useCallback(async (...args: A): Promise<R | undefined> => {
    pending.current++;
    const call = ++calls.current;
    setLoading(true);
    setError(undefined);
    try {
      return await latest.current(...args);
    } catch (caught) {
      if (mounted.current && calls.current === call) setError(caught instanceof Error ? caught : new Error(String(caught)));
      return undefined;
    } finally {
      pending.current--;
      if (mounted.current && pending.current === 0) setLoading(false);
    }
  }, []);

  return [wrapped, loading, error];
}
