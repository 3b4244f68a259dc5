// docs/testing.md's jsdom environment, run as printed: jsdom alone has no `fetch`; the page's environment
// gives it Node's, with an AbortSignal Node's fetch accepts, and it hands over the same globals as the
// environment rest-slice's React tests run in (test/react/environment.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TestEnvironment } from 'jest-environment-jsdom';
import { startServer, type TestServer } from '../helpers/server';
import { extractBlocks } from './codeBlocks';

type EnvironmentClass = typeof TestEnvironment;
const root = join(__dirname, '..', '..');

function pageEnvironment(): { Environment: EnvironmentClass; code: string } {
  const block = extractBlocks(readFileSync(join(root, 'docs/testing.md'), 'utf8')).find((b) => b.code.startsWith('// jsdomWithFetch.js'));
  if (block === undefined || block.lang !== 'js') throw new Error('no `// jsdomWithFetch.js` js block in docs/testing.md');
  const module = { exports: {} as unknown };
  new Function('module', 'exports', 'require', block.code)(module, module.exports, require);
  return { Environment: module.exports as EnvironmentClass, code: block.code };
}

function make(Environment: EnvironmentClass) {
  return new Environment(
    { projectConfig: { testEnvironmentOptions: {} } as never, globalConfig: {} as never },
    { console, docblockPragmas: {}, testPath: __filename },
  );
}

const names = (code: string) => [...code.slice(code.indexOf('FROM_NODE'), code.indexOf(']')).matchAll(/'(\w+)'/g)].map((match) => match[1]);

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
  server.route('GET', '/ping', () => ({ json: { pong: true } }));
});
afterEach(() => server.close());

describe('docs/testing.md: React tests under jsdom', () => {
  it('jsdom alone has no fetch', async () => {
    const plain = make(TestEnvironment);
    expect(typeof (plain.global as unknown as Record<string, unknown>).fetch).toBe('undefined');
    await plain.teardown();
  });

  it("the page's environment has Node's fetch, which accepts its AbortSignal and reaches a local server", async () => {
    const env = make(pageEnvironment().Environment);
    const global = env.global as unknown as typeof globalThis;
    expect(global.fetch).toBe(fetch);
    expect(typeof global.document.createElement).toBe('function');
    const controller = new global.AbortController();
    const response = await global.fetch(`${server.url}/ping`, { signal: controller.signal });
    expect(await response.json()).toEqual({ pong: true });
    await env.teardown();
  });

  it('hands over the globals the React tests environment does', () => {
    const used = readFileSync(join(root, 'test/react/environment.ts'), 'utf8');
    expect(names(pageEnvironment().code)).toEqual(names(used));
    expect(names(used)).toHaveLength(10);
  });
});
