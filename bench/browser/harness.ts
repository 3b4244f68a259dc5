// Runs in the page, before the app's bundle: counts requests in flight and times interactions.
// Each timing starts right before a DOM click and stops when a MutationObserver (or the check right
// after the click, for a synchronous render) sees every expected text in the list and the detail pane.

/** What the runner calls in the page through `page.evaluate`. */
export interface PageBench {
  /** Renders the app; resolves to the ms until `count` rows and the detail of row 1 are shown. */
  mount(count: number, firstTitle: string): Promise<number>;
  /** Clicks row `id`; ms until the detail pane shows it with the row's title. */
  select(id: number): Promise<number>;
  /** Types `title`, clicks Rename; ms until the selected row shows it in the list and the detail. */
  rename(title: string): Promise<number>;
  /** Types `title`, clicks Create; ms until the last row of the list shows it. Resolves to [ms, new row id]. */
  create(title: string): Promise<[number, number]>;
  /** Clicks Delete on the selected row; ms until its row is gone and the detail pane is empty. */
  remove(): Promise<number>;
  /** Resolves once no request is in flight and the page has rendered what the last one brought. */
  idle(): Promise<void>;
  /** The title shown in row `id`, or null when there is no such row. */
  rowTitle(id: number): string | null;
  /** What the page shows now, for the runner's checks. */
  shown(): { rows: number; detailId: number | null; detailTitle: string | null };
  /** In the bundles `BENCH_PHASES=1` builds: ms from the last timed click to each phase the app noted (apps/ui.tsx `phase`), and to `shown`. */
  phases(): Record<string, number>;
}

const TIMEOUT_MS = 20_000;
/** The phases of the last timed click (`BENCH_PHASES=1` bundles only), as performance.now() stamps. */
let lastPhases: Record<string, number> = {};
const pagePhases = () => window as unknown as { benchPhases?: Record<string, number> };
let inFlight = 0;
const realFetch = window.fetch.bind(window);
window.fetch = (...args: Parameters<typeof fetch>) => {
  inFlight++;
  return realFetch(...args).finally(() => inFlight--);
};

const list = (): HTMLElement | null => document.getElementById('list');
const rowOf = (id: number): Element | null => list()?.querySelector(`li[data-id="${id}"]`) ?? null;
/**
 * Row `id`, from the element found before the click while React keeps it (a keyed row is updated in
 * place): searching 10,000 rows on every DOM change would weigh on the figure being measured.
 */
const current = (known: Element | null, id: number): Element | null => (known?.isConnected ? known : rowOf(id));
const titleIn = (element: Element | null | undefined): string | null => element?.querySelector('.title')?.textContent ?? null;
const detail = (): HTMLElement | null => document.getElementById('detail');
const detailId = (): number | null => {
  const id = detail()?.dataset.id;
  return id === undefined ? null : Number(id);
};

function shown() {
  return { rows: list()?.children.length ?? 0, detailId: detailId(), detailTitle: titleIn(detail()) };
}

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `action` and resolves to the ms until `done()` holds after a DOM change. */
function timeUntil(what: string, action: () => void, done: () => boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    let start = 0;
    let finished = false;
    const finish = () => {
      if (finished || !done()) return;
      const ms = performance.now() - start;
      if (__BENCH_PHASES__) lastPhases = { ...pagePhases().benchPhases, shown: start + ms };
      finished = true;
      observer.disconnect();
      clearTimeout(timer);
      resolve(ms);
    };
    const observer = new MutationObserver(finish);
    observer.observe(document.getElementById('root')!, { subtree: true, childList: true, characterData: true, attributes: true });
    const timer = setTimeout(() => {
      observer.disconnect();
      finished = true;
      reject(new Error(`[bench] ${what}: not shown after ${TIMEOUT_MS} ms; the page shows ${JSON.stringify(shown())}`));
    }, TIMEOUT_MS);
    start = performance.now();
    // Where apps/ui.tsx `phase` notes each phase of this click.
    if (__BENCH_PHASES__) pagePhases().benchPhases = { click: start };
    action();
    finish();
  });
}

function typeTitle(title: string): void {
  (document.getElementById('title-input') as HTMLInputElement).value = title;
}

function click(id: string): void {
  const button = document.getElementById(id);
  if (!button) throw new Error(`[bench] no #${id} button; the page shows ${JSON.stringify(shown())}`);
  button.click();
}

const bench: PageBench = {
  mount(count, firstTitle) {
    const root = document.getElementById('root')!;
    const app = (window as unknown as { benchApp?: { mount(element: HTMLElement): void } }).benchApp;
    if (!app) return Promise.reject(new Error('[bench] the app bundle did not register `window.benchApp`'));
    return timeUntil(
      `mount ${count} rows`,
      () => app.mount(root),
      () => list()?.children.length === count && detailId() === 1 && titleIn(detail()) === firstTitle,
    );
  },
  select(id) {
    const row = rowOf(id);
    if (!row) return Promise.reject(new Error(`[bench] select: no row ${id}; the page shows ${JSON.stringify(shown())}`));
    const title = titleIn(row);
    return timeUntil(`select row ${id}`, () => (row as HTMLElement).click(), () => detailId() === id && titleIn(detail()) === title);
  },
  rename(title) {
    const id = detailId();
    if (id === null) return Promise.reject(new Error('[bench] rename: nothing is selected'));
    typeTitle(title);
    const row = rowOf(id);
    return timeUntil(`rename row ${id} to '${title}'`, () => click('rename'), () => titleIn(current(row, id)) === title && titleIn(detail()) === title);
  },
  async create(title) {
    typeTitle(title);
    const ms = await timeUntil(`create '${title}'`, () => click('create'), () => titleIn(list()?.lastElementChild) === title);
    return [ms, Number((list()!.lastElementChild as HTMLElement).dataset.id)];
  },
  remove() {
    const id = detailId();
    if (id === null) return Promise.reject(new Error('[bench] remove: nothing is selected'));
    const row = rowOf(id);
    return timeUntil(`delete row ${id}`, () => click('delete'), () => current(row, id) === null && detailId() === null);
  },
  async idle() {
    for (;;) {
      while (inFlight > 0) await sleep(2);
      await frame();
      await frame();
      await sleep(20);
      if (inFlight === 0) return;
    }
  },
  rowTitle: (id) => titleIn(rowOf(id)),
  shown,
  phases() {
    const since: Record<string, number> = {};
    for (const [name, at] of Object.entries(lastPhases)) since[name] = at - lastPhases.click;
    return since;
  },
};

(window as unknown as { bench: PageBench }).bench = bench;
