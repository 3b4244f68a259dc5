// persist() and outbox() together in the demo, in Chromium: an edit made with the Offline switch on is saved in
// IndexedDB with the outbox; after a reload (still offline) it is shown and waits, nothing sent; switched back
// on line, the server gets it once, with the idempotency key it was given before the reload.
import type { Request } from 'playwright-core';
import { describeInChromium, useDemo, savedOutboxKey } from './browser';

jest.setTimeout(60_000);

describeInChromium('persist() and outbox() together in the demo (Chromium)', () => {
  const demo = useDemo('offline-reload-');

  it('an edit made offline is still shown after a reload and waits; back online the server gets it once, with its key', async () => {
    const patches: Request[] = [];
    demo.page.on('request', (request) => {
      if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/issues/3') patches.push(request);
    });
    await demo.page.goto(demo.server.url);
    const outboxPanel = demo.page.getByRole('region', { name: 'Outbox' });
    const detail = demo.page.getByRole('region', { name: 'Issue detail' });
    const row = demo.page.locator('tr[data-issue="3"] td.title');
    await demo.page.locator('tr[data-issue="3"]').getByRole('button', { name: 'Dark mode colors are too faint' }).click();
    await detail.getByLabel('Issue title').waitFor();

    await outboxPanel.getByLabel('Offline').check();
    await detail.getByLabel('Issue title').fill('Edited before the reload');
    await detail.getByLabel('Issue title').press('Enter');
    await row.filter({ hasText: 'Edited before the reload' }).waitFor();
    await outboxPanel.getByText('1 write waiting').waitFor();
    // The save is written a throttle window later: reload only once it holds the edit.
    const key = await savedOutboxKey(demo.page, 'Edited before the reload');
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    await demo.page.reload();
    await demo.page.locator('tr[data-issue="5"]').waitFor();
    await row.filter({ hasText: 'Edited before the reload' }).waitFor();
    await outboxPanel.getByText('1 write waiting').waitFor();
    expect(await outboxPanel.getByLabel('Offline').isChecked()).toBe(true);
    await demo.screenshot('edit-shown-after-reload');
    expect(patches).toHaveLength(0);
    expect(demo.server.api.issues.get(3)?.title).toBe('Dark mode colors are too faint');

    const answered = demo.page.waitForResponse((response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname === '/api/issues/3');
    await outboxPanel.getByLabel('Offline').uncheck();
    await answered;
    await outboxPanel.getByText('no write waiting').waitFor();
    expect(demo.server.api.issues.get(3)?.title).toBe('Edited before the reload');
    expect(patches.map((request) => request.headers()['idempotency-key'])).toEqual([key]);
    expect(await row.textContent()).toContain('Edited before the reload');
    await demo.screenshot('edit-sent-once');
  });
});
