// A fresh page of one library's app (a new browser context each) and the calls that drive it
// through the in-page harness, plus the checks of what it shows.
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import type { PageBench } from './harness';
import { seededTitle, type BenchServer } from './server';

/** A page with its app mounted, and ways to drive it. */
export class PageSession {
  constructor(
    readonly page: Page,
    readonly cdp: CDPSession,
    readonly server: BenchServer,
    readonly rows: number,
  ) {}

  /** Page errors and console errors or warnings seen so far: any of them fails the run. */
  readonly problems: string[] = [];

  /** Calls `window.bench[method](...args)` in the page (an expression string: nothing of the runner's code is serialized). */
  private call<R>(method: keyof PageBench, ...args: unknown[]): Promise<R> {
    return this.page.evaluate(`window.bench.${method}(${args.map((arg) => JSON.stringify(arg)).join(', ')})`) as Promise<R>;
  }

  mount(): Promise<number> {
    return this.call('mount', this.rows, seededTitle(1));
  }
  select(id: number): Promise<number> {
    return this.call('select', id);
  }
  rename(title: string): Promise<number> {
    return this.call('rename', title);
  }
  create(title: string): Promise<[number, number]> {
    return this.call('create', title);
  }
  remove(): Promise<number> {
    return this.call('remove');
  }
  idle(): Promise<void> {
    return this.call('idle');
  }
  rowTitle(id: number): Promise<string | null> {
    return this.call('rowTitle', id);
  }
  shown(): Promise<ReturnType<PageBench['shown']>> {
    return this.call('shown');
  }

  /** Throws unless the page shows `rows` rows, row `id` titled `title`, and (if given) that detail. */
  async expectShown(what: string, expected: { rows: number; id: number; title: string | null; detail?: number | null }): Promise<void> {
    const shown = await this.shown();
    const title = await this.rowTitle(expected.id);
    const problems: string[] = [];
    if (shown.rows !== expected.rows) problems.push(`${shown.rows} rows, expected ${expected.rows}`);
    if (title !== expected.title) problems.push(`row ${expected.id} reads ${JSON.stringify(title)}, expected ${JSON.stringify(expected.title)}`);
    if (expected.detail !== undefined && shown.detailId !== expected.detail) {
      problems.push(`the detail pane shows row ${shown.detailId}, expected ${expected.detail}`);
    }
    if (expected.detail !== undefined && expected.detail !== null && shown.detailTitle !== expected.title) {
      problems.push(`the detail pane reads ${JSON.stringify(shown.detailTitle)}, expected ${JSON.stringify(expected.title)}`);
    }
    if (problems.length > 0) throw new Error(`[bench] ${what}: ${problems.join('; ')}`);
  }

  /** JS heap in use after two full garbage collections, in MB (CDP). */
  async heapMB(): Promise<number> {
    await this.cdp.send('HeapProfiler.collectGarbage');
    await this.cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await this.cdp.send('Runtime.getHeapUsage');
    return usedSize / 1024 / 1024;
  }
}

/** Opens a fresh page of `library` with `rows` rows on the server; the caller closes the context. */
export async function openPage(context: BrowserContext, server: BenchServer, libraryId: string, rows: number): Promise<PageSession> {
  server.reset(rows);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const session = new PageSession(page, cdp, server, rows);
  page.on('pageerror', (error) => session.problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') session.problems.push(message.text());
  });
  await page.goto(`${server.url}/${libraryId}.html`);
  return session;
}

/**
 * Runs `run` on a fresh page of `libraryId` with `rows` rows, in a browser context of its own that is closed
 * after; a page error or console warning seen meanwhile fails it, named by `what`.
 */
export async function onFreshPage<R>(browser: Browser, server: BenchServer, libraryId: string, rows: number, what: string, run: (session: PageSession) => Promise<R>): Promise<R> {
  const context = await browser.newContext();
  try {
    const session = await openPage(context, server, libraryId, rows);
    const result = await run(session);
    if (session.problems.length > 0) throw new Error(`[bench] ${what}: the page reported ${session.problems.map((p) => `'${p}'`).join(', ')}`);
    return result;
  } finally {
    await context.close();
  }
}
