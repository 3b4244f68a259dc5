// What the browser tests of the demo share: the demo server and Debian's Chromium (playwright-core),
// requests held at the browser until the test lets them through (so "shown before the server
// answered" is checked, not timed), a page that fails the test on any console error or page error
// (except the browser's own "Failed to load resource" line for a 500/503 the test asked the server
// for), and screenshots in test/e2e/screenshots/ (CI keeps them).
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import { startDemoServer, type DemoServer } from '../../demo/server';

const executablePath = '/usr/bin/chromium';
const installed = existsSync(executablePath);
const inCI = process.env.CI === 'true';
const screenshotDir = path.join(__dirname, 'screenshots');

if (!installed && !inCI) {
  process.stdout.write(`test/e2e: ${executablePath} not found; install Debian's chromium to run the browser tests\n`);
}

/** `describe` where Chromium is installed (always in CI, where a missing browser fails), else `describe.skip`. */
export const describeInChromium: jest.Describe = installed || inCI ? describe : describe.skip;

/** A request held at the browser until `release()`; `requested` settles once it was sent. */
interface Held {
  requested: Promise<void>;
  release(): void;
}

/**
 * Holds the `nth` (default first) next `method` request to `address`, the path and query (e.g.
 * '/api/issues/2', '/api/search?q=csv'); the ones before it go through.
 */
export async function holdNext(page: Page, method: string, address: string, nth = 1): Promise<Held> {
  let arrived!: () => void;
  let release!: () => void;
  const requested = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen = 0;
  await page.route(
    (url) => url.pathname + url.search === address,
    async (route: Route) => {
      if (seen >= nth || route.request().method() !== method) return route.fallback();
      if (++seen < nth) return route.fallback();
      arrived();
      await released;
      // The page may have aborted the request meanwhile (that is what some tests check).
      await route.fallback().catch(() => undefined);
    },
  );
  return { requested, release };
}

/**
 * Lets the next `method` request to `address` reach the server and holds the server's answer at the browser
 * until `release()`; `requested` settles once the server has answered (so it has applied a write and sent
 * the events that go with it) while the page still waits.
 */
