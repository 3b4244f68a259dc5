// The schema suite: normalize and denormalize of the peers' benchmark data
// (data/README.md), rest-slice against normalizr 3.6.2, @data-client/normalizr
// 0.10.0 and hand-written loops, each row measured side by side in one run.
import * as dataClient from '@data-client/normalizr';
import * as normalizr from 'normalizr';
import { dataClientSchemas, loadData, normalizrSchemas, type ProjectsData, type UserData } from './fixtures';
import { measure, type MeasureTask, type SuiteOptions } from './measure';
import type { ReportTable } from './report';
import { checkDenormalizedProjects, checkDenormalizedUser, checkNormalizedProjects } from './schema.checks';
import { floorDenormalize, floorDenormalizeUser, floorNormalize, floorNormalizeUser } from './schema.floor';

const NORMALIZR = 'normalizr 3.6.2';
const DATA_CLIENT = '@data-client/normalizr 0.10.0';
const REST_SLICE = 'rest-slice';
const FLOOR = 'floor (hand-written loops)';

/** Denormalize calls of the one user per measured operation in the short rows. */
export const SHORT_CALLS = 500;

type Data = { projects: ProjectsData; user: UserData };

/** One library's entry points, bound to its own normalized copy of the data. */
interface SchemaAdapter {
  name: string;
  normalizeLong: () => unknown;
  denormalizeLong: () => unknown;
  denormalizeShort: () => unknown;
  /** The memoized path; absent when the library has none. */
  memo?: { denormalizeLong: () => unknown; denormalizeShort: () => unknown };
}

function normalizrAdapter({ projects, user }: Data): SchemaAdapter {
  const long = normalizr.normalize(projects, normalizrSchemas.projects);
  const short = normalizr.normalize(user, normalizrSchemas.user);
  return {
    name: NORMALIZR,
    normalizeLong: () => normalizr.normalize(projects, normalizrSchemas.projects),
    denormalizeLong: () => normalizr.denormalize(long.result, normalizrSchemas.projects, long.entities),
    denormalizeShort: () => normalizr.denormalize(short.result, normalizrSchemas.user, short.entities),
  };
}

function dataClientAdapter({ projects, user }: Data): SchemaAdapter {
  const long = dataClient.normalize(projects, dataClientSchemas.projects);
  const short = dataClient.normalize(user, dataClientSchemas.user);
  // Shaped as @data-client/core's Controller keeps them: entity caches shared, one result cache per query.
  const entityCache: dataClient.DenormalizeCache['entities'] = {};
  const longResults = new dataClient.WeakEntityMap();
  const shortResults = new dataClient.WeakEntityMap();
  return {
    name: DATA_CLIENT,
    normalizeLong: () => dataClient.normalize(projects, dataClientSchemas.projects),
    denormalizeLong: () => dataClient.denormalize(long.result, dataClientSchemas.projects, long.entities),
    denormalizeShort: () => dataClient.denormalize(short.result, dataClientSchemas.user, short.entities),
    memo: {
      denormalizeLong: () =>
        dataClient.denormalizeCached(long.result, dataClientSchemas.projects, long.entities, entityCache, longResults)
          .data,
      denormalizeShort: () =>
        dataClient.denormalizeCached(short.result, dataClientSchemas.user, short.entities, entityCache, shortResults)
          .data,
    },
  };
}

/** Loads the built package lazily: while it does not build, the peers are still measured. */
async function restSliceAdapter({ projects, user }: Data): Promise<SchemaAdapter> {
  // MemoCache is internal (the store's memo): built from src/ as dist/ is, reading the built package's schemas.
  const [{ restSliceSchemas }, restSlice, MemoCache] = await Promise.all([
    import('./fixtures.rest-slice'),
    import('rest-slice'),
    import('./internalBuild').then((internal) => internal.loadBuiltMemoCache()),
  ]);
  const long = restSlice.normalize(restSliceSchemas.projects, projects);
  const short = restSlice.normalize(restSliceSchemas.user, user);
  const memo = new MemoCache();
  return {
    name: REST_SLICE,
    normalizeLong: () => restSlice.normalize(restSliceSchemas.projects, projects),
    denormalizeLong: () => restSlice.denormalize(restSliceSchemas.projects, long.result, long.entities),
    denormalizeShort: () => restSlice.denormalize(restSliceSchemas.user, short.result, short.entities),
    memo: {
      denormalizeLong: () => memo.denormalize(restSliceSchemas.projects, long.result, long.entities),
      denormalizeShort: () => memo.denormalize(restSliceSchemas.user, short.result, short.entities),
    },
  };
}

function floorAdapter({ projects, user }: Data): SchemaAdapter {
  const long = floorNormalize(projects);
  const short = floorNormalizeUser(user);
  return {
    name: FLOOR,
    normalizeLong: () => floorNormalize(projects),
    denormalizeLong: () => floorDenormalize(long),
    denormalizeShort: () => floorDenormalizeUser(short),
  };
}

/** What a row times for one adapter, and whether two calls must return the same object. */
interface Selected {
  fn: () => unknown;
  memoized: boolean;
}

