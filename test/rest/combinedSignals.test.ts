// An endpoint with its own `signal`, run with another one (`fetchWith`, as
// the store does): either signal aborts the request, and the caller gets the
// AbortError of the signal that aborted it.
import { Endpoint, RestEndpoint } from 'rest-slice';
import { deferred, startServer, type Deferred, type TestServer } from '../helpers/server';
import { until } from '../helpers/until';

let server: TestServer;
let answer: Deferred<void>;
beforeAll(async () => {
  server = await startServer();
});
beforeEach(() => {
  answer = deferred();
  server.route('GET', '/slow', async () => {
    await answer.promise;
    return { json: { late: true } };
  });
});
afterEach(() => {
  answer.resolve();
  server.reset();
});
afterAll(() => server.close());

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  );

function requested(): Promise<void> {
  return until(() => server.requests.length > 0, 'a request at the server');
}

describe('RestEndpoint: its own signal and the one fetchWith injects', () => {
  function slow() {
    const own = new AbortController();
    const injected = new AbortController();
    const endpoint = new RestEndpoint({ urlPrefix: server.url, path: '/slow' }).extend({ signal: own.signal });
    return { own, injected, pending: endpoint.fetchWith({ signal: injected.signal }) };
  }

  it("aborting the endpoint's own signal aborts the request with that signal's AbortError", async () => {
    const { own, pending } = slow();
    await requested();
    own.abort();
    const error = await rejection(pending);
    expect(error).toBe(own.signal.reason);
    expect((error as Error).name).toBe('AbortError');
  });

  it("aborting the injected signal aborts the request with that signal's AbortError", async () => {
    const { injected, pending } = slow();
    await requested();
    injected.abort();
    const error = await rejection(pending);
    expect(error).toBe(injected.signal.reason);
    expect((error as Error).name).toBe('AbortError');
  });

  it('aborting both: the first abort wins and the request was sent once', async () => {
    const { own, injected, pending } = slow();
    await requested();
    injected.abort();
    own.abort();
    expect(await rejection(pending)).toBe(injected.signal.reason);
    expect(server.requests).toHaveLength(1);
  });

  it('neither aborted: the answer arrives', async () => {
    const { pending } = slow();
    await requested();
    answer.resolve();
    await expect(pending).resolves.toEqual({ late: true });
  });

  it('the signal the request carries is aborted by either one (getRequestInit sees the combined signal)', async () => {
    const seen: AbortSignal[] = [];
    class Watching extends RestEndpoint {
      override async getRequestInit(body?: unknown) {
        const init = await super.getRequestInit(body);
        seen.push(init.signal!);
        return init;
      }
    }
    answer.resolve();
    const own = new AbortController();
    const injected = new AbortController();
    const endpoint = new Watching({ urlPrefix: server.url, path: '/slow', signal: own.signal });
    await endpoint.fetchWith({ signal: injected.signal });
    expect(seen).toHaveLength(1);
    expect([seen[0] === own.signal, seen[0] === injected.signal, seen[0].aborted]).toEqual([false, false, false]);
    own.abort();
    expect(seen[0].aborted).toBe(true);
  });
});

describe('Endpoint: `this.signal` inside the function', () => {
  function watching() {
    const signals: (AbortSignal | undefined)[] = [];
    const own = new AbortController();
    const endpoint = new Endpoint(
      async function load(this: { signal?: AbortSignal }) {
        signals.push(this.signal);
        return 'done';
      },
      { signal: own.signal } as never,
    );
    return { signals, own, endpoint };
  }

  it('is aborted when the endpoint’s own signal aborts, with its reason', async () => {
    const { signals, own, endpoint } = watching();
    const injected = new AbortController();
    await expect(endpoint.fetchWith({ signal: injected.signal })).resolves.toBe('done');
    expect(signals[0]?.aborted).toBe(false);
    own.abort('own reason');
    expect([signals[0]?.aborted, signals[0]?.reason]).toEqual([true, 'own reason']);
  });

  it('is aborted when the injected signal aborts, with its reason', async () => {
    const { signals, endpoint } = watching();
    const injected = new AbortController();
    await endpoint.fetchWith({ signal: injected.signal });
    injected.abort('injected reason');
    expect([signals[0]?.aborted, signals[0]?.reason]).toEqual([true, 'injected reason']);
  });

  it('is the endpoint’s own signal when fetchWith brings none, and the injected one when the endpoint has none', async () => {
    const { signals, own, endpoint } = watching();
    await endpoint.fetchWith({ fetch: globalThis.fetch });
    expect(signals[0]).toBe(own.signal);
    const injected = new AbortController();
    const plain = new Endpoint(
      async function load(this: { signal?: AbortSignal }) {
        signals.push(this.signal);
        return 'done';
      },
    );
    await plain.fetchWith({ signal: injected.signal });
    expect(signals[1]).toBe(injected.signal);
  });
});
