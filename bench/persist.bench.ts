// The persist suite: what `persist()` costs on a 10,000-entity cache. An update's hot path (persist on
// vs off: the middleware only compares a few references and sets the throttle timer once), one throttled
// write after a one-entity update (only the changed parts are serialized, compared with serializing the
// whole slice once), and a restore of the whole save from a memory storage (Node).
import { configureStore } from '@reduxjs/toolkit';
import { createRestCache, Entity, memoryStorage, persist, RestEndpoint, type PersistStorage } from 'rest-slice';
import { measure, type SuiteOptions } from './measure';
import { chromiumInstalled, measureIndexedDbRestore } from './persist.browser';
import type { ReportTable } from './report';

const ENTITIES = 10_000;
const UPDATE = 'one-entity update on a 10,000-entity cache';
const WRITE = 'the throttled write after a one-entity update, 10,000-entity cache';
const RESTORE = 'restore a 10,000-entity save (memoryStorage, Node)';
const RESTORE_IDB = 'restore a 10,000-entity save from IndexedDB after a reload (Chromium)';

class Item extends Entity {
  id = 0;
  name = '';
  pk() {
    return String(this.id);
  }
  static override key = 'PersistBenchItem';
}

const list = new RestEndpoint({ urlPrefix: 'http://bench.invalid', path: '/items', schema: [Item], name: 'items' });
const detail = new RestEndpoint({ urlPrefix: 'http://bench.invalid', path: '/items/:id', schema: Item, name: 'item' });
const rows = Array.from({ length: ENTITIES }, (_, id) => ({ id, name: `item ${id}` }));

/** Timers the bench runs by hand: the throttle's write happens only when `run()` is called. */
function manualScheduler() {
  let due: (() => void)[] = [];
  return {
    setTimeout(callback: () => void) {
      due.push(callback);
      return due.length;
    },
    clearTimeout() {},
    run() {
      const now = due;
      due = [];
      for (const callback of now) callback();
    },
  };
}

/** A storage that says when a write's head has been stored (the last item of each write). */
function signalingStorage(storage: PersistStorage = memoryStorage()) {
  let headWritten: () => void = () => undefined;
  return {
    storage: {
      getItem: (key: string) => storage.getItem(key),
      removeItem: (key: string) => storage.removeItem(key),
      setItem: async (key: string, value: string) => {
        await storage.setItem(key, value);
        if (key === 'head') headWritten();
      },
    } satisfies PersistStorage,
    nextHead: () => new Promise<void>((resolve) => (headWritten = resolve)),
  };
}

async function makeApp(storage: PersistStorage | undefined) {
  const scheduler = manualScheduler();
  let time = 1_700_000_000_000;
  const persisted = storage === undefined ? undefined : persist({ storage, throttle: 1_000 });
  const cache = createRestCache({ now: () => time, scheduler, gcInterval: Infinity, features: persisted ? [persisted] : [] });
  const store = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }).concat(cache.middleware),
  });
  if (persisted) await persisted.ready(store);
  const controller = cache.controller(store);
  await controller.setResponse(list, rows);
  let version = 0;
  const update = () => {
    version++;
    time++;
    void controller.setResponse(detail, { id: 4_321 }, { id: 4_321, name: `renamed ${version}` });
  };
  update();
  if (cache.selectEntity(store.getState(), Item, 4_321)?.name !== `renamed ${version}`) throw new Error('[bench] persist: the update did not land');
  return { cache, store, update, scheduler, persisted };
}

/** Runs the persist suite's rows that the filter lets through. */
export async function runPersistBench(options: SuiteOptions): Promise<ReportTable[]> {
  const tables: ReportTable[] = [];
  if (options.includes(`persist: ${UPDATE}`)) {
    process.stderr.write(`persist: ${UPDATE} …\n`);
    const on = await makeApp(memoryStorage());
    const off = await makeApp(undefined);
    const results = await measure(
      [
        { name: 'persist() installed', fn: on.update },
        { name: 'no persist', fn: off.update },
      ],
      options,
    );
    tables.push({
      title: `persist › ${UPDATE}`,
      rows: results,
      baselines: ['no persist'],
      notes: ['one op = controller.setResponse(detail, { id }, item); the throttle timer is not run, so this is the hot path only (writes are the next row)'],
    });
  }
  if (options.includes(`persist: ${WRITE}`)) {
    process.stderr.write(`persist: ${WRITE} …\n`);
    const signals = signalingStorage();
    const app = await makeApp(signals.storage);
    const writeOnce = async () => {
      app.update();
      const written = signals.nextHead();
      app.scheduler.run();
      await written;
    };
    await writeOnce();
    const slice = () => app.cache.selectCacheState(app.store.getState());
    const whole = JSON.stringify(slice()).length;
    const results = await measure(
      [
        { name: 'persist() write (changed parts)', fn: writeOnce },
        { name: 'JSON.stringify(whole slice)', fn: () => void JSON.stringify(slice()) },
      ],
      options,
    );
    tables.push({
      title: `persist › ${WRITE}`,
      rows: results,
      baselines: ['JSON.stringify(whole slice)'],
      notes: [
        `the persist op includes the update itself and the memory storage's promises; the whole slice is ${(whole / 1024).toFixed(0)} kB of JSON`,
        'a write serializes only the parts whose object changed: here one bucket of each entity table, the results and their meta',
      ],
    });
  }
  if (options.includes(`persist: ${RESTORE}`)) {
    process.stderr.write(`persist: ${RESTORE} …\n`);
    const signals = signalingStorage();
    const app = await makeApp(signals.storage);
    const written = signals.nextHead();
    app.scheduler.run();
    await written;
    const restore = async () => {
      const next = await makeRestored(signals.storage);
      if (next.cache.selectEntity(next.store.getState(), Item, 9_999)?.name !== 'item 9999') throw new Error('[bench] persist: the restore missed a row');
    };
    const results = await measure([{ name: 'persist() restore', fn: restore }], options);
    tables.push({ title: `persist › ${RESTORE}`, rows: results, baselines: [], notes: ['one op = a new cache and store on the storage, until `ready` (read, checked, applied)'] });
  }
  if (options.includes(`persist: ${RESTORE_IDB}`) && chromiumInstalled) {
    process.stderr.write(`persist: ${RESTORE_IDB} …\n`);
    const rounds = Math.min(20, Math.max(3, Math.round(options.timeMs / 100)));
    const times = (await measureIndexedDbRestore(ENTITIES, rounds)).sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    const spread = ((times[times.length - 1] - times[0]) / 2 / median) * 100;
    tables.push({
      title: `persist › ${RESTORE_IDB}`,
      rows: [{ name: 'persist() restore', hz: 1000 / median, rme: spread }],
      baselines: [],
      notes: [
        `median of ${rounds} reloads: ${median.toFixed(1)} ms (min ${times[0].toFixed(1)}, max ${times[times.length - 1].toFixed(1)}); ± is half the range`,
        'one op = a new cache and store on indexedDbStorage in a freshly reloaded page, until `ready` (read, checked, applied)',
      ],
    });
  }
  return tables;
}

async function makeRestored(storage: PersistStorage) {
  // The save was made on the bench's clock, long ago by the real one: no maxAge.
  const persisted = persist({ storage, maxAge: Infinity });
  const cache = createRestCache({ gcInterval: Infinity, features: [persisted] });
  const store = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }).concat(cache.middleware),
  });
  if ((await persisted.ready(store)) !== 'restored') throw new Error('[bench] persist: nothing was restored');
  return { cache, store };
}
