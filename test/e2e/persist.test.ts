// persist() in Chromium: the demo saves its cache in IndexedDB; after a reload the issues show from the
// saved cache while the server's answer is held at the browser (so "before the server answered" is checked,
// not timed), and a result still fresh is not requested at all.
import { describeInChromium, holdNext, useDemo } from './browser';

jest.setTimeout(60_000);

describeInChromium('persist() in the demo (Chromium, IndexedDB)', () => {
  const demo = useDemo('persist-');

  const titles = () => demo.page.locator('tr[data-issue] td.title').allTextContents();
  const logTypes = async () =>
    await demo.page.getByRole('complementary', { name: 'Cache inspector' }).getByRole('list', { name: 'Action log' }).locator('li b').allTextContents();

  it('after a reload the issues show from IndexedDB while the request is held, and a fresh list is not requested', async () => {
    await demo.page.goto(demo.server.url);
    await demo.page.locator('tr[data-issue="5"]').waitFor();
    const shown = await titles();
    expect(shown).toHaveLength(5);
    // The save is written a throttle window later: wait until the saved results hold the list's. The predicate
    // is polled each frame; it starts a read of IndexedDB (async) and answers with the last read's finding.
    await demo.page.waitForFunction(() => {
      const probe = window as unknown as { reading?: boolean; saved?: boolean };
      if (!probe.reading) {
        probe.reading = true;
        void savedHasIssues().then((found) => {
          probe.saved = found;
          probe.reading = false;
        });
      }
      return probe.saved === true;

      async function savedHasIssues(): Promise<boolean> {
        if (!(await indexedDB.databases()).some((db) => db.name === 'rest-slice-demo')) return false;
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open('rest-slice-demo', 1);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error ?? new Error('open failed'));
        });
        try {
          const read = (key: string) =>
            new Promise<unknown>((resolve) => {
              const get = db.transaction('items').objectStore('items').get(key);
              get.onsuccess = () => resolve(get.result);
              get.onerror = () => resolve(undefined);
            });
          const head = await read('head');
          if (typeof head !== 'string') return false;
          const { parts } = JSON.parse(head) as { parts: Record<string, number> };
          const endpoints = await read(`part:${parts['["endpoints"]']}:["endpoints"]`);
          return typeof endpoints === 'string' && endpoints.includes('/api/issues"');
        } finally {
          db.close();
        }
      }
    });

    demo.server.api.issues.get(1)!.title = 'Renamed on the server meanwhile';
    const list = await holdNext(demo.page, 'GET', '/api/issues');
    let listRequested = false;
    void list.requested.then(() => (listRequested = true));
    await demo.page.reload();
    await demo.page.locator('tr[data-issue="5"]').waitFor();
    // Shown from the saved cache: the server's rename is not there, and the list was never asked for (still fresh).
    expect(await titles()).toEqual(shown);
    expect(listRequested).toBe(false);
    // Newest first: every fetch of the page came after the saved cache was applied.
    const types = await logTypes();
    expect(types).toContain('rest/rehydrate');
    expect(types.slice(types.indexOf('rest/rehydrate'))).not.toContain('rest/fetch');
    await demo.screenshot('restored-after-reload');
    list.release();
  });
});
