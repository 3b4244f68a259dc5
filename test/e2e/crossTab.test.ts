// Two tabs of the demo in one browser (same origin, one BroadcastChannel): an edit in one shows in the
// other, which sends no request for it. The second tab's live stream (`/api/events`) is kept silent, so
// only the cross-tab relay can bring it the change.
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describeInChromium, openDemo, type DemoPage } from './browser';

jest.setTimeout(60_000);

describeInChromium('the demo in two tabs', () => {
  let demo: DemoPage;

  beforeAll(async () => {
    demo = await openDemo('crossTab-');
  });

  afterAll(async () => {
    await demo?.browser.close();
    await demo?.server.close();
  });

  const title = (page: Page, id: number) => page.locator(`tr[data-issue="${id}"] td.title`);

  /** A page of a shared context that records its console errors and page errors. */
  async function open(context: BrowserContext, problems: string[]): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (error) => problems.push(`page error: ${String(error)}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
    });
    return page;
  }

  it('an edit in one tab shows in the other, which sends no request', async () => {
    const { browser, server } = demo;
    // One context, two pages: the same origin and storage, so the same BroadcastChannel, as two tabs.
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const problems: string[] = [];
    const first = await open(context, problems);
    await first.goto(server.url);
    await title(first, 1).waitFor();

    const second = await open(context, problems);
    // A stream that stays open and says nothing: no server event reaches this tab.
    await second.route('**/api/events', (route) => route.fulfill({ status: 200, contentType: 'text/event-stream', body: ': open\n\n' }));
    const requests: string[] = [];
    second.on('request', (request: Request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/') && url.pathname !== '/api/events') requests.push(`${request.method()} ${url.pathname}`);
    });
    // Focus refetches off in this tab, so any request it sent would be the edit's doing.
    await second.goto(`${server.url}/?refetchMinAge=600000`);
    expect(await title(second, 1).textContent()).toBe('Login button does nothing on Safari');
    requests.length = 0;

    await first.locator('tr[data-issue="1"]').getByRole('button', { name: 'Login button does nothing on Safari' }).click();
    const field = first.getByRole('region', { name: 'Issue detail' }).getByLabel('Issue title');
    await field.fill('Login fails in every browser');
    const answered = first.waitForResponse((response) => response.url().endsWith('/api/issues/1') && response.request().method() === 'PATCH');
    await field.press('Enter');
    await answered;
    // Within a frame budget of the answer reaching the first tab (a relay is one message, no request).
    await title(second, 1).filter({ hasText: 'Login fails in every browser' }).waitFor({ timeout: 1000 });
    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
