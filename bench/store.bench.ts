// The store suite: rest-slice's createRestCache in an RTK store against
// @data-client/core 0.10.0's Controller + createReducer in a Redux store,
// side by side in one run. No HTTP is sent: responses go in through
// controller.setResponse / controller.resolve, and the PATCHes whose
// optimistic updates stay pending use a fetch that never settles.
import { loadData, type ProjectData, type ProjectsData } from './fixtures';
import type { SuiteOptions } from './measure';
import type { ReportRow, ReportTable } from './report';
import { dataClientStoreAdapter } from './store.data-client';
import { runDevelopmentRows } from './store.development';
import type { StoreAdapter, StoreHarness } from './store.harness';
import { formatPeriod, measureHooked, type HookedTask } from './store.measure';
import { RTK_QUERY, rtkQueryStoreAdapter } from './store.rtk-query';

const REST_SLICE = 'rest-slice';
const DATA_CLIENT = '@data-client/core 0.10.0';
const PENDING = 100;
/** Reads of one small result per op in the memoized-read row. */
const READS = 500;
const SIZES = [1_000, 10_000, 100_000];
/** Minimum iterations of the rows where data-client needs ~1 s per op, to keep the suite near 90 s. */
const SLOW = { iterations: 3, warmupIterations: 1 };

// Every result is stored here so the engine cannot drop a read whose value goes unused.
let sink: unknown;

/** Thrown by a check: the adapter's output is not what the row expects. */
class CheckFailed extends Error {}

function expect(condition: boolean, message: string): void {
  if (!condition) throw new CheckFailed(message);
}

function checkList(harness: Pick<StoreHarness, 'readList'>, projects: readonly ProjectData[], changed?: { index: number; name: string }): void {
  const data = harness.readList();
  expect(data !== undefined && Array.isArray(data.project), `the list read back is ${data === undefined ? 'undefined' : 'not { project: [] }'}`);
  const list = data!.project;
  expect(list.length === projects.length, `the list has ${list.length} projects, expected ${projects.length}`);
  const buildTypes = list.reduce((n, p) => n + (p.buildTypes?.buildType?.length ?? 0), 0);
  const expectedBuildTypes = projects.reduce((n, p) => n + p.buildTypes.buildType.length, 0);
  expect(buildTypes === expectedBuildTypes, `the list holds ${buildTypes} build types, expected ${expectedBuildTypes}`);
  expect(list.every((p, i) => p.id === projects[i].id), 'the list is not the projects in order');
  if (changed) {
    const seen = list[changed.index].name;
    expect(seen === changed.name, `project #${changed.index} reads '${seen}', expected '${changed.name}'`);
  }
}

function synthetic(count: number): ProjectData[] {
  const out: ProjectData[] = [];
  for (let i = 0; i < count; i++) {
    out.push({
      id: `Synthetic_${i}`,
      internalId: `synthetic${i}`,
      name: `Synthetic project ${i}`,
      parentProjectId: '_Root',
      archived: false,
      buildTypes: { buildType: [] },
    });
  }
  return out;
}

interface Side {
  adapter: StoreAdapter;
}

/** A row's task for one side: its operation, an optional untimed undo, and a check run before timing. */
interface SideTask extends HookedTask {
  check?: () => void;
}

/** Runs each side's check; a side that fails is left out (✗ on stderr, exit code 1). */
async function runRow(
  title: string,
  tasks: SideTask[],
  options: SuiteOptions,
  notes: string[],
  slow = false,
): Promise<{ rows: ReportRow[]; notes: string[] }> {
  const kept: HookedTask[] = [];
  for (const task of tasks) {
    try {
      task.check?.();
      kept.push(task);
    } catch (error) {
      console.error(`✗ ${task.name} — ${title}: ${(error as Error).message}`);
      notes.push(`${task.name} left out: its output failed the check`);
      process.exitCode = 1;
    }
  }
  if (slow) notes.push(`at least ${SLOW.iterations} timed iterations after ${SLOW.warmupIterations} warmup (not 8 + 4): one op of a peer takes up to a second here.`);
  return { rows: await measureHooked(kept, options, slow ? SLOW : undefined), notes };
}

