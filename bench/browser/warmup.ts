// `BENCH_WARMUP=1`: how long the k-th selection after mount takes in each library's app, on fresh pages of
// 1,000 rows. The navigation row times the first clicks after mount, while the page's code is still being
// compiled; this shows when each app's clicks settle to the time they keep.
import type { Browser } from 'playwright-core';
import { LIBRARIES } from './bundle';
import type { BenchServer } from './server';
import { onFreshPage } from './session';
import { median } from './stats';

const ROWS = 1_000;
const SELECTIONS = 12;
const PAGES = 8;

/** Lines of a table: per library, the median ms of each selection after mount over PAGES fresh pages. */
export async function selectionWarmUp(browser: Browser, server: BenchServer): Promise<string[]> {
  const samples = new Map(LIBRARIES.map((library) => [library.id, Array.from({ length: SELECTIONS }, () => [] as number[])]));
  for (let page = 0; page < PAGES; page++) {
    for (const library of LIBRARIES) {
      await onFreshPage(browser, server, library.id, ROWS, `warm-up: ${library.id}`, async (session) => {
        await session.mount();
        await session.idle();
        for (let k = 0; k < SELECTIONS; k++) {
          const id = 3 + Math.floor(((k + 0.5) * ROWS) / SELECTIONS);
          samples.get(library.id)![k].push(await session.select(id));
          await session.idle();
        }
      });
    }
  }
  return [
    `browser › the k-th selection after mount (${ROWS.toLocaleString('en-US')} rows; median ms over ${PAGES} fresh pages a library)`,
    `| library | ${Array.from({ length: SELECTIONS }, (_, k) => k + 1).join(' | ')} |`,
    `|---|${'---|'.repeat(SELECTIONS)}`,
    ...LIBRARIES.map((library) => `| ${library.name} | ${samples.get(library.id)!.map((values) => median(values).toFixed(1)).join(' | ')} |`),
  ];
}
