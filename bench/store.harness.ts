// What the store suite drives on each side: one store with its controller,
// the list/detail/filler/patch endpoints, and the few operations the rows time.
// Each library implements it in its own file (store.rest-slice.ts,
// store.data-client.ts) with its own public API only.
import type { ProjectData, ProjectsData, UserData } from './fixtures';

/** Every endpoint shares this prefix; no request is ever sent to it. */
export const URL_PREFIX = 'http://bench.invalid';

/** One pending optimistic update as the store records it. */
export interface PendingEntry {
  key: string;
  fetchedAt: number;
  /** The endpoint's args (`[{ id }, { name }]`). */
  args: readonly unknown[];
}

/** A denormalized project as both libraries hand it out (an Entity instance). */
export interface ReadProject {
  id: string;
  name: string;
  buildTypes: { buildType: readonly { id: string }[] };
}

/** One store of one library. */
export interface StoreHarness {
  /** `setResponse(list, response)`: GET /projects. */
  setList(response: ProjectsData): void;
  /** `getResponse(list, state).data` over the optimistic view. */
  readList(): { project: readonly ReadProject[] } | undefined;
  /** `setResponse(detail, { id }, project)`: GET /projects/:id. */
  setDetail(project: ProjectData): void;
  /** `setResponse(filler, response)`: GET /filler, to grow the Project table. */
  setFiller(response: ProjectsData): void;
  /** Rows in the confirmed Project table. */
  projectCount(): number;
  /** Starts `PATCH /projects/:id { name }`, whose fetch never settles: its optimistic update stays pending. */
  addOptimistic(id: string, name: string): void;
  /** The pending optimistic updates, oldest first. */
  pending(): readonly PendingEntry[];
  /** `controller.resolve(patch, { args, fetchedAt, response })` for one pending update. */
  resolve(entry: PendingEntry, response: ProjectData): void;
  /** `setResponse(user, user)`: GET /user, one small entity. */
  setUser(user: UserData): void;
  /** The user's result read as an app reads it (rest-slice: `selectResponse`; Data Client: `getResponse`). */
  readUser(): unknown;
}

/** One library's side of the suite. */
export interface StoreAdapter {
  name: string;
  /** A fresh store with its controller. */
  createStore(): StoreHarness;
  /** Row 1: a fresh store, the 709-project response set into it, read back denormalized. */
  roundTrip(response: ProjectsData): unknown;
  /** How the side is wired, for the notes under the tables. */
  wiring: string;
}

/** The optimistic response both sides compute: `{ id, name }`, after finding the project in the snapshot's list. */
export function optimisticProject(
  list: { project: readonly ReadProject[] } | undefined,
  id: string,
  name: string,
  abort: unknown,
): { id: string; name: string } {
  const found = list?.project.find((project) => project.id === id);
  if (found === undefined) throw abort;
  return { id, name };
}
