// persist()'s restore in Chromium: a page saves a 10,000-entity cache in IndexedDB once, then each round
// reloads the page (fresh JavaScript, the same IndexedDB) and times a new cache and store until `ready`
// says the save was read, checked and applied. Debian's Chromium through playwright-core; rest-slice is
// the built package in dist/ (`npm run build` first, as `npm run bench` does).
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const EXECUTABLE = '/usr/bin/chromium';
const root = path.resolve(__dirname, '..');

/** The page's script: `window.seed()` saves the cache once, `window.restore()` times one restore (ms). */
const PAGE_SCRIPT = `
import { configureStore } from '@reduxjs/toolkit';
import { createRestCache, Entity, indexedDbStorage, persist, RestEndpoint } from 'rest-slice';

class Item extends Entity {
  id = 0;
  name = '';
  pk() { return String(this.id); }
  static key = 'Item';
}
const list = new RestEndpoint({ urlPrefix: 'http://bench.invalid', path: '/items', schema: [Item], name: 'items' });

function make(onHead) {
  const idb = indexedDbStorage('persist-bench');
  const storage = { ...idb, setItem: async (key, value) => { await idb.setItem(key, value); if (key === 'head') onHead?.(); } };
  const persisted = persist({ storage, throttle: 0, maxAge: Infinity });
  const cache = createRestCache({ gcInterval: Infinity, features: [persisted] });
  const store = configureStore({
    reducer: { [cache.reducerPath]: cache.reducer },
    middleware: (getDefault) => getDefault({ serializableCheck: false, immutableCheck: false }).concat(cache.middleware),
  });
  return { persisted, cache, store };
}

window.seed = async (count) => {
  let written;
  const head = new Promise((resolve) => (written = resolve));
  const app = make(() => written());
  await app.persisted.ready(app.store);
  const rows = Array.from({ length: count }, (_, id) => ({ id, name: 'item ' + id }));
  await app.cache.controller(app.store).setResponse(list, rows);
  await head;
};

window.restore = async (count) => {
  const started = performance.now();
  const app = make();
  const outcome = await app.persisted.ready(app.store);
  const ms = performance.now() - started;
  const last = app.cache.selectEntity(app.store.getState(), Item, count - 1);
  if (outcome !== 'restored' || last?.name !== 'item ' + (count - 1)) throw new Error('[bench] persist: the restore missed rows (' + outcome + ')');
  return ms;
};
`;

async function bundle(): Promise<string> {
  const dist = path.join(root, 'dist', 'index.mjs');
  if (!existsSync(dist)) throw new Error(`[bench] ${dist} is missing; run \`npm run build\` first (\`npm run bench\` does)`);
  const result = await build({
    stdin: { contents: PAGE_SCRIPT, resolveDir: root, loader: 'js' },
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    alias: { 'rest-slice': dist },
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

function serve(script: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url === '/page.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(script);
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><script src="/page.js"></script></body></html>');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Whether Chromium is installed (the row is skipped otherwise). */
export const chromiumInstalled = existsSync(EXECUTABLE);

/** Each round's restore time (ms) of a `count`-entity save from IndexedDB, after a page reload. */
export async function measureIndexedDbRestore(count: number, rounds: number): Promise<number[]> {
  const server = await serve(await bundle());
  const browser = await chromium.launch({ executablePath: EXECUTABLE, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const page = await browser.newPage();
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    await page.goto(url);
    await page.evaluate((n) => (window as unknown as { seed(n: number): Promise<void> }).seed(n), count);
    const times: number[] = [];
    for (let round = 0; round < rounds; round++) {
      await page.reload();
      times.push(await page.evaluate((n) => (window as unknown as { restore(n: number): Promise<number> }).restore(n), count));
    }
    return times;
  } finally {
    await browser.close();
    server.close();
  }
}
