// The gc suite (issue 10 "Measure"): a long session of list pages visited one
// after another, each released after use, with garbage collection on (the
// cache defaults: keepUnusedDataFor 60 s, a sweep every 60 s) and off
// (keepUnusedDataFor: Infinity). Reported: entity rows held at the end, and
// the cost of a one-entity update then (each write copies its entity table).
import { configureStore } from '@reduxjs/toolkit';
import { createRestCache, Entity, initialRestCacheState, RestEndpoint, type Controller, type RestCache, type RestCacheState } from 'rest-slice';
import { measure, type SuiteOptions } from './measure';
import type { ReportTable } from './report';

const PAGES = 10_000;
const PER_PAGE = 50;
/** One page a second on the session's clock; the 60 s sweep timer then runs every 60 pages. */
const PAGE_MS = 1_000;
const SWEEP_EVERY = 60;
const ROW = 'session of 10,000 list pages, one-entity update at the end';

class Item extends Entity {
  id = 0;
  name = '';
  page = 0;
  pk() {
    return String(this.id);
  }
  static override key = 'BenchItem';
}

const list = new RestEndpoint({ urlPrefix: 'http://bench.invalid', path: '/items', searchParams: {} as { page: number }, schema: [Item], name: 'items' });
const detail = new RestEndpoint({ urlPrefix: 'http://bench.invalid', path: '/items/:id', schema: Item, name: 'item' });

function page(n: number) {
  const rows = [];
  for (let i = 0; i < PER_PAGE; i++) rows.push({ id: n * PER_PAGE + i, name: `item ${n * PER_PAGE + i}`, page: n });
  return rows;
}

function makeStore(gc: boolean, preloaded?: RestCacheState) {
  const clock = { time: 1_700_000_000_000 };
  const cache = createRestCache({ now: () => clock.time, keepUnusedDataFor: gc ? 60_000 : Infinity, gcInterval: Infinity });
  const store = configureStore({
    reducer: { rest: cache.reducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }).concat(cache.middleware),
    ...(preloaded ? { preloadedState: { rest: preloaded } } : {}),
  });
  return { clock, cache, store, controller: cache.controller(store) };
}

/** The session with gc on, page after page, as an app runs it. */
async function sessionWithGc() {
  const { clock, cache, store, controller } = makeStore(true);
  const started = performance.now();
  for (let n = 0; n < PAGES; n++) {
    // The page mounts (holds its list), shows it, and unmounts.
    const release = controller.retain(list, { page: n });
    await controller.setResponse(list, { page: n }, page(n));
    cache.selectResponse(store.getState(), list, { page: n });
    release();
    clock.time += PAGE_MS;
    // What the sweep timer does on the session's clock (the bench drives it, as `controller.gc()`).
    if (n % SWEEP_EVERY === SWEEP_EVERY - 1) await controller.gc();
  }
  return { clock, cache, store, controller, sessionMs: performance.now() - started };
}

/**
 * The state the same session ends in with gc off: every page's result and row.
 * Built directly: replaying it page by page is quadratic (each of the 10,000
 * writes copies the growing entity table) and takes many minutes.
 */
function endStateWithoutGc(): RestCacheState {
  const time = 1_700_000_000_000;
  const entities: Record<string, unknown> = {};
  const entitiesMeta: Record<string, unknown> = {};
  const endpoints: Record<string, unknown> = {};
  const meta: Record<string, unknown> = {};
  for (let n = 0; n < PAGES; n++) {
    const at = time + n * PAGE_MS;
    const key = list.key({ page: n });
    endpoints[key] = page(n).map((row) => String(row.id));
    meta[key] = { fetchedAt: at, date: at, expiresAt: at + 60_000 };
    for (const row of page(n)) {
      entities[String(row.id)] = row;
      entitiesMeta[String(row.id)] = { fetchedAt: at, date: at, expiresAt: at + 60_000 };
    }
  }
  return { ...initialRestCacheState(), entities: { [Item.key]: entities }, entitiesMeta: { [Item.key]: entitiesMeta }, endpoints, meta } as RestCacheState;
}

function updater(cache: RestCache, store: { getState(): unknown }, controller: Controller, clock: { time: number }) {
  // One entity of the last page, as a detail response.
  const last = (PAGES - 1) * PER_PAGE;
  let version = 0;
  const update = () => {
    version++;
    clock.time++;
    void controller.setResponse(detail, { id: last }, { id: last, name: `renamed ${version}`, page: PAGES - 1 });
  };
  update();
  if (cache.selectEntity(store.getState(), Item, last)?.name !== `renamed ${version}`) throw new Error('[bench] gc: the update did not land');
  const rows = Object.keys(cache.selectCacheState(store.getState()).entities[Item.key] ?? {}).length;
  return { update, rows };
}

/** Runs the gc suite's one row when the filter lets it through. */
export async function runGcBench(options: SuiteOptions): Promise<ReportTable[]> {
  if (!options.includes(`gc: ${ROW}`)) return [];
  process.stderr.write(`gc: ${ROW} …\n`);
  const withGc = await sessionWithGc();
  const on = { ...updater(withGc.cache, withGc.store, withGc.controller, withGc.clock), sessionMs: withGc.sessionMs };
  const without = makeStore(false, endStateWithoutGc());
  // Its clock where the session would have left it.
  without.clock.time += PAGES * PAGE_MS;
  const off = updater(without.cache, without.store, without.controller, without.clock);
  const rows = await measure(
    [
      { name: 'gc on', fn: on.update },
      { name: 'gc off', fn: off.update },
    ],
    options,
  );
  return [
    {
      title: `gc › ${ROW}`,
      rows,
      baselines: ['gc off'],
      notes: [
        `entity rows held at the end: gc on ${on.rows.toLocaleString('en-US')}, gc off ${off.rows.toLocaleString('en-US')} (of ${(PAGES * PER_PAGE).toLocaleString('en-US')} fetched)`,
        `the gc-on session took ${on.sessionMs.toFixed(0)} ms (one run); the gc-off end state is built directly (replaying it is quadratic: each write copies the growing table)`,
        `one op = controller.setResponse(detail, { id }, item): one entity written; gc on = keepUnusedDataFor 60 s, a sweep every ${SWEEP_EVERY} pages at ${PAGE_MS} ms a page; gc off = keepUnusedDataFor Infinity`,
      ],
    },
  ];
}
