/**
 * Runs `run` with `process.env.NODE_ENV` set to `mode`, then puts it back. The library reads
 * `NODE_ENV` when it runs (the literal checks are replaced only in a bundle), so a test can
 * see a production build's behaviour from the sources.
 */
export function inNodeEnv<T>(mode: string, run: () => T): T {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = mode;
  try {
    return run();
  } finally {
    process.env.NODE_ENV = previous;
  }
}

/** Sets `process.env.NODE_ENV` to `mode` for each test of the file (or `describe` block) that calls this, across its awaits. */
export function nodeEnvForEachTest(mode: string): void {
  let previous: string | undefined;
  beforeEach(() => {
    previous = process.env.NODE_ENV;
    process.env.NODE_ENV = mode;
  });
  afterEach(() => {
    process.env.NODE_ENV = previous;
  });
}
