import type { GetEntity } from './types';

// What the memo remembers about each value it built, and how it tells that a
// value is still right. An entity's instance is remembered once, by its row;
// whatever holds it (a list, another entity) keeps a reference to that entry
// instead of a copy of the rows beneath. Each entry also notes the version of
// every table it read: while a table's version is the same, none of its rows
// changed, so an update to one table re-checks only the rows read from it.

/** Reads rows for the memo: the row of a key and pk, and what tells a table's rows did not change. */
export interface EntityReader {
  readonly getEntity: GetEntity;
  /**
   * A number that is the same in two readers only when every row of `key` is
   * the same object in both; `undefined` when that cannot be told (default:
   * every row is looked up).
   */
  readonly tableVersion?: (key: string) => number | undefined;
}

/**
 * A memoized value and what it was built from: `key, pk, row` triples of the
 * rows it read directly, and the entries of the entities it holds (one slot
 * each), which carry their own rows.
 */
export interface MemoEntry {
  readonly value: unknown;
  readonly deps: readonly unknown[];
  /** Flat `key, version` pairs of the tables its members read (not an entity's own row); `undefined` when not known. */
  versions: readonly unknown[] | undefined;
  /** The check that last found the entry current (positive) or not (negative), so a check looks at it once. */
  checked: number;
  /** Every row read as flat `key, pk, row` triples, entities' included; made when asked for. */
  flat?: readonly unknown[];
  /** A plain entity list (entityLists.ts) whose `deps` hold one unit per item, in order. */
  isList?: boolean;
}

/** The entry of one entity instance, remembered by its row. */
export interface EntityEntry extends MemoEntry {
  readonly key: string;
  readonly pk: string;
  readonly row: object;
}

const NO_CHANGE: readonly string[] = /* @__PURE__ */ Object.freeze([]);

// Where the last check of an entry found a change: looked at first next time, as it is likely still changed.
// Kept apart from the entries, which are one per entity read: a field on each would cost every entry a slot
// for what only entries found stale (mostly dropped soon after) use.
const misses = new WeakMap<MemoEntry, number>();

// One number per table object, so entries note which table they read without holding it.
const tableVersions = new WeakMap<object, number>();
let lastVersion = 0;

/** The version of a table object (0 for no table): the same object always has the same version. */
export function tableVersionOf(table: object | undefined): number {
  if (table === undefined) return 0;
  let version = tableVersions.get(table);
  if (version === undefined) {
    version = ++lastVersion;
    tableVersions.set(table, version);
  }
  return version;
}

/**
 * Gives `table` the version `version` when it has none yet. For a table built from rows that a reader showed
 * under `version` before the table existed: what was read through that reader is then known to be current in
 * the table without looking at its rows.
 */
export function adoptTableVersion(table: object | undefined, version: number): void {
  if (table !== undefined && !tableVersions.has(table)) tableVersions.set(table, version);
}

/** A version no table has yet: for rows only one view shows (its optimistic updates). */
export function freshTableVersion(): number {
  return ++lastVersion;
}

export function isEntityEntry(entry: MemoEntry): entry is EntityEntry {
  return (entry as Partial<EntityEntry>).row !== undefined;
}

/**
 * One check of memo entries against a reader. Entries share their `versions`
 * arrays, so what changed since a versions array was noted is worked out once
 * per check, and so is the array noting the versions now.
 */
export class MemoCheck {
  // Made on first use: most reads find their entry current by one version compare, and a check is made per read.
  private changes: Map<readonly unknown[], readonly string[]> | undefined;
  private renewed: Map<readonly unknown[], readonly unknown[]> | undefined;
  private lastVersions: readonly unknown[] | undefined;
  private versionNow: Map<string, number | undefined> | undefined;

  constructor(
    readonly reader: EntityReader,
    readonly id: number,
  ) {}

  /** The version of the table of `key` in this check's reader. */
  private version(key: string): number | undefined {
    const known = (this.versionNow ??= new Map<string, number | undefined>());
    let version = known.get(key);
    if (version === undefined && !known.has(key)) {
      version = this.reader.tableVersion?.(key);
      known.set(key, version);
    }
    return version;
  }

