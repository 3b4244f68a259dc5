// The development rows of the store suite, run in a child process with
// NODE_ENV=development (libraries read it when their modules load, so the
// parent's production build cannot be switched): each store as an app in
// development gets it, RTK's `configureStore` defaults (serializableCheck and
// immutableCheck on). Data Client is measured in the same store and, as its
// Redux guide wires it, in redux's legacy_createStore (no RTK checks).
// Prints one line `TABLES <json>` with the rows (see store.development.ts).
import { loadData, type ProjectData } from './fixtures';
import type { ReportRow } from './report';
import { dataClientStoreAdapter } from './store.data-client';
import type { StoreAdapter } from './store.harness';
import { measureHooked } from './store.measure';
import { restSliceStoreAdapter } from './store.rest-slice';
import { rtkQueryStoreAdapter } from './store.rtk-query';

/** What the parent asks for and gets back. */
export interface DevelopmentRequest {
  /** Project table sizes to run the update row at (709 = the list alone). */
  sizes: number[];
  /** Also the round trip (a fresh store, 709 projects set and read back), each side in its development setup. */
  roundTrip?: boolean;
  timeMs: number;
}

export interface DevelopmentResult {
  /** The Project table size of an update row; 0 for the round trip. */
  size: number;
  rows: ReportRow[];
  /** RTK "took more than 32ms" warnings per side: while the store was filled, and during the timed run; and its non-serializable reports. */
  warnings: { name: string; filling: number; timed: number; nonSerializable: number }[];
}

let sink: unknown;

function synthetic(count: number): ProjectData[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `Synthetic_${i}`,
    internalId: `synthetic${i}`,
    name: `Synthetic project ${i}`,
    parentProjectId: '_Root',
    archived: false,
    buildTypes: { buildType: [] },
  }));
}

// RTK's checks report through the console: each report is counted for the side whose store is being driven.
let warned = 0;
let nonSerializable = 0;
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('which is more than the warning threshold')) warned++;
  else process.stderr.write(`${args.map(String).join(' ')}\n`);
};
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('A non-serializable value was detected')) nonSerializable++;
  else process.stderr.write(`${args.map(String).join(' ')}\n`);
};

/** Fills the Project table in pages of 1,000, as an app that loads a large table page by page does. */
const PAGE = 1_000;

async function main(): Promise<void> {
  const request = JSON.parse(process.env.BENCH_DEVELOPMENT ?? '{}') as DevelopmentRequest;
  const { projects } = loadData();
  const list = projects.project;
  const adapters: Pick<StoreAdapter, 'name' | 'createStore' | 'roundTrip'>[] = [
    restSliceStoreAdapter({ defaultChecks: true }),
    dataClientStoreAdapter({ configureStore: true }),
    dataClientStoreAdapter(),
    // RTK Query keeps no entity table: its update is the detail upserted and the list patched by hand.
    rtkQueryStoreAdapter({ defaultChecks: true }) as unknown as StoreAdapter,
  ];
  const results: DevelopmentResult[] = [];
  if (request.roundTrip === true) {
    process.stderr.write('store: development, round trip (709 projects) …\n');
    // rest-slice and RTK Query also without RTK's checks (still development builds): what the checks cost each, and what
    // the library's own work is beside them.
    const sides = [...adapters, restSliceStoreAdapter(), rtkQueryStoreAdapter() as unknown as StoreAdapter];
    const tasks = sides.map((adapter) => ({ name: adapter.name, fn: () => void (sink = adapter.roundTrip(projects)) }));
    for (const adapter of sides) {
      const read = adapter.roundTrip(projects) as { project?: unknown[] } | undefined;
      if (read?.project?.length !== list.length) throw new Error(`[bench] ${adapter.name} read back ${read?.project?.length ?? 'nothing'} projects`);
    }
    warned = 0;
    nonSerializable = 0;
    const rows = await measureHooked(tasks, { includes: () => true, timeMs: request.timeMs });
    results.push({ size: 0, rows, warnings: [{ name: 'all sides', filling: 0, timed: warned, nonSerializable }] });
  }
  for (const size of request.sizes) {
    process.stderr.write(`store: development, update one entity + re-read the list, ${size} entities …\n`);
    const filler = synthetic(Math.max(0, size - list.length));
    const warnings: DevelopmentResult['warnings'] = [];
    const timedWarnings = new Map<string, number>();
    const timedReports = new Map<string, number>();
    const tasks = adapters.map((adapter) => {
      warned = 0;
      nonSerializable = 0;
      const harness = adapter.createStore();
      harness.setList(projects);
      const fills = 'setFiller' in harness;
      if (!fills && size > list.length) return undefined;
      for (let start = 0; start < filler.length; start += PAGE) harness.setFiller({ project: filler.slice(start, start + PAGE) });
      if (fills && harness.projectCount() !== Math.max(size, list.length)) {
        throw new Error(`[bench] ${adapter.name} holds ${harness.projectCount()} projects, expected ${size}`);
      }
      warnings.push({ name: adapter.name, filling: warned, timed: 0, nonSerializable: 0 });
      let toggle = 0;
      return {
        name: adapter.name,
        fn: () => {
          const before = warned;
          const reports = nonSerializable;
          harness.setDetail({ ...list[5], name: `renamed ${toggle++ % 2}` });
          sink = harness.readList();
          if (warned !== before) timedWarnings.set(adapter.name, (timedWarnings.get(adapter.name) ?? 0) + warned - before);
          if (nonSerializable !== reports) timedReports.set(adapter.name, (timedReports.get(adapter.name) ?? 0) + nonSerializable - reports);
        },
        check: () => {
          harness.setDetail({ ...list[5], name: 'checked' });
          const read = harness.readList();
          if (read?.project[5]?.name !== 'checked') throw new Error(`[bench] ${adapter.name} reads '${read?.project[5]?.name}' after the update`);
        },
      };
    }).filter((task) => task !== undefined);
    for (const task of tasks) task.check();
    const rows = await measureHooked(tasks, { includes: () => true, timeMs: request.timeMs });
    for (const entry of warnings) {
      entry.timed = timedWarnings.get(entry.name) ?? 0;
      entry.nonSerializable = timedReports.get(entry.name) ?? 0;
    }
    results.push({ size, rows, warnings });
  }
  void sink;
  process.stdout.write(`TABLES ${JSON.stringify(results)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
