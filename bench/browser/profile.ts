// CPU profiles (CDP Profiler) of two of rest-slice's clicks on 10,000 rows, summarized as the
// functions with the most self time and the self time per package. The profiled bundle is not
// minified, so it keeps function names and esbuild's `// <module path>` comment before each module.
import type { Browser } from 'playwright-core';
import { onFreshPage } from './session';
import { median } from './stats';
import type { BenchServer } from './server';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
}

const TOP = 20;
const ROWS = 10_000;
const SELECTIONS = 20;

/** The package (or app file) each line of a readable bundle belongs to, as [first line (0-based), name] sorted. */
function modulesByLine(bundle: string): [number, string][] {
  const starts: [number, string][] = [];
  bundle.split('\n').forEach((line, index) => {
    const match = /^ {2}\/\/ (\S+\.[cm]?[jt]sx?)$/.exec(line);
    if (!match) return;
    const file = match[1];
    const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules)/.exec(file);
    starts.push([index, packageMatch ? packageMatch[1] : file.startsWith('dist/') ? `rest-slice (${file})` : file]);
  });
  return starts;
}

function moduleAt(starts: readonly [number, string][], line: number): string {
  let low = 0;
  let high = starts.length - 1;
  let found = '(bundle prelude)';
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (starts[middle][0] <= line) {
      found = starts[middle][1];
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** Self time per function and per package of a profile's samples, as printable lines. */
function summarize(title: string, profile: Profile, modules: readonly [number, string][]): string[] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  const perModule = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  let total = 0;
  for (let i = 0; i < samples.length; i++) {
    const frame = byNode.get(samples[i])?.callFrame;
    // A sample's time is the gap to the next sample.
    const micros = deltas[i + 1] ?? 0;
    if (!frame || frame.functionName === '(idle)') continue;
    const where = frame.url.endsWith('/rest-slice.js') ? moduleAt(modules, frame.lineNumber) : frame.url === '' ? '(browser)' : frame.url.slice(frame.url.lastIndexOf('/') + 1);
    const key = `${frame.functionName || '(anonymous)'}  [${where}${frame.url === '' ? '' : `:${frame.lineNumber + 1}`}]`;
    self.set(key, (self.get(key) ?? 0) + micros);
    perModule.set(where, (perModule.get(where) ?? 0) + micros);
    total += micros;
  }
  const line = ([key, micros]: [string, number]) => `  ${(micros / 1000).toFixed(2).padStart(7)}   ${((micros / total) * 100).toFixed(1).padStart(4)}%   ${key}`;
  return [
    `${title}; ${(total / 1000).toFixed(1)} ms of non-idle samples until the profiler stopped; (program) is the browser's own work: style, layout, event dispatch`,
    '  self ms   share   function  [package or file:line of the readable bundle]',
    ...[...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP).map(line),
    '  self ms   share   package',
    ...[...perModule.entries()].sort((a, b) => b[1] - a[1]).map(line),
    '',
  ];
}

/**
 * Profiles two clicks in the rest-slice app with 10,000 rows: a rename (its answer held until the
 * profile stops, so only the click's own work is in it) and selecting another row; resolves to
 * printable lines. The readable `bundle` maps lines to packages.
 */
export async function profileClicks(browser: Browser, server: BenchServer, bundle: string): Promise<string[]> {
  const modules = modulesByLine(bundle);
  const rows = ROWS.toLocaleString('en-US');
  return onFreshPage(browser, server, 'rest-slice', ROWS, 'CPU profile of rest-slice', async (session) => {
    await session.mount();
    await session.idle();
    await session.select(ROWS / 2);
    await session.idle();
    await session.rename('Warm-up');
    await session.idle();
    const { cdp } = session;
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });

    server.hold(true);
    await cdp.send('Profiler.start');
    const renameMs = await session.rename('Profiled');
    const renamed = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    server.hold(false);
    await session.idle();

    // Selection is a short click: one profile of it is mostly sampling noise, so SELECTIONS of them are summed.
    const selectMs: number[] = [];
    await cdp.send('Profiler.start');
    for (let i = 1; i <= SELECTIONS; i++) selectMs.push(await session.select(ROWS / 2 + i));
    const selected = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    await session.idle();
    const medianMs = median(selectMs);
    return [
      ...summarize(`browser › CPU profile of rest-slice: update 1 of ${rows} rows (${renameMs.toFixed(1)} ms to DOM while profiled)`, renamed.profile, modules),
      ...summarize(
        `browser › CPU profile of rest-slice: select another row of ${rows}, ${SELECTIONS} times (median ${medianMs.toFixed(1)} ms to DOM while profiled)`,
        selected.profile,
        modules,
      ),
    ];
  });
}
