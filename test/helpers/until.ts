// Waiting for something another process or socket does (the local server seeing a request, an event
// stream's message reaching the store). Nothing here sleeps for a set time: each turn yields to the
// event loop (`setImmediate`, which runs once pending I/O callbacks have; jsdom has none, so a 0 ms
// timeout there), so the wait ends on the turn the awaited I/O lands. The deadline (real time) only
// turns a hang into a clear failure.

const yieldToIo: (resolve: () => void) => void = typeof setImmediate === 'function' ? (resolve) => setImmediate(resolve) : (resolve) => setTimeout(resolve, 0);

/** Resolves once `check()` holds; rejects naming `what` if it still does not after `timeout` ms. */
export async function until(check: () => boolean, what: string, timeout = 2000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise<void>(yieldToIo);
  }
}