  /** The keys whose table changed since `versions` was noted; `undefined` when unknown (check every row). */
  private changedSince(versions: readonly unknown[] | undefined): readonly string[] | undefined {
    if (versions === undefined || this.reader.tableVersion === undefined) return undefined;
    const changes = (this.changes ??= new Map<readonly unknown[], readonly string[]>());
    let changed = changes.get(versions);
    if (changed !== undefined) return changed;
    let found: string[] | undefined;
    for (let i = 0; i < versions.length; i += 2) {
      const key = versions[i] as string;
      const then = versions[i + 1];
      if (then === undefined || this.version(key) !== then) (found ??= []).push(key);
    }
    changed = found ?? NO_CHANGE;
    changes.set(versions, changed);
    return changed;
  }

  /** The versions of the same tables now: one shared array per check. */
  private renew(versions: readonly unknown[]): readonly unknown[] {
    const renewed = (this.renewed ??= new Map<readonly unknown[], readonly unknown[]>());
    let now = renewed.get(versions);
    if (now === undefined) {
      const keys: string[] = [];
      for (let i = 0; i < versions.length; i += 2) keys.push(versions[i] as string);
      now = this.versionsOf(keys) ?? versions;
      renewed.set(versions, now);
    }
    return now;
  }

  /**
   * `key, version` pairs of `keys` now; the same array as the last call when equal, so entries share it
   * (and what changed since is worked out once for all of them). Compared before a new array is made:
   * on a first read most entities note the same tables as the one before.
   */
  versionsOf(keys: readonly string[]): readonly unknown[] | undefined {
    if (this.reader.tableVersion === undefined) return undefined;
    // An entity that read nothing (a project without build types among ones with them) would otherwise
    // make a new array, and the next entity another.
    if (keys.length === 0) return NO_CHANGE;
    const last = this.lastVersions;
    let i = 0;
    if (last?.length === keys.length * 2) while (i < keys.length && last[2 * i] === keys[i] && last[2 * i + 1] === this.version(keys[i])) i++;
    if (i === keys.length) return last;
    // The pairs that matched are the last array's: only the rest are looked up again.
    const pairs: unknown[] = i === 0 ? [] : last!.slice(0, 2 * i);
    for (; i < keys.length; i++) pairs.push(keys[i], this.version(keys[i]));
    return (this.lastVersions = pairs);
  }

  /**
   * True while the entry's value is still right: every row it read (its
   * entities' included) is the same object. `ownRowKnown` skips the entity's
   * own row when the caller found the entry by that row.
   */
  isCurrent(entry: MemoEntry, ownRowKnown = false): boolean {
    if (entry.checked === this.id) return true;
    if (entry.checked === -this.id) return false;
    if (!ownRowKnown && isEntityEntry(entry) && this.reader.getEntity(entry.key, entry.pk) !== entry.row) return this.fail(entry);
    const changed = this.changedSince(entry.versions);
    if (changed === NO_CHANGE) {
      entry.checked = this.id;
      return true;
    }
    const deps = entry.deps;
    // Only an entry a check found stale can have a miss noted.
    const miss = entry.checked < 0 ? misses.get(entry) : undefined;
    if (miss !== undefined && !this.depHolds(deps, miss, changed)) return this.fail(entry);
    for (let i = 0; i < deps.length; ) {
      const dep = deps[i];
      if (i !== miss && !this.depHolds(deps, i, changed)) {
        misses.set(entry, i);
        return this.fail(entry);
      }
      i += typeof dep === 'string' ? 3 : 1;
    }
    if (miss !== undefined) misses.delete(entry);
    entry.checked = this.id;
    if (this.reader.tableVersion !== undefined) entry.versions = entry.versions === undefined ? this.versionsOfEntry(entry) : this.renew(entry.versions);
    return true;
  }

