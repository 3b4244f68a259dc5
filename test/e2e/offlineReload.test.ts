// persist() and outbox() together in the demo, in Chromium: an edit made with the Offline switch on is saved in
// IndexedDB with the outbox; after a reload (still offline) it is shown and waits, nothing sent; switched back
// on line, the server gets it once, with the idempotency key it was given before the reload.
import type { Browser, Page, Request } from 'playwright-core';
import type { DemoServer } from '../../demo/server';
import { describeInChromium, openDemo, savedOutboxKey, type DemoPage } from './browser';

jest.setTimeout(60_000);

describeInChromium('persist() and outbox() together in the demo (Chromium)', () => {
  let demo: DemoPage;
  let server: DemoServer;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    demo = await openDemo('offline-reload-');
    ({ server, browser, page } = demo);
  });

  afterEach(() => {
    expect(demo.takeProblems()).toEqual([]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('an edit made offline is still shown after a reload and waits; back online the server gets it once, with its key', async () => {
    const patches: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/issues/3') patches.push(request);
    });
    await page.goto(server.url);
    const outboxPanel = page.getByRole('region', { name: 'Outbox' });
    const detail = page.getByRole('region', { name: 'Issue detail' });
    const row = page.locator('tr[data-issue="3"] td.title');
    await page.locator('tr[data-issue="3"]').getByRole('button', { name: 'Dark mode colors are too faint' }).click();
    await detail.getByLabel('Issue title').waitFor();

    await outboxPanel.getByLabel('Offline').check();
    await detail.getByLabel('Issue title').fill('Edited before the reload');
    await detail.getByLabel('Issue title').press('Enter');
    await row.filter({ hasText: 'Edited before the reload' }).waitFor();
    await outboxPanel.getByText('1 write waiting').waitFor();
    // The save is written a throttle window later: reload only once it holds the edit.
    const key = await savedOutboxKey(page, 'Edited before the reload');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    await page.reload();
    await page.locator('tr[data-issue="5"]').waitFor();
    await row.filter({ hasText: 'Edited before the reload' }).waitFor();
    await outboxPanel.getByText('1 write waiting').waitFor();
    expect(await outboxPanel.getByLabel('Offline').isChecked()).toBe(true);
    await demo.screenshot('edit-shown-after-reload');
    expect(patches).toHaveLength(0);
    expect(server.api.issues.get(3)?.title).toBe('Dark mode colors are too faint');

    const answered = page.waitForResponse((response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname === '/api/issues/3');
    await outboxPanel.getByLabel('Offline').uncheck();
    await answered;
    await outboxPanel.getByText('no write waiting').waitFor();
    expect(server.api.issues.get(3)?.title).toBe('Edited before the reload');
    expect(patches.map((request) => request.headers()['idempotency-key'])).toEqual([key]);
    expect(await row.textContent()).toContain('Edited before the reload');
    await demo.screenshot('edit-sent-once');
  });
});