export async function holdAnswer(page: Page, method: string, address: string): Promise<Held> {
  let answered!: () => void;
  let release!: () => void;
  const requested = new Promise<void>((resolve) => (answered = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let taken = false;
  await page.route(
    (url) => url.pathname + url.search === address,
    async (route: Route) => {
      if (taken || route.request().method() !== method) return route.fallback();
      taken = true;
      const response = await route.fetch();
      answered();
      await released;
      await route.fulfill({ response }).catch(() => undefined);
    },
  );
  return { requested, release };
}

/**
 * Resolves, in the page, at the first DOM change after which `selector`'s text is `expected`, with the
 * texts of `others` read in that same change: what one commit (one frame) shows together.
 */
export function sameCommit(page: Page, selector: string, expected: string, others: string[]): Promise<string[]> {
  return page.evaluate(
    ({ selector, expected, others }) =>
      new Promise<string[]>((resolve) => {
        const observer = new MutationObserver(() => {
          if (document.querySelector(selector)?.textContent?.trim() !== expected) return;
          observer.disconnect();
          resolve(others.map((other) => document.querySelector(other)?.textContent?.trim() ?? '(missing)'));
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    { selector, expected, others },
  );
}

/** One suite's demo server, browser and page, and the helpers its tests read the page with. */
export interface DemoPage {
  server: DemoServer;
  browser: Browser;
  page: Page;
  /** Console errors and page errors seen since the last call (emptied by it). */
  takeProblems(): string[];
  /** Saves `<prefix>NN-<name>.png` in test/e2e/screenshots/. */
  screenshot(name: string): Promise<void>;
  /** Waits until the server answered the PATCH the control panel sends. */
  controlsAnswered(): Promise<unknown>;
}

/**
 * Starts the demo server (latency 50 ms) and Chromium, and opens a page (not navigated yet) with the
 * Redux DevTools stand-in installed. Screenshots are named `<prefix>NN-<name>.png`.
 */
export async function openDemo(prefix = ''): Promise<DemoPage> {
  if (!installed) {
    throw new Error(`test/e2e: ${executablePath} not found; CI installs Debian's chromium in .ci/run`);
  }
  const server = await startDemoServer({ port: 0, host: '127.0.0.1', controls: { latency: 50 } });
  const browser = await chromium.launch({
    executablePath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-sync'],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // Fail with Playwright's message (what it waited for) well before jest's timeout.
  page.setDefaultTimeout(10_000);
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${String(error)}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (/^Failed to load resource: the server responded with a status of (500|503)/.test(message.text())) return;
    problems.push(`console.error: ${message.text()}`);
  });
  // A stand-in for the Redux DevTools extension: configureStore's default composes with it when present.
  await page.addInitScript(() => {
    type Fn = (...args: unknown[]) => unknown;
    const compose = (...fns: Fn[]) => (fns.length === 0 ? (x: unknown) => x : fns.reduce((a, b) => (...args: unknown[]) => a(b(...args))));
    (window as unknown as Record<string, unknown>).__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (...args: unknown[]) => {
      (window as unknown as Record<string, unknown>).devToolsConnected = true;
      return typeof args[0] === 'function' ? compose(...(args as Fn[])) : compose;
    };
  });
  let shot = 0;
  return {
    server,
    browser,
    page,
    takeProblems: () => problems.splice(0),
    async screenshot(name) {
      mkdirSync(screenshotDir, { recursive: true });
      const file = path.join(screenshotDir, `${prefix}${String(++shot).padStart(2, '0')}-${name}.png`);
      await page.screenshot({ path: file });
      process.stdout.write(`test/e2e screenshot: ${path.relative(process.cwd(), file)}\n`);
    },
    controlsAnswered: () => page.waitForResponse((r) => r.url() === `${server.url}/api/controls` && r.request().method() === 'PATCH'),
  };
}

/**
 * One suite's demo, opened before its first test and closed after its last; each test ends with no
 * console error or page error seen. Read `server`, `browser` and `page` inside tests (they exist once
 * the suite's `beforeAll` ran).
 */
export function useDemo(prefix: string): DemoPage {
  let demo: DemoPage | undefined;
  beforeAll(async () => {
    demo = await openDemo(prefix);
  });
  afterEach(() => {
    expect(opened().takeProblems()).toEqual([]);
  });
  afterAll(async () => {
    await demo?.browser.close();
    await demo?.server.close();
  });
  const opened = (): DemoPage => {
    if (demo === undefined) throw new Error('test/e2e: the demo is opened in beforeAll; read it inside a test');
    return demo;
  };
  return {
    get server() {
      return opened().server;
    },
    get browser() {
      return opened().browser;
    },
    get page() {
      return opened().page;
    },
    takeProblems: () => opened().takeProblems(),
    screenshot: (name) => opened().screenshot(name),
    controlsAnswered: () => opened().controlsAnswered(),
  };
}

/**
 * Waits until the demo's save in IndexedDB holds an outbox entry whose args carry `title`, and returns its
 * idempotency key. The predicate is polled each frame; it starts a read (async) and answers with the last
 * read's finding.
 */
export async function savedOutboxKey(page: Page, title: string): Promise<string> {
  const found = await page.waitForFunction((title) => {
    const probe = window as unknown as { reading?: boolean; key?: string };
    if (!probe.reading) {
      probe.reading = true;
      void savedKey().then((key) => {
        probe.key = key;
        probe.reading = false;
      });
    }
    return probe.key;

    async function savedKey(): Promise<string | undefined> {
      if (!(await indexedDB.databases()).some((db) => db.name === 'rest-slice-demo')) return undefined;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('rest-slice-demo', 1);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      try {
        const head = await new Promise<unknown>((resolve) => {
          const get = db.transaction('items').objectStore('items').get('head');
          get.onsuccess = () => resolve(get.result);
          get.onerror = () => resolve(undefined);
        });
        if (typeof head !== 'string') return undefined;
        const { outbox } = JSON.parse(head) as { outbox?: { args: unknown[]; idempotencyKey: string }[] };
        return outbox?.find((entry) => JSON.stringify(entry.args).includes(JSON.stringify(title)))?.idempotencyKey;
      } finally {
        db.close();
      }
    }
  }, title);
  return (await found.jsonValue()) as string;
}
