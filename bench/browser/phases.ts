// `BENCH_PHASES=1`: where the time of one click goes, phase by phase, in each library's app. The apps are
// built again with their phase marks (apps/ui.tsx `phase`; the measured bundles have none), and each
// page selects rows of a 1,000-row list, the interaction where the libraries differ least in work. A
// control page runs Data Client's app with a rest-slice store beside it that no component reads.
import type { Browser } from 'playwright-core';
import { bundleAll, bundleStoreOnly, LIBRARIES } from './bundle';
import { onFreshPage } from './session';
import { startBenchServer, type StaticFiles } from './server';

const ROWS = 1_000;
const WARM_UP = 10;
const SELECTIONS = 100;
const ROUNDS = 3;

/** The intervals printed, each between two phases the page notes (in the order a click goes through them). */
const INTERVALS: readonly [string, string, string][] = [
  ['click to the list component', 'click', 'list hooks'],
  ["the list component's hooks", 'list hooks', 'list rendered'],
  ['React: the list, its unchanged rows skipped', 'list rendered', 'detail hooks'],
  ["the detail component's hooks", 'detail hooks', 'detail rendered'],
  ['React: the detail rendered to committed', 'detail rendered', 'committed'],
  ['committed to shown (effects, DOM observed)', 'committed', 'shown'],
  ['click to shown', 'click', 'shown'],
];

const CONTROL = { id: 'data-client+store', name: 'Data Client 0.10, a rest-slice store beside it', script: '/data-client.js' };

/** The mean of the middle 80%: the clock in a page ticks in 0.1 ms, so medians of short phases are coarse. */
function trimmedMean(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.slice(Math.floor(sorted.length * 0.1), Math.ceil(sorted.length * 0.9));
  return middle.reduce((sum, value) => sum + value, 0) / middle.length;
}

function page(scripts: readonly string[]): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><div id="root"></div>${scripts
    .map((script) => `<script src="${script}"></script>`)
    .join('')}</body></html>`;
}

/** Lines of a table: per page kind, the trimmed mean ms of each interval over every round. */
export async function phaseClicks(browser: Browser): Promise<string[]> {
  const files: StaticFiles = {};
  for (const [file, text] of Object.entries(await bundleAll(false, true))) files[file] = ['text/javascript', text];
  files['/store-only.js'] = ['text/javascript', await bundleStoreOnly()];
  const pages = [
    ...LIBRARIES.map((library) => ({ id: library.id, name: library.name, scripts: ['/harness.js', `/${library.id}.js`] })),
    { id: CONTROL.id, name: CONTROL.name, scripts: ['/harness.js', '/store-only.js', CONTROL.script] },
  ];
  for (const kind of pages) files[`/${kind.id}.html`] = ['text/html', page(kind.scripts)];
  const server = await startBenchServer(files);
  const samples = new Map(pages.map((kind) => [kind.id, new Map<string, number[]>()]));
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of pages) {
        await onFreshPage(browser, server, kind.id, ROWS, `phases: ${kind.id}`, async (session) => {
          await session.mount();
          await session.idle();
          for (let i = 0; i < WARM_UP; i++) {
            await session.select(100 + i);
            await session.idle();
          }
          for (let i = 0; i < SELECTIONS; i++) {
            await session.select(200 + ((i * 7) % 700));
            const phases = (await session.page.evaluate('window.bench.phases()')) as Record<string, number>;
            await session.idle();
            const bucket = samples.get(kind.id)!;
            for (const [label, from, to] of INTERVALS) {
              if (phases[from] === undefined || phases[to] === undefined) throw new Error(`[bench] phases: ${kind.id} noted no '${phases[from] === undefined ? from : to}'`);
              bucket.set(label, [...(bucket.get(label) ?? []), phases[to] - phases[from]]);
            }
          }
        });
      }
    }
  } finally {
    await server.close();
  }
  const lines = [
    `browser › where one selection's time goes (${ROWS.toLocaleString('en-US')} rows; mean ms of the middle 80% of ${ROUNDS} × ${SELECTIONS} selections a page)`,
    `| phase | ${pages.map((kind) => kind.name).join(' | ')} |`,
    `|---|${pages.map(() => '---|').join('')}`,
  ];
  for (const [label] of INTERVALS) {
    lines.push(`| ${label} | ${pages.map((kind) => trimmedMean(samples.get(kind.id)!.get(label)!).toFixed(2)).join(' | ')} |`);
  }
  return lines;
}
