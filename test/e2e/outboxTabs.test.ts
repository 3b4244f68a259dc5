// Two tabs of the demo in one browser context (one IndexedDB, one set of Web Locks, one BroadcastChannel)
// with an edit kept in the outbox: however many tabs know of it, the server gets it once, with its
// idempotency key, and every tab ends showing the server's data with no write waiting.
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describeInChromium, holdNext, openDemo, savedOutboxKey, type DemoPage } from './browser';

jest.setTimeout(60_000);

describeInChromium('the outbox in two tabs of the demo (Chromium)', () => {
  let demo: DemoPage;
  let context: BrowserContext;
  let problems: string[];
  let patches: Request[];

  beforeAll(async () => {
    demo = await openDemo('outboxTabs-');
  });

  beforeEach(async () => {
    // A context per test: its own IndexedDB, so nothing saved by one test is restored in the next.
    context = await demo.browser.newContext({ viewport: { width: 1440, height: 900 } });
    problems = [];
    patches = [];
  });

  afterEach(async () => {
    await context.close();
    expect(problems).toEqual([]);
  });

  afterAll(async () => {
    await demo?.browser.close();
    await demo?.server.close();
  });

  /** A tab of the shared context that records its console errors, page errors and PATCHes of issue `id`. */
  async function open(id: number): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => problems.push(`page error: ${String(error)}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
    });
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && new URL(request.url()).pathname === `/api/issues/${id}`) patches.push(request);
    });
    return page;
  }

  const outboxPanel = (page: Page) => page.getByRole('region', { name: 'Outbox' });
  const row = (page: Page, id: number) => page.locator(`tr[data-issue="${id}"] td.title`);

  /** Switches tab `page` offline and renames issue `id` in its detail panel: the edit is shown and waits. */
  async function editOffline(page: Page, id: number, title: string): Promise<void> {
    const before = demo.server.api.issues.get(id)!.title;
    await page.locator(`tr[data-issue="${id}"]`).getByRole('button', { name: before }).click();
    const field = page.getByRole('region', { name: 'Issue detail' }).getByLabel('Issue title');
    await field.waitFor();
    await outboxPanel(page).getByLabel('Offline').check();
    await field.fill(title);
    await field.press('Enter');
    await row(page, id).filter({ hasText: title }).waitFor();
    await outboxPanel(page).getByText('1 write waiting').waitFor();
  }

  /** Renames issue `id` in tab `page`, already offline: the edit is shown and waits beside the others. */
  async function editOfflineAgain(page: Page, id: number, title: string, waiting: string): Promise<void> {
    const before = demo.server.api.issues.get(id)!.title;
    await page.locator(`tr[data-issue="${id}"]`).getByRole('button', { name: before }).click();
    const field = page.getByRole('region', { name: 'Issue detail' }).getByLabel('Issue title');
    await field.waitFor();
    await field.fill(title);
    await field.press('Enter');
    await row(page, id).filter({ hasText: title }).waitFor();
    await outboxPanel(page).getByText(waiting).waitFor();
  }

  /** Opens tab B offline (as after a reload made offline): it restores the saved edits and holds them too. */
  async function openRestoringTab(id: number, title: string, waiting: string): Promise<Page> {
    const b = await open(id);
    await b.addInitScript(() => sessionStorage.setItem('rest-slice-demo:offline', '1'));
    await b.goto(demo.server.url);
    await row(b, id).filter({ hasText: title }).waitFor();
    await outboxPanel(b).getByText(waiting).waitFor();
    return b;
  }

  /** Switches tab `page` back online and waits until its replay queues behind another tab's outbox lock. */
  async function onlineBehindLock(page: Page): Promise<void> {
    await outboxPanel(page).getByLabel('Offline').uncheck();
    await page.waitForFunction(
      async () => ((await navigator.locks.query()).pending ?? []).some((lock) => lock.name?.startsWith('rest-slice-outbox:') === true),
      undefined,
      { polling: 50 },
    );
  }

  /** Kills tab `page`'s renderer: no script of it runs again, so it tells nobody, and its locks go with it. */
  async function crash(page: Page): Promise<void> {
    const session = await context.newCDPSession(page);
    const crashed = page.waitForEvent('crash');
    // The crash ends the session before it answers.
    session.send('Page.crash').catch(() => undefined);
    await crashed;
  }

  it('an edit kept in one tab is sent by that tab alone, once; the other tab shows the answer', async () => {
    const title = 'Faint colors, edited offline in tab A';
    const a = await open(3);
    await a.goto(demo.server.url);
    await row(a, 3).waitFor();
    const b = await open(3);
    await b.goto(demo.server.url);
    await row(b, 3).waitFor();

    await editOffline(a, 3, title);
    // The write is tab A's. Tab B read the issues through the same resource, so it knows the edit's endpoint:
    // it shows A's pending edit too (the relayed optimistic update), and has no write waiting of its own.
    await row(b, 3).getByText(title).waitFor();
    expect(await outboxPanel(b).getByLabel('Writes waiting').textContent()).toBe('no write waiting');
    expect(patches).toHaveLength(0);
    expect(demo.server.api.issues.get(3)?.title).toBe('Dark mode colors are too faint');

    const answered = a.waitForResponse((response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname === '/api/issues/3');
    await outboxPanel(a).getByLabel('Offline').uncheck();
    await answered;
    await outboxPanel(a).getByText('no write waiting').waitFor();
    await outboxPanel(b).getByText('no write waiting').waitFor();
    expect(demo.server.api.issues.get(3)?.title).toBe(title);
    expect(patches.map((request) => request.frame().page() === a)).toEqual([true]);
    expect(patches[0].headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await row(a, 3).textContent()).toBe(title);
    expect(await row(b, 3).textContent()).toBe(title);
  });

  it('an edit both tabs hold (one restored it from the save) is sent once when both come back online: the other waits for the lock and settles with its answer', async () => {
    const title = 'CSV export, edited offline, held by both tabs';
    const a = await open(2);
    await a.goto(demo.server.url);
    await row(a, 2).waitFor();
    await editOffline(a, 2, title);
    const key = await savedOutboxKey(a, title);

    const b = await openRestoringTab(2, title, '1 write waiting');
    expect(await outboxPanel(b).getByLabel('Offline').isChecked()).toBe(true);
    expect(patches).toHaveLength(0);

    // Tab A goes first: its PATCH is held at the browser while it keeps the outbox lock.
    const held = await holdNext(a, 'PATCH', '/api/issues/2');
    await outboxPanel(a).getByLabel('Offline').uncheck();
    await held.requested;
    // Tab B, back online too, asks for the lock and waits its turn.
    await onlineBehindLock(b);
    held.release();

    await outboxPanel(a).getByText('no write waiting').waitFor();
    await outboxPanel(b).getByText('no write waiting').waitFor();
    // Nothing is left to send: no tab holds or waits for the lock.
    await b.waitForFunction(async () => {
      const { held, pending } = await navigator.locks.query();
      return [...(held ?? []), ...(pending ?? [])].every((lock) => lock.name?.startsWith('rest-slice-outbox:') !== true);
    });
    expect(demo.server.api.issues.get(2)?.title).toBe(title);
    expect(patches.map((request) => [request.frame().page() === a ? 'tab A' : 'tab B', request.headers()['idempotency-key']])).toEqual([['tab A', key]]);
    expect(await row(a, 2).textContent()).toBe(title);
    expect(await row(b, 2).textContent()).toBe(title);
  });

  it('a tab that crashes in the middle of sending an edit both tabs hold: the other tab takes it over and sends it, with the same key', async () => {
    const title = 'Accents ignored, edited offline, sender closed';
    const a = await open(4);
    await a.goto(demo.server.url);
    await row(a, 4).waitFor();
    await editOffline(a, 4, title);
    const key = await savedOutboxKey(a, title);
    const b = await openRestoringTab(4, title, '1 write waiting');

    // Tab A starts sending (its PATCH held at the browser, the lock held), tab B queues for the lock.
    const held = await holdNext(a, 'PATCH', '/api/issues/4');
    await outboxPanel(a).getByLabel('Offline').uncheck();
    await held.requested;
    await onlineBehindLock(b);
    // Tab A dies before its request left the browser: the server never got the edit.
    await crash(a);
    await outboxPanel(b).getByText('no write waiting').waitFor();
    expect(demo.server.api.issues.get(4)?.title).toBe(title);
    const sent = patches.filter((request) => request.frame().page() === b);
    expect(sent.map((request) => request.headers()['idempotency-key'])).toEqual([key]);
    expect(await row(b, 4).textContent()).toBe(title);
  });

  it('a tab that crashes while it sends the second of two edits both tabs hold: the other tab sends that one, once, with its key', async () => {
    const first = 'Safari login, edited offline first';
    const second = 'Settings loads twice, edited offline second';
    const a = await open(5);
    await a.goto(demo.server.url);
    await row(a, 5).waitFor();
    await editOffline(a, 1, first);
    await editOfflineAgain(a, 5, second, '2 writes waiting');
    const key = await savedOutboxKey(a, second);
    const b = await openRestoringTab(5, second, '2 writes waiting');

    // Tab A sends the first edit (held at the browser, so A keeps the lock), tab B comes online and queues.
    const heldFirst = await holdNext(a, 'PATCH', '/api/issues/1');
    const heldSecond = await holdNext(a, 'PATCH', '/api/issues/5');
    await outboxPanel(a).getByLabel('Offline').uncheck();
    await heldFirst.requested;
    await onlineBehindLock(b);
    // The first is answered (tab B hears it settled); tab A announces and starts the second, then dies.
    heldFirst.release();
    await heldSecond.requested;
    await outboxPanel(b).getByText('1 write waiting').waitFor();
    await crash(a);

    await outboxPanel(b).getByText('no write waiting').waitFor();
    expect(demo.server.api.issues.get(5)?.title).toBe(second);
    const sent = patches.filter((request) => request.frame().page() === b);
    expect(sent.map((request) => request.headers()['idempotency-key'])).toEqual([key]);
  });
});
