// The browser suite: the same small app (a list of todos, the selected one's detail pane, rename,
// create and delete) written with rest-slice, Data Client 0.10 and RTK Query, run in Debian's
// Chromium through playwright-core (never a downloaded browser). Rounds interleave the libraries
// (A, B, C, A, B, C, ...), each on a fresh page; the figures are medians over all rounds.
//
//   npm run bench -- --filter browser            every browser row (rounds from BENCH_TIME_MS: 10 by default)
//   BENCH_ROUNDS=2 npm run bench -- --filter browser   a quick run
//   BENCH_PROFILE=1 npm run bench -- --filter "browser: update 1 of 10,000"   also CPU profiles of rest-slice's clicks
//   BENCH_PHASES=1 npm run bench -- --filter "browser: navigation"   also each library's selection, phase by phase (./phases.ts)
//   BENCH_WARMUP=1 npm run bench -- --filter "browser: navigation"   also the time of each selection after mount (./warmup.ts)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import type { SuiteOptions, SuiteRun } from '../measure';
import type { ReportTable } from '../report';
import { bundleAll, LIBRARIES, type Library } from './bundle';
import { renderChart } from './chart';
import { phaseClicks } from './phases';
import { profileClicks } from './profile';
import { median } from './stats';
import { selectionWarmUp } from './warmup';
import { PAGES, SCENARIOS, type Samples, type Scenario, type ScenarioId } from './scenarios';
import { onFreshPage } from './session';
import { startBenchServer, type BenchServer, type StaticFiles } from './server';

const EXECUTABLE = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const here = __dirname;
const RESULTS = path.join(here, 'results');

/** Installs bench/browser's own packages (Data Client's React package) from its lockfile when missing. */
function ensureInstalled(): void {
  if (existsSync(path.join(here, 'node_modules', '@data-client', 'react'))) return;
  console.log('bench/browser: installing its packages (npm ci --prefix bench/browser)');
  execFileSync('npm', ['ci', '--prefix', here, '--no-audit', '--no-fund'], { stdio: 'inherit' });
}

function pageHtml(libraryId: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${libraryId}</title></head>
<body><div id="root"></div><script src="/harness.js"></script><script src="/${libraryId}.js"></script></body></html>`;
}

async function staticFiles(readableNames: boolean): Promise<StaticFiles> {
  const files: StaticFiles = {};
  for (const [file, text] of Object.entries(await bundleAll(readableNames))) files[file] = ['text/javascript', text];
  for (const library of LIBRARIES) files[`/${library.id}.html`] = ['text/html', pageHtml(library.id)];
  return files;
}

/** Rounds: `BENCH_ROUNDS`, else one per 100 ms of `BENCH_TIME_MS` (2 to 10; 10 by default). */
function roundCount(options: SuiteOptions): number {
  const raw = process.env.BENCH_ROUNDS;
  if (raw !== undefined && raw !== '') {
    const rounds = Number(raw);
    if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`[bench] \`BENCH_ROUNDS\` must be a whole number ≥ 1, got '${raw}'`);
    return rounds;
  }
  return Math.min(10, Math.max(2, Math.round(options.timeMs / 100)));
}

/** Relative margin of error of the mean at 95%, in percent (normal approximation). */
function rme(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / (values.length - 1);
  return ((1.96 * Math.sqrt(variance / values.length)) / mean) * 100;
}

/** Runs one page of one library and returns its samples; any page error fails the run. */
async function runPage(browser: Browser, server: BenchServer, library: Library, plan: (typeof PAGES)[number], wanted: ReadonlySet<ScenarioId>): Promise<Samples> {
  const page = `${library.name}, page of ${plan.rows} rows`;
  return onFreshPage(browser, server, library.id, plan.rows, page, (session) =>
    plan.run(session, wanted).catch((error: unknown) => {
      throw new Error(`${page}: ${error instanceof Error ? error.message : String(error)}`);
    }),
  );
}

const fmt = (value: number | undefined, unit: Scenario['unit']): string =>
  value === undefined ? '—' : unit === 'MB' ? `${value.toFixed(1)} MB` : `${value < 10 ? value.toFixed(2) : value.toFixed(1)} ms`;

/** The summary printed above the per-scenario tables: medians and rest-slice's ratios. */
function summaryTable(medians: Map<ScenarioId, Map<string, number>>, rounds: number): string {
  const peers = LIBRARIES.slice(1);
  const header = ['scenario', ...LIBRARIES.map((l) => l.name), ...peers.map((p) => `vs ${p.name}`)];
  const body: string[][] = [];
  for (const scenario of SCENARIOS) {
    const byLibrary = medians.get(scenario.id);
    if (!byLibrary) continue;
    const own = byLibrary.get(LIBRARIES[0].id);
    body.push([
      scenario.name,
      ...LIBRARIES.map((l) => fmt(byLibrary.get(l.id), scenario.unit)),
      ...peers.map((p) => {
        const peer = byLibrary.get(p.id);
        return own === undefined || peer === undefined ? '—' : `${(peer / own).toFixed(2)}×`;
      }),
    ]);
  }
  const widths = header.map((cell, i) => Math.max(cell.length, ...body.map((line) => line[i].length)));
  const render = (cells: string[]) => '  ' + cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('   ');
  return [
    `browser › summary: medians of ${rounds} interleaved rounds; ratio = peer ÷ rest-slice (time or heap), > 1× means rest-slice is faster or leaner`,
    render(header),
    '  ' + widths.map((w) => '-'.repeat(w)).join('   '),
    ...body.map(render),
  ].join('\n');
}

