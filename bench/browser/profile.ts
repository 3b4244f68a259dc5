// A CPU profile (CDP Profiler) of rest-slice's "update 1 of 10,000 rows" click, summarized as the
// functions with the most self time and the self time per package. The profiled bundle is not
// minified, so it keeps function names and esbuild's `// <module path>` comment before each module.
import type { Browser } from 'playwright-core';
import { openPage } from './scenarios';
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

/**
 * Profiles one rename of a 10,000-row list in the rest-slice app (its answer held until the profile
 * stops, so only the click's own work is in it); resolves to printable lines.
 */
export async function profileUpdateClick(browser: Browser, server: BenchServer, bundle: string): Promise<string[]> {
  const modules = modulesByLine(bundle);
  const context = await browser.newContext();
  try {
    const session = await openPage(context, server, 'rest-slice', ROWS);
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
    const ms = await session.rename('Profiled');
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    server.hold(false);
    await session.idle();

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
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP);
    const line = ([key, micros]: [string, number]) => `  ${(micros / 1000).toFixed(2).padStart(7)}   ${((micros / total) * 100).toFixed(1).padStart(4)}%   ${key}`;
    return [
      `browser › CPU profile of rest-slice's click "update 1 of ${ROWS.toLocaleString('en-US')} rows" (${ms.toFixed(1)} ms to DOM; ${(total / 1000).toFixed(1)} ms of non-idle samples until the profiler stopped; (program) is the browser's own work: style, layout, event dispatch)`,
      '  self ms   share   function  [package or file:line of the readable bundle]',
      ...top.map(line),
      '  self ms   share   package',
      ...[...perModule.entries()].sort((a, b) => b[1] - a[1]).map(line),
      '',
    ];
  } finally {
    await context.close();
  }
}
