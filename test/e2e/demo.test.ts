// The demo app (an issue tracker) in a real browser: Debian's Chromium driven by playwright-core
// (see browser.ts: held requests, no console error allowed, screenshots in test/e2e/screenshots/).
// The newer features (board, pins, infinite feed, garbage collection, cancelling, retries) are in
// features.test.ts.
import type { Browser, Page } from 'playwright-core';
import type { DemoServer } from '../../demo/server';
import { describeInChromium, holdNext, openDemo, sameCommit, type DemoPage } from './browser';

jest.setTimeout(60_000);

describeInChromium('demo app in Chromium', () => {
  let demo: DemoPage;
  let server: DemoServer;
  let browser: Browser;
  let page: Page;

  const row = (id: number) => page.locator(`tr[data-issue="${id}"]`);
  const detail = () => page.getByRole('region', { name: 'Issue detail' });
  const inspector = () => page.getByRole('complementary', { name: 'Cache inspector' });
  const logTypes = async () => (await inspector().getByRole('list', { name: 'Action log' }).locator('li b').allTextContents());
  const screenshot = (name: string) => demo.screenshot(name);
  /** Waits until no optimistic update is pending (every write answered). */
  const settled = () => inspector().locator('.optimistic li.muted').waitFor();
  /** Waits until the server answered the control panel's PATCH. */
  const controlsAnswered = () => demo.controlsAnswered();

  beforeAll(async () => {
    demo = await openDemo();
    ({ server, browser, page } = demo);
  });

  afterEach(() => {
    // Emptied first, so one test's problem is not reported again by the next.
    expect(demo.takeProblems()).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the fallback, then the issues; the inspector shows the tables and the actions; DevTools is connected', async () => {
    const list = await holdNext(page, 'GET', '/api/issues');
    await page.goto(server.url);
    await list.requested;
    await page.getByText('Loading issues…').waitFor();
    list.release();

    await row(5).waitFor();
    expect(await page.locator('tr[data-issue] td.title').allTextContents()).toEqual([
      'Login button does nothing on Safari',
      'Export to CSV drops the header row',
      'Dark mode colors are too faint',
      'Search ignores accents',
      'Settings page loads twice',
    ]);
    expect(await row(1).locator('td.assignee').textContent()).toBe('Ada');
    expect(await inspector().locator('[data-table="Issue"] li').count()).toBe(5);
    expect(await inspector().locator('[data-table="Person"] li').count()).toBe(3);
    expect(await logTypes()).toEqual(expect.arrayContaining(['rest/fetch', 'rest/setResponse']));
    expect(await page.evaluate(() => (window as unknown as { devToolsConnected?: boolean }).devToolsConnected)).toBe(true);
    await screenshot('loaded');
  });

  it('renames in the detail: the list row changes in the same commit, before the server answers', async () => {
    await row(1).getByRole('button', { name: 'Login button does nothing on Safari' }).click();
    await detail().getByText('Reproduced on Safari 17.').waitFor();

    const write = await holdNext(page, 'PATCH', '/api/issues/1');
    const seen = sameCommit(page, '.detail-title', '#1 Login fails on Safari', ['tr[data-issue="1"] td.title']);
    await detail().getByLabel('Issue title').fill('Login fails on Safari');
    await detail().getByLabel('Issue title').press('Enter');
    await write.requested;
    expect(await seen).toEqual(['Login fails on Safari']);
    await page.locator('tr.pending[data-issue="1"]').waitFor();
    expect(await inspector().getByRole('list', { name: 'Pending optimistic updates' }).textContent()).toContain('Issue.partialUpdate');
    expect(await logTypes()).toContain('rest/optimistic');
    await screenshot('optimistic-rename-pending');

    write.release();
    await page.locator('tr:not(.pending)[data-issue="1"]').waitFor();
    expect(server.api.issues.get(1)?.title).toBe('Login fails on Safari');
  });

  it('toggles a status at once and keeps it after the server answers', async () => {
    const write = await holdNext(page, 'PATCH', '/api/issues/2');
    await page.getByRole('button', { name: 'toggle status of #2' }).click();
    await write.requested;
    await page.locator('tr.pending.closed[data-issue="2"]').waitFor();
    write.release();
    await page.locator('tr.closed:not(.pending)[data-issue="2"]').waitFor();
    expect(server.api.issues.get(2)?.status).toBe('closed');
  });

  it("renames the assignee: every row that references her shows it in the same commit (one Person row)", async () => {
    const write = await holdNext(page, 'PATCH', '/api/people/1');
    const seen = sameCommit(page, '.assignee-name', 'Ada Lovelace', ['tr[data-issue="1"] td.assignee', 'tr[data-issue="3"] td.assignee', '.comments li:nth-child(2) b']);
    await detail().getByLabel('Assignee name').fill('Ada Lovelace');
    await detail().getByLabel('Assignee name').press('Enter');
    await write.requested;
    expect(await seen).toEqual(['Ada Lovelace', 'Ada Lovelace', 'Ada Lovelace']);
    write.release();
    await page.getByText('People: Ada Lovelace, Grace, Linus').waitFor();
    await settled();
    expect(server.api.people.get(1)?.name).toBe('Ada Lovelace');
  });

  it('creates an issue at once with a temporary id, then keeps the one the server created', async () => {
    const write = await holdNext(page, 'POST', '/api/issues');
    await page.getByLabel('New issue title').fill('Write the e2e test');
    await page.getByLabel('Assignee', { exact: true }).selectOption({ label: 'Grace' });
    await page.getByRole('button', { name: 'Create' }).click();
    await write.requested;
    const optimistic = page.locator('tr.pending', { hasText: 'Write the e2e test' });
    await optimistic.waitFor();
    expect(await optimistic.locator('td.num').textContent()).toBe('…');
    expect(await optimistic.locator('td.assignee').textContent()).toBe('Grace');

    write.release();
    await row(6).locator('td.title', { hasText: 'Write the e2e test' }).waitFor();
    expect(await page.locator('tr[data-issue]').count()).toBe(6);
    // `getList.push` added it to the lists its body matches: the unfiltered one and the board's Open column.
    await page.locator('.column.open [data-card="6"]').waitFor();
    expect(await page.locator('.column.closed [data-card="6"]').count()).toBe(0);
    expect(server.api.issues.get(6)).toEqual({ id: 6, title: 'Write the e2e test', status: 'open', assigneeId: 2, version: 1 });
  });

  it('"fail the next write" shows armed; the failed delete brings the row back and a toast says why', async () => {
    const armed = controlsAnswered();
    await page.getByRole('button', { name: 'Fail the next write' }).click();
    await armed;
    await page.getByRole('button', { name: '⚠ Next write will fail' }).waitFor();
    expect(await page.getByRole('button', { name: '⚠ Next write will fail' }).getAttribute('aria-pressed')).toBe('true');
    expect(server.api.controls.failNextWrite).toBe(true);
    await screenshot('fail-next-write-armed');

    const write = await holdNext(page, 'DELETE', '/api/issues/4');
    await page.getByRole('button', { name: 'delete #4' }).click();
    await write.requested;
    await row(4).waitFor({ state: 'detached' });
    write.release();

    const toast = page.getByRole('alert').filter({ hasText: 'Rolled back' });
    await toast.waitFor();
    expect(await toast.textContent()).toBe(
      'Rolled back: delete of #4 “Search ignores accents”the server failed the write (500), so the cache removed its optimistic update.',
    );
    await row(4).waitFor();
    expect(await logTypes()).toContain('rest/setError');
    // The server disarmed itself and said so on the event stream.
    await page.getByRole('button', { name: 'Fail the next write' }).waitFor();
    expect(server.api.issues.has(4)).toBe(true);
    await screenshot('rollback-toast');
  });

  it('answers out of order: two renames answered newest first end on the newest', async () => {
    const on = controlsAnswered();
    await page.getByLabel('Answers out of order').check();
    await on;
    expect(server.api.controls.outOfOrder).toBe(true);

    const answers: string[] = [];
    page.on('response', async (response) => {
      if (response.request().method() === 'PATCH' && response.url().endsWith('/api/issues/5')) {
        answers.push(((await response.json()) as { title: string }).title);
      }
    });
    await row(5).getByRole('button', { name: 'Settings page loads twice' }).click();
    await detail().getByText('#5 Settings page loads twice').waitFor();
    await detail().getByLabel('Issue title').fill('first rename');
    await detail().getByLabel('Issue title').press('Enter');
    await detail().getByRole('heading', { name: '#5 first rename' }).waitFor();
    await detail().getByLabel('Issue title').fill('second rename');
    await detail().getByLabel('Issue title').press('Enter');

    await settled();
    await page.waitForFunction(() => document.querySelector('tr[data-issue="5"] td.title')?.textContent === 'second rename');
    expect(answers).toEqual(['second rename', 'first rename']);
    expect(await row(5).locator('td.title').textContent()).toBe('second rename');
    expect(await detail().locator('.detail-title').textContent()).toBe('#5 second rename');
    expect(server.api.issues.get(5)?.title).toBe('second rename');

    const off = controlsAnswered();
    await page.getByLabel('Answers out of order').uncheck();
    await off;
  });

  it('the latency slider sets the server delay', async () => {
    const answered = controlsAnswered();
    await page.getByRole('slider', { name: 'Latency' }).fill('200');
    await answered;
    await page.getByText('200 ms').waitFor();
    expect(server.api.controls.latency).toBe(200);
    const back = controlsAnswered();
    await page.getByRole('slider', { name: 'Latency' }).fill('0');
    await back;
  });

  it('Refresh marks the list stale: the rows stay while it refetches', async () => {
    const list = await holdNext(page, 'GET', '/api/issues');
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await list.requested;
    await page.getByText('refreshing…').waitFor();
    expect(await page.locator('tr[data-issue]').count()).toBe(6);
    expect(await page.getByText('Loading issues…').count()).toBe(0);
    expect(await logTypes()).toContain('rest/expireAll');
    list.release();
    await page.getByText('refreshing…').waitFor({ state: 'detached' });
    expect(await page.locator('tr[data-issue]').count()).toBe(6);
  });

  it('server down: a new view shows its error with Retry, the list keeps its data; Retry works once the server is up', async () => {
    const down = controlsAnswered();
    await page.getByLabel('Server down').check();
    await down;
    expect(server.api.controls.down).toBe(true);

    await row(2).getByRole('button', { name: 'Export to CSV drops the header row' }).click();
    const error = detail().getByRole('alert');
    await error.waitFor();
    expect(await error.textContent()).toBe('Could not load the commentsThe server answered 503.Retry');
    // The 503 was retried twice (the demo's `retry`) before the boundary showed it.
    expect((await inspector().getByRole('list', { name: 'Action log' }).locator('li').allTextContents()).filter((line) => line.includes('rest/retry'))).toEqual([
      expect.stringMatching(/rest\/retry GET \/api\/issues\/2\/comments · attempt 3 after 503$/),
      expect.stringMatching(/rest\/retry GET \/api\/issues\/2\/comments · attempt 2 after 503$/),
    ]);
    expect(await page.locator('tr[data-issue]').count()).toBe(6);
    await screenshot('server-down-error-boundary');

    const up = controlsAnswered();
    await page.getByLabel('Server down').uncheck();
    await up;
    await error.getByRole('button', { name: 'Retry' }).click();
    await detail().getByText('Only when the first column is empty.').waitFor();
    expect(await detail().getByRole('alert').count()).toBe(0);
  });

  it('live: a teammate’s change arrives over the event stream into the feed and the list', async () => {
    const feed = page.getByRole('region', { name: 'Activity' });
    expect(await feed.locator('li').first().textContent()).toMatch(/#5 renamed to “second rename”$/);
    const before = await feed.locator('li').count();
    const closedBefore = [...server.api.issues.values()].filter((i) => i.status === 'closed').length;
    await page.getByRole('button', { name: 'Teammate edits' }).click();
    await page.waitForFunction((n) => document.querySelectorAll('[aria-label="Activity"] li').length === n + 1, before);
    const line = (await feed.locator('li').first().textContent()) ?? '';
    const match = /Teammate (closed|reopened) #(\d+)$/.exec(line);
    expect(match).not.toBeNull();
    const id = Number(match![2]);
    const status = server.api.issues.get(id)!.status;
    expect(status).toBe(match![1] === 'closed' ? 'closed' : 'open');
    expect([...server.api.issues.values()].filter((i) => i.status === 'closed').length).not.toBe(closedBefore);
    // The issue in the event was written with `controller.set`: the row shows the server's status without a refetch.
    await page.locator(`tr.${status}[data-issue="${id}"]`).waitFor();
    // Written with the `move` schema: the card changed columns on the board too.
    await page.locator(`.column.${status} [data-card="${id}"]`).waitFor();
    expect(await page.locator(`[data-card="${id}"]`).count()).toBe(1);
    expect(await logTypes()).toContain('rest/set');
    await screenshot('live-activity');
  });
});
