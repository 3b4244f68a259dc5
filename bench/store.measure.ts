// Like measure.ts, with untimed per-iteration hooks: rows that must keep the
// store in a steady state (100 pending optimistic updates) undo each timed
// operation in `afterEach`, outside the timed window.
import { Bench } from 'tinybench';
import type { SuiteOptions } from './measure';
import type { ReportRow } from './report';

export interface HookedTask {
  name: string;
  fn: () => void;
  /** Runs after every iteration (warmup included), not timed. */
  afterEach?: () => void;
}

/** Times the tasks side by side; same settings as measure.ts. @throws when a task throws. */
export async function measureHooked(
  tasks: HookedTask[],
  options: SuiteOptions,
  /** Fewer minimum iterations for rows where one op of a peer takes about a second. */
  minimum: { iterations: number; warmupIterations: number } = { iterations: 8, warmupIterations: 4 },
): Promise<ReportRow[]> {
  const bench = new Bench({
    time: options.timeMs,
    warmupTime: Math.max(10, options.timeMs / 4),
    iterations: minimum.iterations,
    warmupIterations: minimum.warmupIterations,
    throws: true,
  });
  for (const task of tasks) bench.add(task.name, task.fn, task.afterEach ? { afterEach: task.afterEach } : undefined);
  await bench.run();
  return bench.tasks.map((task) => {
    const result = task.result;
    if (result.state !== 'completed') {
      throw new Error(`[bench] task '${task.name}' ended as '${result.state}', expected 'completed'`);
    }
    return { name: task.name, hz: 1000 / result.period, rme: result.latency.rme };
  });
}

/** Mean time per operation, readable: `12.3 µs`, `4.56 ms`, `1.23 s`. */
export function formatPeriod(hz: number): string {
  const ms = 1000 / hz;
  if (ms < 1) return `${(ms * 1000).toPrecision(3)} µs`;
  if (ms < 1000) return `${ms.toPrecision(3)} ms`;
  return `${(ms / 1000).toPrecision(3)} s`;
}
