/**
 * Runs `run` and returns its promise, a synchronous throw turned into a
 * rejection, with the rejection already handled: a caller that ignores the
 * promise (`onClick={() => save()}`) leaks no unhandled rejection, and one
 * that awaits it still gets the error.
 */
export function handled<T>(run: () => Promise<T>): Promise<T> {
  const promise = new Promise<T>((resolve) => resolve(run()));
  promise.catch(() => undefined);
  return promise;
}