function perOpNote(rows: ReportRow[]): string {
  return 'per op: ' + rows.map((row) => `${row.name} ${formatPeriod(row.hz)}`).join(', ');
}

/** Runs the store rows the filter lets through. */
export async function runStoreBench(options: SuiteOptions): Promise<ReportTable[]> {
  const wanted = (row: string) => options.includes(`store: ${row}`);
  const rowNames = {
    roundTrip: 'round trip (709 projects)',
    refetch: 'refetch into the same store (709 projects)',
    userReads: `one user read ${READS} times (memoized)`,
    update: 'update one entity + re-read the list',
    memoHit: `${PENDING} pending optimistic: read the view (memo hit)`,
    change: `${PENDING} pending optimistic: confirmed change beneath + read`,
    add: `${PENDING} pending optimistic: add one + read`,
    resolve: `${PENDING} pending optimistic: resolve the oldest + read`,
  };
  if (!Object.values(rowNames).some(wanted)) return runDevelopmentRows(options);

  const { projects: data } = loadData();
  const projects = data.project;
  const sides: Side[] = [{ adapter: dataClientStoreAdapter() }];
  const sharedNotes: string[] = ['RTK dev checks (serializableCheck, immutableCheck) are off on the rest-slice store; NODE_ENV=production on both.'];
  try {
    const { restSliceStoreAdapter } = await import('./store.rest-slice');
    sides.unshift({ adapter: restSliceStoreAdapter() });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    console.log(`${REST_SLICE}: failed to load, skipped: ${reason}\n`);
    sharedNotes.push(`${REST_SLICE}: failed to load`);
  }
  const rtk = rtkQueryStoreAdapter();
  const tables: ReportTable[] = [];
  const table = (title: string, result: { rows: ReportRow[]; notes: string[] }, extra: string[] = []) =>
    tables.push({ title: `store: ${title}`, rows: result.rows, baselines: [DATA_CLIENT], notes: [perOpNote(result.rows), ...extra, ...result.notes] });

  // 1. Round trip: a fresh store per op, the 709-project response set into it and read back.
  if (wanted(rowNames.roundTrip)) {
    process.stderr.write(`store: ${rowNames.roundTrip} …\n`);
    const tasks: SideTask[] = sides.map(({ adapter }) => ({
      name: adapter.name,
      fn: () => void (sink = adapter.roundTrip(data)),
      check: () => {
        const out = adapter.roundTrip(data) as { project: unknown[] } | undefined;
        expect(out?.project?.length === projects.length, `read back ${out?.project?.length ?? 'nothing'} projects, expected ${projects.length}`);
        const harness = adapter.createStore();
        harness.setList(data);
        checkList(harness, projects);
      },
    }));
    tasks.push({
      name: RTK_QUERY,
      fn: () => void (sink = rtk.roundTrip(data)),
      check: () => checkList({ readList: () => rtk.roundTrip(data) }, projects),
    });
    table(rowNames.roundTrip, await runRow(rowNames.roundTrip, tasks, options, [...sharedNotes]), [
      'one op = create the store and its controller, setResponse(list, 709 projects with 2,117 build types), getResponse(list).data.',
      `${RTK_QUERY}: the same response put in with upsertQueryEntries and read with select(): it stores the JSON as it came (no normalization, no Entity instances), so it does less work by design.`,
    ]);
  }

  // 1b. The same response again into a store that holds it: normalize-and-merge over existing rows, then a full re-read.
  if (wanted(rowNames.refetch)) {
    process.stderr.write(`store: ${rowNames.refetch} …\n`);
    const tasks: SideTask[] = sides.map(({ adapter }) => {
      const harness = adapter.createStore();
      harness.setList(data);
      return {
        name: adapter.name,
        fn: () => {
          harness.setList(data);
          sink = harness.readList();
        },
        // rest-slice keeps the objects of data that came again unchanged (as RTK Query's structural sharing
        // does); Data Client gives new ones. Either way the response is normalized and merged each time.
        check: () => {
          harness.setList(data);
          checkList(harness, projects);
        },
      };
    });
    const rtkHarness = rtk.createStore();
    rtkHarness.setList(data);
    tasks.push({
      name: RTK_QUERY,
      fn: () => {
        rtkHarness.setList(data);
        sink = rtkHarness.readList();
      },
      check: () => {
        rtkHarness.setList(data);
        checkList(rtkHarness, projects);
      },
    });
    table(rowNames.refetch, await runRow(rowNames.refetch, tasks, options, []), [
      'one op = setResponse(list, the same 709 projects) into a store that holds them, then getResponse(list).data.',
      `${RTK_QUERY}: upsertQueryEntries of the same response (its entry replaced as a whole), then select().`,
    ]);
  }

  // 1c. One small result read many times from the same state: what a list of components reading one user pays.
  if (wanted(rowNames.userReads)) {
    process.stderr.write(`store: ${rowNames.userReads} …\n`);
    const { user } = loadData();
    const readers: { name: string; setUser(data: typeof user): void; readUser(): unknown }[] = [
      ...sides.map(({ adapter }) => ({ name: adapter.name, ...adapter.createStore() })),
      { name: RTK_QUERY, ...rtk.createStore() },
    ];
    const tasks: SideTask[] = readers.map((reader) => {
      reader.setUser(user);
      return {
        name: reader.name,
        fn: () => {
          for (let i = 0; i < READS; i++) sink = reader.readUser();
        },
        check: () => {
          const first = reader.readUser() as { login?: string } | undefined;
          expect(first?.login === user.login, `the user read back has login '${first?.login}', expected '${user.login}'`);
          expect(reader.readUser() === first, 'two reads of the same state returned different objects');
        },
      };
    });
    table(rowNames.userReads, await runRow(rowNames.userReads, tasks, options, []), [
      `one op = ${READS} reads of one user's result from the same state: rest-slice cache.selectResponse(state, user).data, ` +
        `Data Client controller.getResponse(user, state).data, ${RTK_QUERY} api.endpoints.user.select()(state).data.`,
    ]);
  }

  // 2. One entity updated, the list re-read, with the Project table grown to 1k, 10k, 100k rows.
  if (wanted(rowNames.update)) {
    const filler = synthetic(SIZES[SIZES.length - 1] - projects.length);
    const target = 5;
    const rows: ReportRow[] = [];
    const notes: string[] = [];
    const bySize: { size: number; rows: ReportRow[] }[] = [];
    for (const size of SIZES) {
      process.stderr.write(`store: ${rowNames.update}, ${size} entities …\n`);
      let toggle = 0;
      const tasks: SideTask[] = sides.map(({ adapter }) => {
        const harness = adapter.createStore();
        harness.setList(data);
        harness.setFiller({ project: filler.slice(0, size - projects.length) });
        const update = () => {
          const name = `renamed ${toggle++ % 2}`;
          harness.setDetail({ ...projects[target], name });
          return name;
        };
        return {
          name: `${adapter.name} · ${size / 1000}k`,
          fn: () => {
            update();
            sink = harness.readList();
          },
          check: () => {
            expect(harness.projectCount() === size, `the store holds ${harness.projectCount()} projects, expected ${size}`);
            const before = harness.readList();
            const name = update();
            checkList(harness, projects, { index: target, name });
            const after = harness.readList()!;
            expect(after !== before, 'the list kept its object after one of its projects changed');
            expect(after.project[target + 1] === before!.project[target + 1], 'an unchanged project lost its identity');
          },
        };
      });
      const result = await runRow(`${rowNames.update}, ${size} entities`, tasks, options, notes, size >= 100_000);
      rows.push(...result.rows);
      bySize.push({ size, rows: result.rows });
    }
    const hzOf = (rowsOf: ReportRow[], prefix: string) => rowsOf.find((r) => r.name.startsWith(prefix))?.hz;
    const growth = (prefix: string) => {
      const first = hzOf(bySize[0].rows, prefix);
      const last = hzOf(bySize[bySize.length - 1].rows, prefix);
      return first && last ? `${(first / last).toFixed(1)}× slower at 100k than at 1k` : '—';
    };
    tables.push({
      title: `store: ${rowNames.update} (Project table at 1k, 10k, 100k rows)`,
      rows,
      baselines: [`${DATA_CLIENT} · 1k`, `${REST_SLICE} · 1k`],
      notes: [
        'one op = setResponse(detail, { id }, one project with its build types, renamed), then getResponse(list).data (709 projects); the rest of the table is synthetic projects set through another endpoint.',
        ...bySize.map(({ size, rows: r }) => {
          const rs = hzOf(r, REST_SLICE);
          const dc = hzOf(r, DATA_CLIENT);
          const ratio = rs && dc ? `${(rs / dc).toFixed(2)}×` : '—';
          return `${size / 1000}k: rest-slice vs data-client ${ratio}; ${perOpNote(r).replace('per op: ', 'per op ')}`;
        }),
        `growth: rest-slice ${growth(REST_SLICE)}, data-client ${growth(DATA_CLIENT)}`,
        ...notes,
      ],
    });
  }

  // 3. 100 pending optimistic updates over the list.
  const optimisticRows = [rowNames.memoHit, rowNames.change, rowNames.add, rowNames.resolve].filter(wanted);
  if (optimisticRows.length > 0) {
    // Updates rename projects 0..699 in turn; the confirmed change of row (a) touches the last project, which no update names.
    const ROTATION = 700;
    const changedIndex = projects.length - 1;
    interface OptimisticSide {
      adapter: StoreAdapter;
      harness: StoreHarness;
      next: number;
      add(): { index: number; name: string };
      resolveOldest(): void;
      /** Adds or resolves until exactly `PENDING` are pending, reading the view after each change. */
      settle(): void;
    }
    const optimisticSides: OptimisticSide[] = sides.map(({ adapter }) => {
      const harness = adapter.createStore();
      harness.setList(data);
      const side: OptimisticSide = {
        adapter,
        harness,
        next: 0,
        add() {
          const index = side.next++ % ROTATION;
          const name = `optimistic ${side.next}`;
          harness.addOptimistic(projects[index].id, name);
          return { index, name };
        },
        resolveOldest() {
          const entry = harness.pending()[0];
          const [params, body] = entry.args as [{ id: string }, { name: string }];
          const project = projects.find((p) => p.id === params.id)!;
          harness.resolve(entry, { ...project, name: body.name });
        },
        settle() {
          // tinybench calls a task once, unhooked, to see whether it is async; this absorbs that call too.
          while (harness.pending().length > PENDING) {
            side.resolveOldest();
            sink = harness.readList();
          }
          while (harness.pending().length < PENDING) {
            side.add();
            sink = harness.readList();
          }
        },
      };
      for (let i = 0; i < PENDING; i++) side.add();
      return side;
    });
    const setupNotes: string[] = [];
    // Before any timing: both sides show the 100 updates over the 709 projects.
    for (const side of optimisticSides) {
      try {
        const pending = side.harness.pending().length;
        expect(pending === PENDING, `${pending} optimistic updates pending, expected ${PENDING}`);
        checkList(side.harness, projects, { index: PENDING - 1, name: `optimistic ${PENDING}` });
        checkList(side.harness, projects, { index: 0, name: 'optimistic 1' });
      } catch (error) {
        console.error(`✗ ${side.adapter.name} — ${PENDING} pending optimistic setup: ${(error as Error).message}`);
        setupNotes.push(`${side.adapter.name} left out: its optimistic view failed the check`);
        process.exitCode = 1;
      }
    }
    const live = optimisticSides.filter((side) => !setupNotes.some((note) => note.startsWith(side.adapter.name)));
    const common = [
      `getOptimisticResponse(snap, { id }, { name }) finds the project in snap.getResponse(list) and returns { id, name }; ${PENDING} such PATCHes of distinct projects stay pending.`,
      ...setupNotes,
    ];

    if (wanted(rowNames.memoHit)) {
      process.stderr.write(`store: ${rowNames.memoHit} …\n`);
      const tasks: SideTask[] = live.map((side) => ({
        name: side.adapter.name,
        fn: () => void (sink = side.harness.readList()),
        check: () => expect(side.harness.readList() === side.harness.readList(), 'two reads of the same state returned different objects'),
      }));
      table(rowNames.memoHit, await runRow(rowNames.memoHit, tasks, options, [...common]), [
        'one op = getResponse(list).data of the same state again.',
      ]);
    }

    if (wanted(rowNames.change)) {
      process.stderr.write(`store: ${rowNames.change} …\n`);
      const tasks: SideTask[] = live.map((side) => {
        let toggle = 0;
        const change = () => {
          const name = `confirmed ${toggle++ % 2}`;
          side.harness.setDetail({ ...projects[changedIndex], name });
          return name;
        };
        return {
          name: side.adapter.name,
          fn: () => {
            change();
            sink = side.harness.readList();
          },
          check: () => {
            const name = change();
            checkList(side.harness, projects, { index: changedIndex, name });
            checkList(side.harness, projects, { index: 0, name: 'optimistic 1' });
            expect(side.harness.pending().length === PENDING, `${side.harness.pending().length} pending, expected ${PENDING}`);
          },
        };
      });
      table(rowNames.change, await runRow(rowNames.change, tasks, options, [...common], true), [
        `one op = setResponse(detail) of a project no update names (the confirmed data changes beneath all ${PENDING} layers), then getResponse(list).data over the view.`,
      ]);
    }

    if (wanted(rowNames.add)) {
      process.stderr.write(`store: ${rowNames.add} …\n`);
      const tasks: SideTask[] = live.map((side) => ({
        name: side.adapter.name,
        fn: () => {
          side.add();
          sink = side.harness.readList();
        },
        // Untimed: back to 100 pending, the way a server answers, with the view read as a UI would.
        afterEach: () => side.settle(),
        check: () => {
          side.settle();
          const added = side.add();
          expect(side.harness.pending().length === PENDING + 1, `${side.harness.pending().length} pending after adding one, expected ${PENDING + 1}`);
          checkList(side.harness, projects, added);
          side.resolveOldest();
          side.harness.readList();
        },
      }));
      table(rowNames.add, await runRow(rowNames.add, tasks, options, [...common], true), [
        `one op = controller.fetch(patch, { id }, { name }) (${PENDING} → ${PENDING + 1} pending), then getResponse(list).data; untimed after each op: the oldest is resolved and the view read, back to ${PENDING}.`,
      ]);
    }

    if (wanted(rowNames.resolve)) {
      process.stderr.write(`store: ${rowNames.resolve} …\n`);
      const tasks: SideTask[] = live.map((side) => ({
        name: side.adapter.name,
        fn: () => {
          side.resolveOldest();
          sink = side.harness.readList();
        },
        afterEach: () => side.settle(),
        check: () => {
          side.settle();
          expect(side.harness.pending().length === PENDING, `${side.harness.pending().length} pending, expected ${PENDING}`);
          const oldest = side.harness.pending()[0];
          const [params, body] = oldest.args as [{ id: string }, { name: string }];
          const index = projects.findIndex((p) => p.id === params.id);
          side.resolveOldest();
          const pending = side.harness.pending();
          expect(pending.length === PENDING - 1, `${pending.length} pending after resolving one, expected ${PENDING - 1}`);
          expect(!pending.some((e) => e.key === oldest.key && e.fetchedAt === oldest.fetchedAt), 'the resolved update is still pending');
          checkList(side.harness, projects, { index, name: body.name });
          side.add();
          side.harness.readList();
        },
      }));
      table(rowNames.resolve, await runRow(rowNames.resolve, tasks, options, [...common], true), [
        `one op = controller.resolve(patch, { args, fetchedAt of the pending entry, response: the full project }) of the oldest (${PENDING} → ${PENDING - 1}), then getResponse(list).data; untimed after each op: one more added and the view read, back to ${PENDING}.`,
      ]);
    }
  }

  if (tables.length > 0) {
    const last = tables[tables.length - 1];
    last.notes = [...(last.notes ?? []), ...[...sides.map(({ adapter }) => adapter), rtk].map((adapter) => `wiring — ${adapter.wiring}`)];
  }
  void sink;
  return [...tables, ...runDevelopmentRows(options)];
}
