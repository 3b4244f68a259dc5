// The outbox in the demo, in Chromium: with the Offline switch on, an edit is shown at once and waits in
// the outbox (nothing is sent); switched back on line, the server gets it once, with its idempotency key.
import type { Request } from 'playwright-core';
import { describeInChromium, useDemo } from './browser';

jest.setTimeout(60_000);

describeInChromium('outbox in the demo (Chromium)', () => {
  const demo = useDemo('outbox-');

  it('an edit made offline is shown and waits; back online the server gets it once, with an Idempotency-Key', async () => {
    const patches: Request[] = [];
    demo.page.on('request', (request) => {
      if (request.method() === 'PATCH' && new URL(request.url()).pathname === '/api/issues/3') patches.push(request);
    });
    await demo.page.goto(demo.server.url);
    const outboxPanel = demo.page.getByRole('region', { name: 'Outbox' });
    const detail = demo.page.getByRole('region', { name: 'Issue detail' });
    await demo.page.locator('tr[data-issue="3"]').getByRole('button', { name: 'Dark mode colors are too faint' }).click();
    await detail.getByLabel('Issue title').waitFor();

    await outboxPanel.getByLabel('Offline').check();
    await detail.getByLabel('Issue title').fill('Edited offline');
    await detail.getByLabel('Issue title').press('Enter');
    await demo.page.locator('tr[data-issue="3"] td.title', { hasText: 'Edited offline' }).waitFor();
    await outboxPanel.getByText('1 write waiting').waitFor();
    await demo.screenshot('offline-edit-waiting');
    expect(patches).toHaveLength(0);
    expect(demo.server.api.issues.get(3)?.title).not.toBe('Edited offline');

    const answered = demo.page.waitForResponse((response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname === '/api/issues/3');
    await outboxPanel.getByLabel('Offline').uncheck();
    await answered;
    await outboxPanel.getByText('no write waiting').waitFor();
    expect(demo.server.api.issues.get(3)?.title).toBe('Edited offline');
    expect(patches).toHaveLength(1);
    expect(patches[0].headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await demo.screenshot('offline-edit-sent');
  });
});
