// The demo app in a real browser (Debian's Chromium driven by playwright-core):
// suspense fallback, optimistic toggle, rollback of a failed write, add with a
// temporary id, delete. Writes are held at the browser until the test lets them
// through, so "shown before the server answered" is checked, not timed.
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import { startDemoServer, type DemoServer } from '../../demo/server';

const executablePath = '/usr/bin/chromium';
const installed = existsSync(executablePath);
const inCI = process.env.CI === 'true';

if (!installed && !inCI) {
  process.stdout.write(`test/e2e: ${executablePath} not found; install Debian's chromium to run the browser tests\n`);
}

jest.setTimeout(60_000);

/** A request to `path` held at the browser until `release()`; `requested` settles once it was sent. */
interface Held {
  requested: Promise<void>;
  release(): void;
}

/** Holds the next `method` request to `path` (e.g. '/api/todos/2'). */
async function holdNext(page: Page, method: string, path: string): Promise<Held> {
  let arrived!: () => void;
  let release!: () => void;
  const requested = new Promise<void>((resolve) => (arrived = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let used = false;
  await page.route(
    (url) => url.pathname === path,
    async (route: Route) => {
      if (used || route.request().method() !== method) return route.fallback();
      used = true;
      arrived();
      await released;
      await route.fallback();
    },
  );
  return { requested, release };
}

(installed || inCI ? describe : describe.skip)('demo app in Chromium', () => {
  let server: DemoServer;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];

  const row = (title: string) => page.locator('li', { hasText: title });
  const checkbox = (title: string) => row(title).locator('input[type=checkbox]');
  /** Waits until the row's checkbox is (un)checked and the row is (or is no longer) marked pending, i.e. a write of it in flight. */
  const waitForRow = (title: string, state: { checked: boolean; pending: boolean }) =>
    page
      .locator(`li${state.pending ? '.pending' : ':not(.pending)'}`, { hasText: title })
      .locator(`input[type=checkbox]${state.checked ? ':checked' : ':not(:checked)'}`)
      .waitFor();
  /** Clicks the page's button that makes the server fail the next write, and waits for the server to confirm. */
  const failNextWrite = async () => {
    const controls = page.waitForResponse((response) => response.url() === `${server.url}/controls`);
    await page.getByRole('button', { name: 'make the next write fail' }).click();
    expect(await (await controls).json()).toMatchObject({ failNextMutation: true });
  };
  const serverTodos = async () =>
    ((await (await fetch(`${server.url}/api/todos`)).json()) as { id: number; title: string; completed: boolean }[]).map(
      ({ id, title, completed }) => ({ id, title, completed }),
    );

  beforeAll(async () => {
    if (!installed) {
      throw new Error(`test/e2e: ${executablePath} not found; CI installs Debian's chromium in .ci/run`);
    }
    server = await startDemoServer({ port: 0, host: '127.0.0.1', delay: 50 });
    browser = await chromium.launch({
      executablePath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-quic',
        '--no-first-run',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    page = await browser.newPage();
    // Fail with Playwright's message (what it waited for) well before jest's timeout.
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => pageErrors.push(String(error)));
  });

  afterEach(() => {
    expect(pageErrors).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the fallback, then the todos from the API', async () => {
    const list = await holdNext(page, 'GET', '/api/todos');
    await page.goto(server.url);
    await list.requested;
    await page.getByText('Loading…').waitFor();
    list.release();

    await page.locator('li').nth(2).waitFor();
    expect(await page.locator('li label').allTextContents()).toEqual([
      ' Read the README',
      ' Add rest-slice to the store',
      ' Ship it',
    ]);
    expect(await page.getByText('Loading…').count()).toBe(0);
    expect(await checkbox('Read the README').isChecked()).toBe(true);
    expect(await checkbox('Ship it').isChecked()).toBe(false);
  });

  it('checks a todo at once and keeps it checked after the server answers', async () => {
    const write = await holdNext(page, 'PATCH', '/api/todos/2');
    await checkbox('Add rest-slice to the store').click();
    await write.requested;
    await waitForRow('Add rest-slice to the store', { checked: true, pending: true });

    write.release();
    await waitForRow('Add rest-slice to the store', { checked: true, pending: false });
    expect((await serverTodos())[1]).toEqual({ id: 2, title: 'Add rest-slice to the store', completed: true });
  });

  it('rolls a failed write back and shows its error', async () => {
    await failNextWrite();

    const write = await holdNext(page, 'PATCH', '/api/todos/3');
    await checkbox('Ship it').click();
    await write.requested;
    await waitForRow('Ship it', { checked: true, pending: true });

    write.release();
    await waitForRow('Ship it', { checked: false, pending: false });
    expect(await page.getByRole('alert').textContent()).toBe(
      `rolled back: [rest-slice] PATCH ${server.url}/api/todos/3 failed: 500 Internal Server Error`,
    );
    expect((await serverTodos())[2]).toEqual({ id: 3, title: 'Ship it', completed: false });
  });

  it('brings back a todo whose delete failed, and shows the error', async () => {
    await failNextWrite();
    const write = await holdNext(page, 'DELETE', '/api/todos/3');
    await row('Ship it').getByRole('button', { name: 'delete' }).click();
    await write.requested;
    await row('Ship it').waitFor({ state: 'detached' });
    expect(await page.getByRole('alert').count()).toBe(0);

    write.release();
    await waitForRow('Ship it', { checked: false, pending: false });
    expect(await page.locator('li label').allTextContents()).toEqual([
      ' Read the README',
      ' Add rest-slice to the store',
      ' Ship it',
    ]);
    expect(await page.getByRole('alert').textContent()).toBe(
      `rolled back: [rest-slice] DELETE ${server.url}/api/todos/3 failed: 500 Internal Server Error`,
    );
  });

  it('adds a todo at once with a temporary id, then keeps the one the server created', async () => {
    const write = await holdNext(page, 'POST', '/api/todos');
    expect(await page.getByRole('alert').count()).toBe(1); // the last failure stays until the next write
    await page.getByPlaceholder('New todo').fill('Write the e2e test');
    await page.getByRole('button', { name: 'add', exact: true }).click();
    await write.requested;
    await page.locator('li.pending', { hasText: 'Write the e2e test' }).waitFor();
    expect(await row('Write the e2e test').locator('button').isDisabled()).toBe(true);
    expect(await page.getByPlaceholder('New todo').inputValue()).toBe('');
    expect(await page.getByRole('alert').count()).toBe(0);
    if (process.env.DEMO_SCREENSHOT) await page.screenshot({ path: process.env.DEMO_SCREENSHOT });

    write.release();
    await page.locator('li:not(.pending)', { hasText: 'Write the e2e test' }).waitFor();
    expect(await row('Write the e2e test').count()).toBe(1);
    expect(await page.locator('li').count()).toBe(4);
    expect((await serverTodos())[3]).toEqual({ id: 4, title: 'Write the e2e test', completed: false });
  });

  it('deletes a todo', async () => {
    const write = await holdNext(page, 'DELETE', '/api/todos/4');
    const answered = page.waitForEvent('requestfinished', (request) => request.url() === `${server.url}/api/todos/4`);
    await row('Write the e2e test').getByRole('button', { name: 'delete' }).click();
    await write.requested;
    await row('Write the e2e test').waitFor({ state: 'detached' });

    write.release();
    expect((await (await answered).response())?.status()).toBe(204);
    expect(await page.locator('li').count()).toBe(3);
    expect((await serverTodos()).map((todo) => todo.id)).toEqual([1, 2, 3]);
  });
});
