// The store suite's development rows: run in a child process with
// NODE_ENV=development (store.development.run.ts), since the libraries pick
// their development or production code when they load.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { SuiteOptions } from './measure';
import type { ReportTable } from './report';
import type { DevelopmentRequest, DevelopmentResult } from './store.development.run';
import { formatPeriod } from './store.measure';

const REST_SLICE = 'rest-slice · configureStore defaults';
const DATA_CLIENT_RTK = '@data-client/core 0.10.0 · configureStore defaults';
const DATA_CLIENT = '@data-client/core 0.10.0';
const RTK_QUERY = '@reduxjs/toolkit/query 2.x · configureStore defaults';
/** The round trip's sides without RTK's checks (development builds still). */
const REST_SLICE_UNCHECKED = 'rest-slice';
const RTK_QUERY_UNCHECKED = '@reduxjs/toolkit/query 2.x';

/** The development rows, by the size of the Project table. */
export const developmentRows = {
  projects: { size: 709, name: 'development: update one entity + re-read the list (709 projects)' },
  large: { size: 10_000, name: 'development: update one entity + re-read the list at 10,000 entities (RTK check warnings)' },
};

/** The development round trip row. */
export const developmentRoundTrip = 'development: round trip (709 projects)';

/** Runs the development rows the filter lets through, each side in the same child process. */
export function runDevelopmentRows(options: SuiteOptions): ReportTable[] {
  const wanted = Object.values(developmentRows).filter((row) => options.includes(`store: ${row.name}`));
  const roundTrip = options.includes(`store: ${developmentRoundTrip}`);
  if (wanted.length === 0 && !roundTrip) return [];
  const request: DevelopmentRequest = { sizes: wanted.map((row) => row.size), roundTrip, timeMs: options.timeMs };
  // The same node and loader (tsx) as this process, only NODE_ENV differs.
  const child = spawnSync(process.execPath, [...process.execArgv, join(__dirname, 'store.development.run.ts')], {
    env: { ...process.env, NODE_ENV: 'development', BENCH_DEVELOPMENT: JSON.stringify(request) },
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  const line = child.stdout.split('\n').find((text) => text.startsWith('TABLES '));
  if (child.status !== 0 || line === undefined) {
    console.error(`✗ store: development rows: the child process failed (exit ${child.status ?? child.signal})`);
    process.exitCode = 1;
    return [];
  }
  const results = JSON.parse(line.slice('TABLES '.length)) as DevelopmentResult[];
  return results.map((result) => {
    const hz = (name: string) => result.rows.find((entry) => entry.name === name)?.hz;
    const ratio = (name: string) => {
      const ours = hz(REST_SLICE);
      const theirs = hz(name);
      return ours && theirs ? `${(ours / theirs).toFixed(2)}×` : '—';
    };
    const checksCost = (checked: string, unchecked: string) => {
      const [slow, fast] = [hz(checked), hz(unchecked)];
      return slow && fast ? formatPeriod(1 / (1 / slow - 1 / fast)) : '—';
    };
    const perOp = `per op: ${result.rows.map((entry) => `${entry.name} ${formatPeriod(entry.hz)}`).join(', ')}`;
    if (result.size === 0) {
      return {
        title: `store: ${developmentRoundTrip}`,
        rows: result.rows,
        baselines: [DATA_CLIENT_RTK, DATA_CLIENT, RTK_QUERY],
        notes: [
          'NODE_ENV=development (a child process), each store as an app in development gets it. one op = a fresh store, setResponse(list, 709 projects), getResponse(list).data; RTK Query: upsertQueryEntries and select() (no normalization).',
          perOp,
          `rest-slice vs Data Client in the same configureStore ${ratio(DATA_CLIENT_RTK)}, vs Data Client without RTK checks ${ratio(DATA_CLIENT)}, vs RTK Query in the same configureStore ${ratio(RTK_QUERY)}`,
          `RTK "took more than 32ms" warnings while timed, all sides: ${result.warnings[0]?.timed ?? 0}`,
          `without RTK's checks (${REST_SLICE_UNCHECKED}, ${RTK_QUERY_UNCHECKED}: getDefaultMiddleware({ serializableCheck: false, immutableCheck: false })), ` +
            `the checks cost rest-slice ${checksCost(REST_SLICE, REST_SLICE_UNCHECKED)} and RTK Query ${checksCost(RTK_QUERY, RTK_QUERY_UNCHECKED)} per op`,
        ],
      };
    }
    const row = wanted.find((candidate) => candidate.size === result.size)!;
    return {
      title: `store: ${row.name}`,
      rows: result.rows,
      baselines: [DATA_CLIENT_RTK, DATA_CLIENT, ...(hz(RTK_QUERY) === undefined ? [] : [RTK_QUERY])],
      notes: [
        'NODE_ENV=development (a child process). one op = setResponse(detail, { id }, one project, renamed), then getResponse(list).data (709 projects)' +
          (result.size > 709 ? `; the Project table is filled to ${result.size.toLocaleString('en-US')} rows first, by setResponse(filler) pages of 1,000.` : '.'),
        perOp,
        `rest-slice vs Data Client in the same configureStore ${ratio(DATA_CLIENT_RTK)}, vs Data Client as its Redux guide wires it (legacy_createStore, no RTK checks) ${ratio(DATA_CLIENT)}` +
          (hz(RTK_QUERY) === undefined
            ? ' (RTK Query has no entity table to grow: it takes part at 709 only)'
            : `, vs RTK Query in the same configureStore (detail upserted + list patched with updateQueryData) ${ratio(RTK_QUERY)}`),
        'RTK "took more than 32ms" warnings, filling / timed: ' +
          result.warnings.map((entry) => `${entry.name} ${entry.filling} / ${entry.timed}`).join(', '),
        'RTK non-serializable reports during the timed run (Data Client puts its endpoint in the action): ' +
          result.warnings.map((entry) => `${entry.name} ${entry.nonSerializable}`).join(', '),
      ],
    };
  });
}
