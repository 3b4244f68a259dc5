// Runs every benchmark suite and prints one table per row.
//
//   npm run bench                        all rows, ~1 s per task
//   npm run bench -- --filter normalize  rows whose "<suite>: <row>" name contains the text
//   BENCH_TIME_MS=50 npm run bench       shorter runs, for a smoke test
//   BENCH_ROUNDS=2 npm run bench -- --filter browser   a quick browser run (Chromium)
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import type { SuiteOptions, SuiteRun } from './measure';
import { printReport } from './report';

/** The suites, in order. Each is imported only when run, after NODE_ENV is set. */
const suites: { name: string; load: () => Promise<SuiteRun> }[] = [
  { name: 'schema', load: async () => (await import('./schema.bench')).runSchemaBench },
  { name: 'store', load: async () => (await import('./store.bench')).runStoreBench },
  { name: 'gc', load: async () => (await import('./gc.bench')).runGcBench },
  { name: 'persist', load: async () => (await import('./persist.bench')).runPersistBench },
  { name: 'outbox', load: async () => (await import('./outbox.bench')).runOutboxBench },
  // Last: it starts Chromium (see bench/browser/browser.bench.ts).
  { name: 'browser', load: async () => (await import('./browser/browser.bench')).runBrowserBench },
];

function readOptions(): SuiteOptions {
  const { values } = parseArgs({ options: { filter: { type: 'string', short: 'f' } }, strict: true });
  const filter = values.filter?.toLowerCase();
  const rawTime = process.env.BENCH_TIME_MS;
  const timeMs = rawTime === undefined || rawTime === '' ? 1000 : Number(rawTime);
  if (!Number.isFinite(timeMs) || timeMs <= 0) {
    throw new Error(`[bench] \`BENCH_TIME_MS\` must be a positive number of milliseconds, got '${rawTime}'`);
  }
  return {
    includes: (name) => filter === undefined || name.toLowerCase().includes(filter),
    timeMs,
  };
}

async function main(): Promise<void> {
  // The libraries' development checks are not what is measured (the peers'
  // published figures are production builds too). Set before any suite loads:
  // some libraries read it when their module is evaluated.
  process.env.NODE_ENV ??= 'production';
  const options = readOptions();
  const started = Date.now();
  console.log(
    `node ${process.version}, ${cpus().length}× ${cpus()[0]?.model ?? 'unknown cpu'}, ` +
      `NODE_ENV=${process.env.NODE_ENV}, ${options.timeMs} ms per task\n`,
  );
  let tableCount = 0;
  for (const suite of suites) {
    const run = await suite.load();
    for (const table of await run(options)) {
      printReport(table.title, table.rows, table.baselines, table.notes);
      tableCount++;
    }
  }
  if (tableCount === 0) console.log('no row matched the filter');
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (process.exitCode) console.error('some outputs failed their checks; see ✗ above');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
