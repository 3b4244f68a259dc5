import { Bench } from 'tinybench';
import type { ReportRow, ReportTable } from './report';

/** What the runner hands every suite. */
export interface SuiteOptions {
  /** Whether a row (matched as `<suite>: <row>`) should run; from `--filter`. */
  includes: (qualifiedRowName: string) => boolean;
  /** Time budget per task in milliseconds (`BENCH_TIME_MS`, default 1000). */
  timeMs: number;
}

/** A suite's entry: measures every row the filter lets through; resolves to one table per row. */
export type SuiteRun = (options: SuiteOptions) => Promise<ReportTable[]>;

/** One library's task in a row. */
export interface MeasureTask {
  name: string;
  fn: () => void;
}

/**
 * Times tasks side by side with tinybench, in one process and one run.
 *
 * ops/s is `1000 / mean latency` (tinybench's `period`), which stays stable for
 * slow tasks where a mean of per-sample throughputs would not; `rme` is the
 * latency's relative margin of error.
 *
 * @throws when a task throws: a broken adapter must not pass for a slow one.
 */
export async function measure(tasks: MeasureTask[], options: SuiteOptions): Promise<ReportRow[]> {
  const bench = new Bench({
    time: options.timeMs,
    warmupTime: Math.max(10, options.timeMs / 4),
    iterations: 8,
    warmupIterations: 4,
    throws: true,
  });
  for (const task of tasks) bench.add(task.name, task.fn);
  await bench.run();
  return bench.tasks.map((task) => {
    const result = task.result;
    if (result.state !== 'completed') {
      throw new Error(`[bench] task '${task.name}' ended as '${result.state}', expected 'completed'`);
    }
    return { name: task.name, hz: 1000 / result.period, rme: result.latency.rme };
  });
}
