// How a RestEndpoint reads an answer's body, against a real server: a body
// that is not the JSON the schema needs is an error naming method and URL
// and quoting at most the first 200 characters of the (trimmed) body; JSON
// sent with a text content type is still read when the schema needs data.
import { RestEndpoint } from 'rest-slice';
import { startServer, type Reply, type TestServer } from '../helpers/server';
import { Todo } from '../fixtures/Todo';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterEach(() => server.reset());
afterAll(() => server.close());

function answer(reply: Reply) {
  server.route('GET', '/todos/:id', () => reply);
}

async function failure(promise: Promise<unknown>): Promise<Error & { status?: number }> {
  return promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: Error & { status?: number }) => error,
  );
}

const getTodo = () => new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
/** The part of a message after the last `: ` or ` starts `: the quoted start of the body. */
const quoted = (message: string) => JSON.parse(message.slice(message.lastIndexOf(' "') + 1)) as string;

describe('invalid JSON in a JSON answer', () => {
  it('a long body: the message quotes its first 200 characters, trimmed, then an ellipsis', async () => {
    const body = `\n   {"id": 1, "title": "${'x'.repeat(400)}`;
    answer({ text: body, headers: { 'Content-Type': 'application/json' } });
    const error = await failure(getTodo()({ id: 1 }));
    expect(error.status).toBe(400);
    expect(error.message.startsWith(`[rest-slice] GET ${server.url}/todos/1 returned invalid JSON (`)).toBe(true);
    expect(quoted(error.message)).toBe(`${body.trim().slice(0, 200)}…`);
    expect(quoted(error.message)).toHaveLength(201);
  });

  it('a body of exactly 200 characters after trimming is quoted whole, without an ellipsis', async () => {
    const core = `{"id": 1, "title": "${'y'.repeat(180)}`;
    expect(core).toHaveLength(200);
    answer({ text: `  ${core}\n\n`, headers: { 'Content-Type': 'application/json' } });
    const error = await failure(getTodo()({ id: 1 }));
    expect(quoted(error.message)).toBe(core);
  });

  it('a body of 201 characters after trimming gets the ellipsis', async () => {
    const core = `{"id": 1, "title": "${'z'.repeat(181)}`;
    expect(core).toHaveLength(201);
    answer({ text: ` ${core} `, headers: { 'Content-Type': 'application/json' } });
    const error = await failure(getTodo()({ id: 1 }));
    expect(quoted(error.message)).toBe(`${core.slice(0, 200)}…`);
  });
});

describe('a body that is not JSON where the schema needs JSON', () => {
  it('a long HTML page: names its content type and quotes its first 200 characters', async () => {
    const page = `<!doctype html><html><body>${'<p>maintenance</p>'.repeat(30)}</body></html>`;
    answer({ text: page, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    const error = await failure(getTodo()({ id: 1 }));
    expect(error.message).toBe(
      `[rest-slice] GET ${server.url}/todos/1 returned text/html; charset=utf-8 where its schema needs JSON; the body starts ${JSON.stringify(`${page.slice(0, 200)}…`)}`,
    );
    expect(error.status).toBeUndefined();
  });

  it('a body with no content type is named as such', async () => {
    answer({ text: 'plain words', headers: { 'Content-Type': '' } });
    const error = await failure(getTodo()({ id: 1 }));
    expect(error.message).toBe(
      `[rest-slice] GET ${server.url}/todos/1 returned a body with no content type where its schema needs JSON; the body starts "plain words"`,
    );
  });

  it('JSON that is not an object or array (a number, a string, null) is refused too', async () => {
    for (const text of ['42', '"a string"', 'null', 'true']) {
      server.reset();
      answer({ text, headers: { 'Content-Type': 'text/plain' } });
      const error = await failure(getTodo()({ id: 1 }));
      expect(error.message).toBe(
        `[rest-slice] GET ${server.url}/todos/1 returned text/plain where its schema needs JSON; the body starts ${JSON.stringify(text)}`,
      );
    }
  });

  it('a JSON object or array sent as text/plain is read as JSON', async () => {
    answer({ text: '{"id": 1, "title": "mislabeled"}', headers: { 'Content-Type': 'text/plain' } });
    await expect(getTodo()({ id: 1 })).resolves.toEqual({ id: 1, title: 'mislabeled' });
    server.reset();
    server.route('GET', '/todos', () => ({ text: '[{"id": 2, "title": "listed"}]', headers: { 'Content-Type': 'text/plain' } }));
    const list = new RestEndpoint({ urlPrefix: server.url, path: '/todos', schema: [Todo] });
    await expect(list()).resolves.toEqual([{ id: 2, title: 'listed' }]);
  });

  it('without a schema, or with a process override, a text body is the text', async () => {
    answer({ text: '42', headers: { 'Content-Type': 'text/plain' } });
    const plain = new RestEndpoint({ urlPrefix: server.url, path: '/todos/:id' });
    await expect(plain({ id: 1 })).resolves.toBe('42');
    class Counted extends RestEndpoint {
      override process(value: unknown) {
        return { raw: value };
      }
    }
    const processed = new Counted({ urlPrefix: server.url, path: '/todos/:id', schema: Todo });
    await expect(processed({ id: 1 })).resolves.toEqual({ raw: '42' });
  });

  it('an empty body or a 204 is null, whatever the schema', async () => {
    answer({ text: '', headers: { 'Content-Type': 'application/json' } });
    await expect(getTodo()({ id: 1 })).resolves.toBeNull();
    server.reset();
    answer({ status: 204 });
    await expect(getTodo()({ id: 1 })).resolves.toBeNull();
  });
});