  /**
   * The items of a plain entity list entry (see `MemoEntry.isList`) that
   * changed: the `deps` index of each changed item's unit, at most `limit` of
   * them. `undefined` when the list's own row changed or more items did
   * (the whole list is rebuilt then).
   */
  staleUnits(entry: MemoEntry, limit: number): number[] | undefined {
    if (entry.isList !== true || (isEntityEntry(entry) && this.reader.getEntity(entry.key, entry.pk) !== entry.row)) return undefined;
    const changed = this.changedSince(entry.versions);
    const deps = entry.deps;
    const stale: number[] = [];
    for (let i = 0; i < deps.length; ) {
      if (!this.depHolds(deps, i, changed)) {
        if (stale.length === limit) return undefined;
        stale.push(i);
      }
      i += typeof deps[i] === 'string' ? 3 : 1;
    }
    return stale.length === 0 ? undefined : stale;
  }

  /** A list patched from `stale` with new item `units`: its tables' versions now, or `undefined` when a unit reads a new table. */
  versionsAfterPatch(stale: MemoEntry, units: readonly unknown[]): readonly unknown[] | undefined {
    const versions = stale.versions;
    if (versions === undefined || this.reader.tableVersion === undefined) return undefined;
    const known = (key: string) => {
      for (let i = 0; i < versions.length; i += 2) if (versions[i] === key) return true;
      return false;
    };
    const keys: string[] = [];
    if (!collectKeys(units, keys)) return undefined;
    return keys.every(known) ? this.renew(versions) : undefined;
  }

  /**
   * The versions of every table an entry's members read (an entity's own row
   * is looked up instead, as a parent that finds it by its row knows it is current), now;
   * `undefined` while one of its entities has none.
   */
  versionsOfEntry(entry: MemoEntry): readonly unknown[] | undefined {
    const keys: string[] = [];
    return collectKeys(entry.deps, keys) ? this.versionsOf(keys) : undefined;
  }

  private fail(entry: MemoEntry): false {
    entry.checked = -this.id;
    return false;
  }

  /** True when the dep at `i` (a row triple or an entity entry) still holds. */
  private depHolds(deps: readonly unknown[], i: number, changed: readonly string[] | undefined): boolean {
    const dep = deps[i];
    if (typeof dep === 'string') {
      if (changed !== undefined && !changed.includes(dep)) return true;
      return this.reader.getEntity(dep, deps[i + 1] as string) === deps[i + 2];
    }
    const child = dep as EntityEntry;
    // The entity was current when this entry last was: unless a table it read changed since, it still is.
    if (changed !== undefined && child.versions !== undefined && !changed.includes(child.key) && !readsAny(child.versions, changed)) {
      return true;
    }
    return this.isCurrent(child);
  }
}

function readsAny(versions: readonly unknown[], keys: readonly string[]): boolean {
  for (let i = 0; i < versions.length; i += 2) if (keys.includes(versions[i] as string)) return true;
  return false;
}

/** Adds the keys of the tables `deps` read (their entities' included) to `keys`; false when one is not known. */
export function collectKeys(deps: readonly unknown[], keys: string[]): boolean {
  for (let i = 0; i < deps.length; ) {
    const dep = deps[i];
    if (typeof dep === 'string') {
      if (!keys.includes(dep)) keys.push(dep);
      i += 3;
      continue;
    }
    const child = dep as EntityEntry;
    if (!keys.includes(child.key)) keys.push(child.key);
    const versions = child.versions;
    if (versions === undefined) return false;
    for (let j = 0; j < versions.length; j += 2) {
      const key = versions[j] as string;
      if (!keys.includes(key)) keys.push(key);
    }
    i += 1;
  }
  return true;
}

/** Every row an entry was built from, as flat `key, pk, row` triples (its entities' rows included; an entry never holds itself). */
export function flatDeps(entry: MemoEntry): readonly unknown[] {
  if (entry.flat !== undefined) return entry.flat;
  const out: unknown[] = [];
  addRows(entry, out);
  entry.flat = out;
  return out;
}

function addRows(entry: MemoEntry, out: unknown[]): void {
  if (isEntityEntry(entry)) out.push(entry.key, entry.pk, entry.row);
  const deps = entry.deps;
  for (let i = 0; i < deps.length; ) {
    const dep = deps[i];
    if (typeof dep === 'string') {
      out.push(dep, deps[i + 1], deps[i + 2]);
      i += 3;
    } else {
      addRows(dep as MemoEntry, out);
      i += 1;
    }
  }
}
