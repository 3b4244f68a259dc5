// The scenarios, grouped by the page they run on. Each page is fresh (a new browser context), loads
// one library's app, mounts it with the rows the page needs, checks what it shows, then times its
// interactions, checking after each that the server's answer left the expected text on screen.
import { seededTitle } from './server';
import type { PageSession } from './session';

/** A measured scenario: its row name and unit. */
export interface Scenario {
  id: string;
  name: string;
  unit: 'ms' | 'MB';
}

export const SCENARIOS = [
  { id: 'mount100', name: 'mount 100 rows', unit: 'ms' },
  { id: 'update100', name: 'update 1 of 100 rows, shown in list and detail', unit: 'ms' },
  { id: 'mount1k', name: 'mount 1,000 rows', unit: 'ms' },
  { id: 'update1k', name: 'update 1 of 1,000 rows', unit: 'ms' },
  { id: 'select1k', name: 'navigation: select another row (1,000 rows)', unit: 'ms' },
  { id: 'create1k', name: 'optimistic create (1,000 rows)', unit: 'ms' },
  { id: 'delete1k', name: 'optimistic delete (1,000 rows)', unit: 'ms' },
  { id: 'pending1k', name: '100 pending optimistic updates + 1 more (1,000 rows)', unit: 'ms' },
  { id: 'mount10k', name: 'mount 10,000 rows', unit: 'ms' },
  { id: 'update10k', name: 'update 1 of 10,000 rows', unit: 'ms' },
  { id: 'heap10k', name: 'JS heap after mounting 10,000 rows', unit: 'MB' },
] as const satisfies readonly Scenario[];

export type ScenarioId = (typeof SCENARIOS)[number]['id'];

/** Samples of one page run, by scenario. */
export type Samples = Partial<Record<ScenarioId, number[]>>;

/** Interactions of each kind per page (a mount is one per page). */
const REPEATS = 5;
const PENDING = 100;

/** One page kind: the rows it mounts and what it measures. */
export interface PagePlan {
  rows: number;
  scenarios: readonly ScenarioId[];
  run(session: PageSession, wanted: ReadonlySet<ScenarioId>): Promise<Samples>;
}

/** Rows spread over the list: the k-th of `count` targets among `rows` rows (offset keeps them apart from other scenarios'). */
function spread(rows: number, k: number, count: number, offset: number): number {
  return Math.min(rows, Math.floor(((k + 0.5) * rows) / count) + offset);
}

async function mountChecked(session: PageSession): Promise<number> {
  const ms = await session.mount();
  await session.idle();
  await session.expectShown('after mounting', { rows: session.rows, id: session.rows, title: seededTitle(session.rows) });
  await session.expectShown('after mounting', { rows: session.rows, id: 1, title: seededTitle(1), detail: 1 });
  return ms;
}

/** Renames spread rows: select (not timed), rename (timed), then check the confirmed title stays. */
async function updates(session: PageSession, label: string): Promise<number[]> {
  const samples: number[] = [];
  for (let k = 0; k < REPEATS; k++) {
    const id = spread(session.rows, k, REPEATS, 0);
    await session.select(id);
    await session.idle();
    const title = `${label} ${k}`;
    samples.push(await session.rename(title));
    await session.idle();
    await session.expectShown(`after renaming row ${id}`, { rows: session.rows, id, title, detail: id });
  }
  return samples;
}

async function selections(session: PageSession): Promise<number[]> {
  const samples: number[] = [];
  for (let k = 0; k < REPEATS; k++) {
    const id = spread(session.rows, k, REPEATS, 3);
    samples.push(await session.select(id));
    await session.idle();
    await session.expectShown(`after selecting row ${id}`, { rows: session.rows, id, title: seededTitle(id), detail: id });
  }
  return samples;
}

/** Creates a row (timed), then selects it (not timed) and deletes it (timed): the list ends as it began. */
async function createsAndDeletes(session: PageSession): Promise<{ create: number[]; remove: number[] }> {
  const create: number[] = [];
  const remove: number[] = [];
  for (let k = 0; k < REPEATS; k++) {
    const title = `Created ${k}`;
    const [ms, id] = await session.create(title);
    create.push(ms);
    await session.idle();
    await session.expectShown(`after creating '${title}'`, { rows: session.rows + 1, id, title });
    await session.select(id);
    await session.idle();
    remove.push(await session.remove());
    await session.idle();
    await session.expectShown(`after deleting row ${id}`, { rows: session.rows, id, title: null, detail: null });
  }
  return { create, remove };
}

/** 100 renames whose answers the server holds, then more renames, timed. */
async function pendingPlusOne(session: PageSession): Promise<number[]> {
  session.server.hold(true);
  for (let k = 1; k <= PENDING; k++) {
    await session.select(k + 1);
    await session.rename(`Pending ${k}`);
  }
  const samples: number[] = [];
  for (let k = 0; k < 3; k++) {
    await session.select(PENDING + 100 + k);
    samples.push(await session.rename(`Pending plus ${k}`));
  }
  session.server.hold(false);
  await session.idle();
  await session.expectShown('after the held answers arrived', { rows: session.rows, id: PENDING + 1, title: `Pending ${PENDING}` });
  await session.expectShown('after the held answers arrived', { rows: session.rows, id: PENDING + 102, title: 'Pending plus 2', detail: PENDING + 102 });
  return samples;
}

export const PAGES: readonly PagePlan[] = [
  {
    rows: 100,
    scenarios: ['mount100', 'update100'],
    async run(session, wanted) {
      const samples: Samples = { mount100: [await mountChecked(session)] };
      if (wanted.has('update100')) samples.update100 = await updates(session, 'Renamed');
      return samples;
    },
  },
  {
    rows: 1_000,
    scenarios: ['mount1k', 'update1k', 'select1k', 'create1k', 'delete1k'],
    async run(session, wanted) {
      const samples: Samples = { mount1k: [await mountChecked(session)] };
      if (wanted.has('update1k')) samples.update1k = await updates(session, 'Renamed');
      if (wanted.has('select1k')) samples.select1k = await selections(session);
      if (wanted.has('create1k') || wanted.has('delete1k')) {
        const { create, remove } = await createsAndDeletes(session);
        samples.create1k = create;
        samples.delete1k = remove;
      }
      return samples;
    },
  },
  {
    rows: 1_000,
    scenarios: ['pending1k'],
    async run(session) {
      await mountChecked(session);
      return { pending1k: await pendingPlusOne(session) };
    },
  },
  {
    rows: 10_000,
    scenarios: ['mount10k', 'heap10k', 'update10k'],
    async run(session, wanted) {
      const samples: Samples = { mount10k: [await mountChecked(session)] };
      if (wanted.has('heap10k')) samples.heap10k = [await session.heapMB()];
      if (wanted.has('update10k')) samples.update10k = await updates(session, 'Renamed');
      return samples;
    },
  },
];
