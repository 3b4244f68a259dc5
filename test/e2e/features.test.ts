// The demo's newer features in Chromium: the infinite activity feed (Load older, Refresh refetches
// every page), the board (`getList.move`) and pins (`push`/`remove`) with their rollbacks, garbage
// collection in the inspector (a retained result kept), cancelling (search typed again, an issue
// left while loading), retries of a flaky server, and refetches on focus and reconnect. The page runs with
// short timings (?gcTime=1500&retryDelay=100) so the suite stays fast; nothing is timed by the test itself.
import type { Browser, Page } from 'playwright-core';
import type { DemoServer } from '../../demo/server';
import { describeInChromium, holdAnswer, holdNext, openDemo, type DemoPage } from './browser';

jest.setTimeout(60_000);

describeInChromium('demo features in Chromium', () => {
  let demo: DemoPage;
  let server: DemoServer;
  let browser: Browser;
  let page: Page;

  const feed = () => page.getByRole('region', { name: 'Activity' });
  const detail = () => page.getByRole('region', { name: 'Issue detail' });
  const inspector = () => page.getByRole('complementary', { name: 'Cache inspector' });
  const column = (name: 'Open' | 'Closed') => page.getByRole('list', { name: `${name} column` });
  const cardIds = async (name: 'Open' | 'Closed') => (await column(name).locator('[data-card]').evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-card')))));
  const pinnedIds = async () => (await page.locator('[data-pinned]').evaluateAll((chips) => chips.map((c) => Number(c.getAttribute('data-pinned')))));
  const logLines = async () => (await inspector().getByRole('list', { name: 'Action log' }).locator('li').allTextContents());
  const rollbackToast = (text: string) => page.getByRole('alert').filter({ hasText: `Rolled back: ${text}` });
  const settled = () => inspector().locator('.optimistic li.muted').waitFor();
  const setSwitch = async (label: string, on: boolean) => {
    const answered = demo.controlsAnswered();
    await page.getByLabel(label).setChecked(on);
    await answered;
  };
  const armFailNextWrite = async () => {
    const armed = demo.controlsAnswered();
    await page.getByRole('button', { name: 'Fail the next write' }).click();
    await armed;
    expect(server.api.controls.failNextWrite).toBe(true);
  };

  beforeAll(async () => {
    demo = await openDemo('features-');
    ({ server, browser, page } = demo);
    await page.goto(`${server.url}/?gcTime=1500&retryDelay=100`);
    await page.locator('tr[data-issue="5"]').waitFor();
  });

  afterEach(() => {
    expect(demo.takeProblems()).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('infinite feed: Load older appends a page at a time to the end, a failed page keeps the lines and offers Retry; Refresh refetches every loaded page', async () => {
    const lines = () => feed().locator('ol li');
    await feed().getByText('8 lines · 1 page').waitFor();
    expect(await lines().first().textContent()).toMatch(/Grace relabeled #1 \(history\)$/);
    await feed().getByRole('button', { name: 'Load older' }).click();
    await feed().getByText('16 lines · 2 pages').waitFor();

    // The server goes down: the page fails (after the demo's two retries), the lines stay, Retry loads it.
    await setSwitch('Server down', true);
    await feed().getByRole('button', { name: 'Load older' }).click();
    const error = feed().getByRole('alert');
    await error.waitFor();
    expect(await error.textContent()).toBe('Could not load older linesThe server answered 503; the lines loaded stay.Retry');
    expect(await lines().count()).toBe(16);
    await demo.screenshot('infinite-feed-page-failed');
    await setSwitch('Server down', false);
    await error.getByRole('button', { name: 'Retry' }).click();
    await feed().getByText('24 lines · 3 pages').waitFor();
    expect(await feed().getByRole('alert').count()).toBe(0);

    for (let pages = 4; pages <= 5; pages++) {
      await feed().getByRole('button', { name: 'Load older' }).click();
      await feed().getByText(`${pages * 8} lines · ${pages} pages`).waitFor();
    }
    // Page 5 was full, so there may be more: the sixth page is empty, and the feed says it is the end.
    await feed().getByRole('button', { name: 'Load older' }).click();
    await feed().getByText('That is all: the beginning of the history.').waitFor();
    expect(await feed().getByRole('button', { name: 'Load older' }).count()).toBe(0);
    expect(await lines().count()).toBe(40);
    expect(await lines().last().textContent()).toMatch(/Grace commented on #2 \(history\)$/);

    const pageRequests: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/activity') pageRequests.push(url.search);
    });
    const first = await holdNext(page, 'GET', '/api/activity');
    await feed().getByRole('button', { name: 'Refresh all pages' }).click();
    await first.requested;
    await feed().getByText('refetching 6 pages…').waitFor();
    expect(await lines().count()).toBe(40);
    await demo.screenshot('infinite-feed-refetching-all-pages');
    first.release();
    await feed().getByText('refetching 6 pages…').waitFor({ state: 'detached' });
    expect(pageRequests).toEqual(['', '?before=33', '?before=25', '?before=17', '?before=9', '?before=1']);
    expect(await lines().count()).toBe(40);
    expect(await feed().locator('h2 small').textContent()).toBe('40 lines · 6 pages');
  });

  it('board: Close → moves the card to the other column before the server answers; a failed move puts it back', async () => {
    expect(await cardIds('Open')).toEqual([1, 2, 4, 5]);
    expect(await cardIds('Closed')).toEqual([3]);
    // The server's answer is held at the browser, after the server applied the move and sent its event.
    const write = await holdAnswer(page, 'PATCH', '/api/issues/1');
    await page.getByRole('button', { name: 'move #1 to closed' }).click();
    await write.requested;
    await column('Closed').locator('[data-card="1"]').waitFor();
    expect(await cardIds('Open')).toEqual([2, 4, 5]);
    expect(await cardIds('Closed')).toEqual([3, 1]);
    // The table reads the same Issue row.
    expect(await page.locator('tr[data-issue="1"] td .pill').textContent()).toBe('closed');
    await demo.screenshot('board-optimistic-move');
    // The server's event about #1 (written with `set`) lands while the write is in flight, beneath it.
    await page.waitForFunction(() => /#1 closed$/.test(document.querySelector('[aria-label="Activity"] li')?.textContent ?? ''));
    expect(await logLines()).toContainEqual(expect.stringMatching(/rest\/set \[Issue\]\s*$/));
    write.release();
    await settled();
    expect(server.api.issues.get(1)?.status).toBe('closed');
    // That event brought #1 during the write's flight, so once the write succeeded the lists holding #1 were
    // refetched: the column ends in the server's order, not the order the optimistic move gave it.
    await page.waitForFunction(() => [...document.querySelectorAll('[aria-label="Closed column"] [data-card]')].map((c) => c.getAttribute('data-card')).join() === '1,3');
    expect(await cardIds('Closed')).toEqual([1, 3]);

    await armFailNextWrite();
    const failing = await holdNext(page, 'PATCH', '/api/issues/3');
    await page.getByRole('button', { name: 'move #3 to open' }).click();
    await failing.requested;
    await column('Open').locator('[data-card="3"]').waitFor();
    expect(await cardIds('Closed')).toEqual([1]);
    failing.release();
    await rollbackToast('#3 reopened').waitFor();
    expect(await cardIds('Open')).toEqual([2, 4, 5]);
    expect(await cardIds('Closed')).toEqual([1, 3]);
    expect(server.api.issues.get(3)?.status).toBe('closed');
  });

  it('pins: ☆ pins at once (getList.push), × unpins at once (getList.remove); a failed unpin brings the pin back', async () => {
    expect(await pinnedIds()).toEqual([]);
    const pin = await holdNext(page, 'POST', '/api/pinned');
    await page.getByRole('button', { name: 'pin #4', exact: true }).click();
    await pin.requested;
    await page.locator('[data-pinned="4"]').waitFor();
    expect(await page.locator('[data-pinned="4"]').textContent()).toBe('#4 Search ignores accents×');
    expect(await page.getByRole('button', { name: 'unpin #4', exact: true }).getAttribute('aria-pressed')).toBe('true');
    pin.release();
    await settled();
    expect(server.api.pinned).toEqual([4]);
    await page.getByRole('button', { name: 'pin #2', exact: true }).click();
    await settled();
    expect(await pinnedIds()).toEqual([4, 2]);

    await armFailNextWrite();
    const unpin = await holdNext(page, 'PATCH', '/api/pinned');
    await page.getByRole('button', { name: 'unpin #4 from the pinned list' }).click();
    await unpin.requested;
    await page.locator('[data-pinned="4"]').waitFor({ state: 'detached' });
    expect(await pinnedIds()).toEqual([2]);
    unpin.release();
    await rollbackToast('unpin of #4').waitFor();
    expect(await pinnedIds()).toEqual([4, 2]);
    await demo.screenshot('pin-rollback');

    await page.getByRole('button', { name: 'unpin #4 from the pinned list' }).click();
    await settled();
    expect(await pinnedIds()).toEqual([2]);
    expect(server.api.pinned).toEqual([2]);
  });

  it('garbage collection: comments left unused are collected after gcTime; retained ones stay', async () => {
    const results = () => inspector().getByRole('list', { name: 'Stored results' });
    const collected = () => inspector().getByRole('list', { name: 'Garbage collected' });
    expect(await inspector().locator('.note').textContent()).toContain('removed 1.5 s after its last user leaves');

    await page.getByRole('button', { name: 'Login button does nothing on Safari' }).click();
    await detail().getByText('Reproduced on Safari 17.').waitFor();
    await detail().getByLabel('keep cached (retain)').check();
    await results().locator('[data-key="GET /api/issues/1/comments"]', { hasText: 'retained' }).waitFor();

    await page.getByRole('button', { name: 'Export to CSV drops the header row' }).first().click();
    await detail().getByText('Only when the first column is empty.').waitFor();
    expect(await inspector().locator('[data-table="Comment"] li').count()).toBe(3);
    await page.getByRole('button', { name: 'Settings page loads twice' }).first().click();
    await detail().getByText('No comments.').waitFor();

    // Issue 2's comments lost their last user: a sweep removes the result and the Comment row only it reached.
    await collected().locator('li', { hasText: 'GET /api/issues/2/comments' }).waitFor();
    expect(await collected().locator('li', { hasText: 'GET /api/issues/2/comments' }).first().textContent()).toContain('Comment×1');
    expect(await results().locator('[data-key="GET /api/issues/2/comments"]').count()).toBe(0);
    // Issue 1's were left earlier, but are retained.
    expect(await results().locator('[data-key="GET /api/issues/1/comments"]').textContent()).toBe('GET /api/issues/1/comments retained');
    expect(await inspector().locator('[data-table="Comment"] li b').allTextContents()).toEqual(['1', '2']);
    expect(await logLines()).toEqual(expect.arrayContaining([expect.stringMatching(/rest\/gc collected .*GET \/api\/issues\/2\/comments/)]));
    await demo.screenshot('gc-collected-and-retained');
  });

  it('cancelling: typing again aborts the slow search in flight; leaving an issue aborts its comments', async () => {
    const search = page.getByRole('region', { name: 'Search' });
    const first = await holdNext(page, 'GET', '/api/search?q=safari');
    await search.getByLabel('Search issues').fill('safari');
    await first.requested;
    await search.getByText('searching…').waitFor();
    await search.getByLabel('Search issues').fill('csv');
    await inspector().getByRole('list', { name: 'Action log' }).locator('li', { hasText: 'cancelled GET /api/search?q=safari' }).waitFor();
    first.release();
    await search.getByRole('list', { name: 'Search results' }).getByText('#2 Export to CSV drops the header row').waitFor();
    expect(await search.getByRole('list', { name: 'Search results' }).locator('li').allTextContents()).toEqual(['#2 Export to CSV drops the header row']);
    expect((await logLines()).filter((line) => line.includes('rest/abort'))).toEqual([expect.stringMatching(/rest\/abort cancelled GET \/api\/search\?q=safari$/)]);

    const comments = await holdNext(page, 'GET', '/api/issues/4/comments');
    await page.getByRole('button', { name: 'Search ignores accents' }).first().click();
    await comments.requested;
    await detail().getByText('Loading comments…').waitFor();
    await page.getByRole('button', { name: 'Dark mode colors are too faint' }).first().click();
    await inspector().getByRole('list', { name: 'Action log' }).locator('li', { hasText: 'cancelled GET /api/issues/4/comments' }).waitFor();
    comments.release();
    await detail().getByText('No comments.').waitFor();
    expect(await detail().locator('.detail-title').textContent()).toBe('#3 Dark mode colors are too faint');
    await demo.screenshot('cancelled-in-the-log');
  });

  it('retry: with flaky reads a failed first try is retried (the inspector shows it), then the data shows', async () => {
    await setSwitch('Flaky reads', true);
    expect(server.api.controls.flaky).toBe(true);
    // The first try answers 503 and goes through; the retry is held so its state can be seen.
    const retry = await holdNext(page, 'GET', '/api/issues/2/comments', 2);
    await page.getByRole('button', { name: 'Export to CSV drops the header row' }).first().click();
    await retry.requested;
    const retrying = inspector().getByRole('list', { name: 'Retrying' });
    await retrying.getByText('GET /api/issues/2/comments · attempt 2 after 503').waitFor();
    await detail().getByText('Loading comments…').waitFor();
    await demo.screenshot('retrying');
    retry.release();
    await detail().getByText('Only when the first column is empty.').waitFor();
    expect(await retrying.locator('li').allTextContents()).toEqual(['none']);
    expect(await detail().getByRole('alert').count()).toBe(0);
    await setSwitch('Flaky reads', false);
  });

  it('focus and reconnect: coming back to the tab, or back online, refetches what is shown, and the rows show what changed meanwhile', async () => {
    // Opened again with refetchMinAge=0, so a result shown refetches on focus whatever its age (the demo's default
    // waits 1 s, which the test would have to sleep through).
    await page.goto(`${server.url}/?gcTime=1500&retryDelay=100&refetchMinAge=0`);
    const issue = [...server.api.issues.values()][0];
    const title = page.locator(`tr[data-issue="${issue.id}"] td.title`);
    await title.getByText(issue.title, { exact: true }).waitFor();
    const listenerLines = async () => (await logLines()).map((line) => line.trim()).filter((line) => /rest\/(focus|blur|online|offline)$/.test(line)).map((line) => line.slice(line.indexOf('rest/')));

    // A change on the server that sends no event: only a refetch can show it.
    const before = issue.title;
    issue.title = 'Renamed while the tab was away';
    const onFocus = await holdNext(page, 'GET', '/api/issues');
    // The events the browser fires when the user leaves the window and comes back to it.
    await page.evaluate(() => {
      window.dispatchEvent(new Event('blur'));
      window.dispatchEvent(new Event('focus'));
    });
    await onFocus.requested;
    expect(await title.textContent()).toBe(before);
    expect(await listenerLines()).toEqual(['rest/focus']);
    onFocus.release();
    await title.getByText('Renamed while the tab was away', { exact: true }).waitFor();
    // The title may come from another refetched list first (the board's): wait for the list's own answer, so
    // the reconnect below does not share its request.
    await page.waitForFunction(() => {
      const lines = [...document.querySelectorAll('[aria-label="Action log"] li')].map((li) => li.textContent?.trim() ?? '');
      return lines.slice(0, lines.findIndex((line) => line.endsWith('rest/focus'))).some((line) => line.endsWith('rest/setResponse GET /api/issues'));
    });

    issue.title = 'Renamed while the network was down';
    const onReconnect = await holdNext(page, 'GET', '/api/issues');
    await page.evaluate(() => {
      window.dispatchEvent(new Event('offline'));
      window.dispatchEvent(new Event('online'));
    });
    await onReconnect.requested;
    expect(await title.textContent()).toBe('Renamed while the tab was away');
    // Newest first.
    expect(await listenerLines()).toEqual(['rest/online', 'rest/offline', 'rest/focus']);
    onReconnect.release();
    await title.getByText('Renamed while the network was down', { exact: true }).waitFor();
    await demo.screenshot('refetched-on-reconnect');
  });
});