interface RowSpec {
  name: string;
  /** Function to time for an adapter; undefined leaves the adapter out of the row. */
  select: (adapter: SchemaAdapter) => Selected | undefined;
  check: (output: unknown, data: Data) => string | undefined;
  /** Calls of the selected function per measured operation. */
  calls: number;
  notes: string[];
}

const uncached = (fn: () => unknown): Selected => ({ fn, memoized: false });

/** normalizr 3.6.2 has no memo; its plain denormalize stands in, as in data-client's published ratios. */
function memoized(pick: (memo: NonNullable<SchemaAdapter['memo']>) => () => unknown, plain: (a: SchemaAdapter) => () => unknown) {
  return (adapter: SchemaAdapter): Selected | undefined => {
    if (adapter.memo) return { fn: pick(adapter.memo), memoized: true };
    return adapter.name === NORMALIZR ? uncached(plain(adapter)) : undefined;
  };
}

const memoNotes = [
  `${NORMALIZR} has no memoization: its figure is its uncached denormalize, the baseline data-client's published ratios use.`,
  'no floor: a memo hit returns the object built before, so there is no loop to write.',
];
const shortNote = `one op = ${SHORT_CALLS} denormalize calls of the single user result.`;

const rows: RowSpec[] = [
  {
    name: 'normalize long',
    select: (a) => uncached(a.normalizeLong),
    check: (output, data) => checkNormalizedProjects(output, data.projects),
    calls: 1,
    notes: [],
  },
  {
    name: 'denormalize long',
    select: (a) => uncached(a.denormalizeLong),
    check: (output, data) => checkDenormalizedProjects(output, data.projects),
    calls: 1,
    notes: [],
  },
  {
    name: 'denormalize long (memoized)',
    select: memoized((memo) => memo.denormalizeLong, (a) => a.denormalizeLong),
    check: (output, data) => checkDenormalizedProjects(output, data.projects),
    calls: 1,
    notes: memoNotes,
  },
  {
    name: `denormalize short ×${SHORT_CALLS}`,
    select: (a) => uncached(a.denormalizeShort),
    check: (output, data) => checkDenormalizedUser(output, data.user),
    calls: SHORT_CALLS,
    notes: [shortNote],
  },
  {
    name: `denormalize short ×${SHORT_CALLS} (memoized)`,
    select: memoized((memo) => memo.denormalizeShort, (a) => a.denormalizeShort),
    check: (output, data) => checkDenormalizedUser(output, data.user),
    calls: SHORT_CALLS,
    notes: [shortNote, ...memoNotes],
  },
];

// Every result is stored here so the engine cannot drop a call whose value goes unused.
let sink: unknown;

/** Calls the function twice and checks the output and the memo contract; returns a problem or undefined. */
function verify(row: RowSpec, selected: Selected, data: Data): string | undefined {
  const first = selected.fn();
  const second = selected.fn();
  const problem = row.check(second, data);
  if (problem) return problem;
  if (selected.memoized && first !== second) return 'two calls with the same inputs returned different objects: the memo missed';
  if (!selected.memoized && first === second) return 'two calls returned the same object: this row must not be cached';
  return undefined;
}

function toTask(name: string, fn: () => unknown, calls: number): MeasureTask {
  if (calls === 1) return { name, fn: () => void (sink = fn()) };
  return {
    name,
    fn: () => {
      for (let i = 0; i < calls; i++) sink = fn();
    },
  };
}

/** Runs the schema rows the filter lets through; one table per row. */
export async function runSchemaBench(options: SuiteOptions): Promise<ReportTable[]> {
  const selectedRows = rows.filter((row) => options.includes(`schema: ${row.name}`));
  if (selectedRows.length === 0) return [];
  const data = loadData();
  const adapters = [normalizrAdapter(data), dataClientAdapter(data)];
  const sharedNotes: string[] = [];
  try {
    adapters.push(await restSliceAdapter(data));
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const missing = isModuleNotFound(error);
    const message = missing ? `${REST_SLICE}: not built yet (${reason})` : `${REST_SLICE}: failed to load, skipped: ${reason}`;
    console.log(message + '\n');
    sharedNotes.push(missing ? `${REST_SLICE}: not built yet` : `${REST_SLICE}: failed to load`);
  }
  adapters.push(floorAdapter(data));

  const tables: ReportTable[] = [];
  for (const row of selectedRows) {
    process.stderr.write(`schema: ${row.name} …\n`);
    const tasks: MeasureTask[] = [];
    const notes = [...row.notes, ...sharedNotes];
    for (const adapter of adapters) {
      const selected = row.select(adapter);
      if (!selected) continue;
      const problem = verify(row, selected, data);
      if (problem) {
        console.error(`✗ ${adapter.name} — schema: ${row.name}: ${problem}`);
        notes.push(`${adapter.name} left out: its output failed the check`);
        process.exitCode = 1;
        continue;
      }
      tasks.push(toTask(adapter.name, selected.fn, row.calls));
    }
    tables.push({ title: `schema: ${row.name}`, rows: await measure(tasks, options), baselines: [NORMALIZR, DATA_CLIENT], notes });
  }
  void sink;
  return tables;
}

function isModuleNotFound(error: unknown): boolean {
  // require() says MODULE_NOT_FOUND, the ESM loader (tsx's dynamic import) ERR_MODULE_NOT_FOUND.
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND';
}
