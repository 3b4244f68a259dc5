// An AbortSignal aborted with a reason (`controller.abort('left the page')`) makes `fetch` reject
// with that reason. An endpoint run with that signal rejects with the same reason, as `fetch`
// does, not with "could not be reached" (status 500), whether the abort comes before the answer
// or while its body is arriving. A real server on 127.0.0.1 holds the answer.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Entity, RestEndpoint } from 'rest-slice';
import { until } from '../helpers/until';

class Item extends Entity {
  id = 0;
  pk() {
    return String(this.id);
  }
  static override key = 'AbortReasonItem';
}

let base = '';
const held: ServerResponse[] = [];
const server = createServer((request, response) => {
  held.push(response);
  if (request.url?.startsWith('/partial')) {
    // Headers and the start of the body, then nothing until the test ends.
    response.writeHead(200, { 'content-type': 'application/json' });
    response.write('{"id": 1, "na');
  }
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const response of held) response.destroy();
  // Idle keep-alive sockets would hold `close` for seconds.
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Resolves once the server has seen `count` requests. */
function requestsSeen(count: number) {
  return until(() => held.length >= count, `${count} requests at the server`);
}

describe('an endpoint aborted by a signal with a reason', () => {
  it('rejects with the reason while waiting for the answer', async () => {
    const getItem = new RestEndpoint({ urlPrefix: base, path: '/held/:id', schema: Item });
    const controller = new AbortController();
    const pending = getItem.fetchWith({ signal: controller.signal }, { id: 1 });
    await requestsSeen(1);
    controller.abort('left the page');
    await expect(pending).rejects.toBe('left the page');
  });

  it('rejects with the reason (an Error too) while the body is arriving', async () => {
    // Tells when the answer's headers are in and its body is being read.
    let reading!: () => void;
    const bodyArriving = new Promise<void>((resolve) => (reading = resolve));
    const getItem = new RestEndpoint({ urlPrefix: base, path: '/partial/:id', schema: Item }).extend({
      parseResponse(response: Response) {
        reading();
        return RestEndpoint.prototype.parseResponse.call(this, response);
      },
    });
    const controller = new AbortController();
    const reason = new Error('user cancelled');
    const pending = getItem.fetchWith({ signal: controller.signal }, { id: 1 });
    await bodyArriving;
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('without a reason rejects with an AbortError, as before', async () => {
    const getItem = new RestEndpoint({ urlPrefix: base, path: '/held/:id', schema: Item });
    const controller = new AbortController();
    const seen = held.length;
    const pending = getItem.fetchWith({ signal: controller.signal }, { id: 2 });
    await requestsSeen(seen + 1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a server that cannot be reached is still a 500 naming the URL', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const getItem = new RestEndpoint({ urlPrefix: url, path: '/items/:id', schema: Item });
    await expect(getItem.fetchWith({ signal: new AbortController().signal }, { id: 3 })).rejects.toMatchObject({
      status: 500,
      message: expect.stringContaining(`GET ${url}/items/3 could not be reached`),
    });
  });
});