export const runBrowserBench: SuiteRun = async (options) => {
  const wanted = new Set<ScenarioId>(SCENARIOS.filter((s) => options.includes(`browser: ${s.name}`)).map((s) => s.id));
  if (wanted.size === 0) return [];
  if (!existsSync(EXECUTABLE)) {
    return [{ title: 'browser', rows: [], baselines: [], notes: [`${EXECUTABLE} not found: install Debian's chromium to run the browser suite`] }];
  }
  ensureInstalled();
  const rounds = roundCount(options);
  const plans = PAGES.filter((plan) => plan.scenarios.some((id) => wanted.has(id)));
  const server = await startBenchServer(await staticFiles(false));
  const browser = await chromium.launch({ executablePath: EXECUTABLE, args: ARGS });
  const samples = new Map<string, Map<ScenarioId, number[]>>(LIBRARIES.map((l) => [l.id, new Map()]));
  let profileLines: string[] = [];
  let phaseLines: string[] = [];
  let warmUpLines: string[] = [];
  try {
    console.log(`browser: ${browser.version()}, ${rounds} rounds of ${plans.length} page kinds × ${LIBRARIES.length} libraries`);
    for (let round = 0; round < rounds; round++) {
      for (const plan of plans) {
        for (const library of LIBRARIES) {
          const got = await runPage(browser, server, library, plan, wanted);
          for (const [id, values] of Object.entries(got) as [ScenarioId, number[]][]) {
            if (!wanted.has(id)) continue;
            const bucket = samples.get(library.id)!;
            bucket.set(id, [...(bucket.get(id) ?? []), ...values]);
          }
        }
      }
      process.stdout.write(`browser: round ${round + 1}/${rounds} done\n`);
    }
    if (process.env.BENCH_PHASES === '1') phaseLines = await phaseClicks(browser);
    if (process.env.BENCH_WARMUP === '1') warmUpLines = await selectionWarmUp(browser, server);
    if (process.env.BENCH_PROFILE === '1') {
      await server.close();
      const readable = await staticFiles(true);
      const profileServer = await startBenchServer(readable);
      try {
        profileLines = await profileClicks(browser, profileServer, readable['/rest-slice.js'][1]);
      } finally {
        await profileServer.close();
      }
    }
  } finally {
    await browser.close();
    await server.close().catch(() => undefined);
  }

  const medians = new Map<ScenarioId, Map<string, number>>();
  const tables: ReportTable[] = [];
  for (const scenario of SCENARIOS) {
    if (!wanted.has(scenario.id)) continue;
    const byLibrary = new Map<string, number>();
    for (const library of LIBRARIES) {
      const values = samples.get(library.id)!.get(scenario.id);
      if (values && values.length > 0) byLibrary.set(library.id, median(values));
    }
    medians.set(scenario.id, byLibrary);
    if (scenario.unit !== 'ms') continue;
    tables.push({
      title: `browser › ${scenario.name} (ms until the DOM shows it; ops/s = 1000 ÷ median ms)`,
      rows: LIBRARIES.filter((l) => byLibrary.has(l.id)).map((l) => ({
        name: l.name,
        hz: 1000 / byLibrary.get(l.id)!,
        rme: rme(samples.get(l.id)!.get(scenario.id)!),
      })),
      baselines: LIBRARIES.slice(1).map((l) => l.name),
      notes: [
        `median: ${LIBRARIES.map((l) => `${l.name} ${fmt(byLibrary.get(l.id), 'ms')}`).join(', ')} (${samples.get(LIBRARIES[0].id)!.get(scenario.id)?.length ?? 0} samples each)`,
      ],
    });
  }

  console.log('\n' + summaryTable(medians, rounds) + '\n');
  for (const line of profileLines) console.log(line);
  for (const line of phaseLines) console.log(line);
  for (const line of warmUpLines) console.log(line);

  mkdirSync(RESULTS, { recursive: true });
  const machine = `${cpus().length}× ${cpus()[0]?.model.trim() ?? 'unknown cpu'}`;
  const svg = renderChart(
    'rest-slice in Chromium: peer ÷ rest-slice (> 1× = rest-slice faster, or leaner for the heap)',
    `${new Date().toISOString().slice(0, 10)}, ${machine}, medians of ${rounds} interleaved rounds, production React 18.3.1`,
    SCENARIOS.filter((s) => medians.has(s.id)).map((s) => {
      const byLibrary = medians.get(s.id)!;
      const own = byLibrary.get(LIBRARIES[0].id);
      return {
        label: s.name,
        ratios: LIBRARIES.slice(1).map((p) => {
          const peer = byLibrary.get(p.id);
          return { peer: p.name, ratio: own === undefined || peer === undefined ? undefined : peer / own };
        }),
      };
    }),
  );
  const file = path.join(RESULTS, 'browser.svg');
  writeFileSync(file, svg);
  console.log(`browser: chart saved to ${path.relative(process.cwd(), file)}\n`);
  return tables;
};
