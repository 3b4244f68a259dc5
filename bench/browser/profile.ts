// A CPU profile (CDP Profiler) of rest-slice's "update 1 of 10,000 rows" click, summarized as the
// functions with the most self time. The bundles keep their names (not minified identifiers).
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

/** Profiles one rename of a 10,000-row list in the rest-slice app; resolves to printable lines. */
export async function profileUpdateClick(browser: Browser, server: BenchServer): Promise<string[]> {
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
    await cdp.send('Profiler.start');
    const ms = await session.rename('Profiled');
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    await session.idle();

    const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
    const self = new Map<string, number>();
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    let total = 0;
    for (let i = 0; i < samples.length; i++) {
      const frame = byNode.get(samples[i])?.callFrame;
      // A sample's time is the gap to the next sample.
      const micros = deltas[i + 1] ?? 0;
      if (!frame || frame.functionName === '(idle)') continue;
      const file = frame.url === '' ? '' : ` ${frame.url.slice(frame.url.lastIndexOf('/') + 1)}:${frame.columnNumber}`;
      const key = `${frame.functionName || '(anonymous)'}${file}`;
      self.set(key, (self.get(key) ?? 0) + micros);
      total += micros;
    }
    const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP);
    return [
      `browser › CPU profile of rest-slice's click "update 1 of ${ROWS.toLocaleString('en-US')} rows" (${ms.toFixed(1)} ms to DOM; ${(total / 1000).toFixed(1)} ms of non-idle samples until the profiler stopped)`,
      '  self ms   share   function (bundle:column)',
      ...top.map(([key, micros]) => `  ${(micros / 1000).toFixed(2).padStart(7)}   ${((micros / total) * 100).toFixed(1).padStart(4)}%   ${key}`),
      '',
    ];
  } finally {
    await context.close();
  }
}
