// What `persist()` reads back is untrusted input (another app's data under the same name, a hand-edited
// value, a save cut short): every piece is checked for the shape the slice needs before it is applied, and
// frozen, since the store's state is immutable. A check that fails throws a `SavedShapeError` naming where.
import { isPlainRecord } from '../../schema/own';
import { bucketOf } from '../../store/tables';
import type { OptimisticEntry } from '../../store/state';
import { FORMAT, type SavedHead } from './saved';
import { MAX_AHEAD } from '../timeAhead';

/** The saved data is not what `persist()` writes; `where` names the part. */
export class SavedShapeError extends Error {
  constructor(where: string, why: string) {
    super(`[rest-slice] persist: the saved ${where} ${why}.`);
    this.name = 'SavedShapeError';
  }
}

type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

/**
 * Freezes a parsed JSON value deeply, refusing anything JSON cannot hold (a
 * custom storage may hand back objects). A `__proto__` key is an own member
 * here, as `JSON.parse` makes it and as the store keeps it (an entity key, a
 * pk, a row member); nothing copies these objects by assignment.
 */
export function frozenJson(value: unknown, where: string): Json {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new SavedShapeError(where, 'holds a number JSON cannot hold');
    return value;
  }
  if (Array.isArray(value)) {
    for (const item of value) frozenJson(item, where);
    return Object.freeze(value) as Json;
  }
  if (typeof value === 'object') {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) throw new SavedShapeError(where, 'holds an object that is not plain JSON');
    for (const key of Object.keys(value)) frozenJson((value as Record<string, unknown>)[key], where);
    return Object.freeze(value) as Json;
  }
  throw new SavedShapeError(where, `holds a ${typeof value}`);
}

const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
/** A time no later than `latest` (a day after this page's clock: see {@link MAX_AHEAD}). */
const isPast = (value: unknown, latest: number): value is number => isTime(value) && value <= latest;
/** Refuses times of `where` that lie after `latest`. */
function checkPast(times: readonly unknown[], latest: number, where: string): void {
  if (!times.every((time) => isPast(time, latest))) throw new SavedShapeError(where, "has a time a day or more ahead of this page's clock");
}
const isError = (value: unknown): boolean => isPlainRecord(value) && typeof value.name === 'string' && typeof value.message === 'string';

/** Parses a stored string as JSON; a syntax error is a shape error of `where`. */
export function parse(text: unknown, where: string): unknown {
  if (typeof text !== 'string') throw new SavedShapeError(where, `is a ${typeof text}, not a string`);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new SavedShapeError(where, `is not JSON (${(error as Error).message})`);
  }
}

/** Whether a parsed head is one this format wrote (anything else is foreign data, left alone). */
export function isOurHead(value: unknown): boolean {
  return isPlainRecord(value) && value.format === FORMAT;
}

/** The latest time a save read at `now` may hold. */
export const latestTime = (now: number): number => now + MAX_AHEAD;

/** Checks a head written by this format; no time in it may lie after `latest`. */
export function checkHead(value: unknown, latest: number): SavedHead {
  const head = frozenJson(value, 'head') as unknown as Record<string, unknown>;
  const version = head.version;
  if (typeof version !== 'number' && typeof version !== 'string') throw new SavedShapeError('head', 'has no version');
  if (!isTime(head.savedAt) || !isTime(head.lastReset) || !Number.isSafeInteger(head.generation)) {
    throw new SavedShapeError('head', 'has no `savedAt`, `lastReset` or `generation` number');
  }
  checkPast([head.savedAt, head.lastReset], latest, 'head');
  if (!isPlainRecord(head.parts) || !Object.values(head.parts).every((gen) => Number.isSafeInteger(gen))) {
    throw new SavedShapeError('head', 'has no list of parts');
  }
  const buckets = head.buckets;
  if (!isPlainRecord(buckets) || !isPlainRecord(buckets.entities) || !isPlainRecord(buckets.entitiesMeta)) throw new SavedShapeError('head', 'has no bucket counts');
  for (const counts of [buckets.entities, buckets.entitiesMeta]) {
    if (!Object.values(counts).every((n) => Number.isSafeInteger(n) && (n as number) > 0)) throw new SavedShapeError('head', 'has a bucket count that is not a whole number');
  }
  if (!Array.isArray(head.optimistic)) throw new SavedShapeError('head', 'has no list of optimistic updates');
  head.optimistic.forEach((entry, index) => checkOptimistic(entry, index, latest));
  return head as unknown as SavedHead;
}

function checkOptimistic(entry: unknown, index: number, latest: number): asserts entry is OptimisticEntry {
  const where = `optimistic update #${index}`;
  if (!isPlainRecord(entry)) throw new SavedShapeError(where, 'is not an object');
  if (typeof entry.endpoint !== 'string' || typeof entry.key !== 'string' || !Array.isArray(entry.args) || !isTime(entry.fetchedAt)) {
    throw new SavedShapeError(where, 'lacks its endpoint, key, args or fetchedAt');
  }
  checkPast([entry.fetchedAt], latest, where);
  if (typeof entry.outbox !== 'string') throw new SavedShapeError(where, 'is not an outbox write');
  if (entry.requestId !== undefined && typeof entry.requestId !== 'string') throw new SavedShapeError(where, 'has a requestId that is not a string');
}

/** What a save needs of an outbox entry (the outbox feature's own type stays its own). */
export interface SavedOutboxEntry {
  readonly id: string;
  readonly fetchedAt: number;
}

/** Whether `entry` has every member the outbox feature reads of one of its entries, each of its type. */
function isOutboxEntry(entry: unknown, latest: number): entry is SavedOutboxEntry {
  if (!isPlainRecord(entry)) return false;
  const { id, endpoint, key, args, fetchedAt, requestId, runAt, idempotencyKey, attempts, status, error } = entry;
  return (
    [id, endpoint, key, requestId, idempotencyKey].every((value) => typeof value === 'string') &&
    Array.isArray(args) &&
    isPast(fetchedAt, latest) &&
    isPast(runAt, latest) &&
    Number.isSafeInteger(attempts) &&
    (status === 'pending' || status === 'failed') &&
    (error === undefined || isError(error))
  );
}

/** Whether `outbox` is a list of outbox entries with distinct ids (and no time after `latest`). */
export function isOutbox(outbox: unknown, latest: number): outbox is readonly SavedOutboxEntry[] {
  return Array.isArray(outbox) && outbox.every((entry) => isOutboxEntry(entry, latest)) && new Set(outbox.map((entry) => entry.id)).size === outbox.length;
}

/**
 * The saved outbox without the writes made before the head's `lastReset` (a
 * write made before a logout is never sent after it), and the optimistic
 * updates of the writes kept; `undefined` when the outbox is not a list of
 * entries with distinct ids (then none of it can be trusted).
 */
export function keptOutbox(head: SavedHead, latest: number): Pick<SavedHead, 'outbox' | 'optimistic'> | undefined {
  const { outbox = [], lastReset } = head;
  if (!isOutbox(outbox, latest)) return undefined;
  const kept = outbox.filter((entry) => entry.fetchedAt >= lastReset);
  const ids = new Set(kept.map((entry) => entry.id));
  const optimistic = Object.freeze(head.optimistic.filter((entry) => ids.has(entry.outbox!)));
  return ids.size === 0 ? { optimistic } : { outbox: Object.freeze(kept), optimistic };
}

/** Checks a map part (`endpoints`: any JSON result; `meta`: result meta; `pages`: loaded pages). */
export function checkMap(kind: 'endpoints' | 'meta' | 'pages', data: unknown, latest: number): Record<string, unknown> {
  if (!isPlainRecord(data)) throw new SavedShapeError(kind, 'is not an object');
  if (kind === 'meta') {
    for (const [key, meta] of Object.entries(data)) checkResultMeta(meta, `meta of \`${key}\``, latest);
  } else if (kind === 'pages') {
    for (const [key, entry] of Object.entries(data)) {
      const pages = isPlainRecord(entry) ? entry.pages : undefined;
      if (!Array.isArray(pages) || !pages.every((page) => isPlainRecord(page) && Array.isArray(page.ids) && page.ids.every((id) => typeof id === 'string'))) {
        throw new SavedShapeError(`pages of \`${key}\``, 'are not a list of pages with their ids');
      }
    }
  }
  return data;
}

/** A result's meta: its times, and its error members when it has them (the reducers compare and show them). */
function checkResultMeta(meta: unknown, where: string, latest: number): void {
  checkTimes(meta, where, latest);
  const { error, errorAt, errorPolicy, invalidated } = meta as Record<string, unknown>;
  if (errorAt !== undefined) {
    if (!isTime(errorAt)) throw new SavedShapeError(where, 'has an `errorAt` that is not a time');
    checkPast([errorAt], latest, where);
  }
  if (error !== undefined && !isError(error)) {
    throw new SavedShapeError(where, 'has an `error` without its name and message');
  }
  if (errorPolicy !== undefined && errorPolicy !== 'soft') throw new SavedShapeError(where, "has an `errorPolicy` other than 'soft'");
  if (invalidated !== undefined && typeof invalidated !== 'boolean') throw new SavedShapeError(where, 'has an `invalidated` that is not true or false');
}

/** A meta's times: `expiresAt` may lie far ahead (a long `dataExpiryLength`), when it was fetched may not. */
function checkTimes(meta: unknown, where: string, latest: number): void {
  if (!isPlainRecord(meta) || !isTime(meta.fetchedAt) || !isTime(meta.date) || !isTime(meta.expiresAt)) {
    throw new SavedShapeError(where, 'lacks its fetchedAt, date or expiresAt');
  }
  checkPast([meta.fetchedAt, meta.date], latest, where);
}

/**
 * Checks one flat table or one bucket of an entity table: meta rows with
 * their times, and for a bucket that
 * every pk is in the bucket its hash picks (else reads would miss it).
 */
export function checkTable(
  field: 'entities' | 'entitiesMeta',
  key: string,
  data: unknown,
  latest: number,
  bucket?: { index: number; count: number },
): Record<string, unknown> {
  const where = `${field} table \`${key}\``;
  if (!isPlainRecord(data)) throw new SavedShapeError(where, 'is not an object');
  for (const [pk, row] of Object.entries(data)) {
    // An entity row is any JSON (a Collection's row is a list of pks); a meta row has its times.
    if (field === 'entitiesMeta') checkTimes(row, `${where} row \`${pk}\``, latest);
    if (bucket !== undefined && bucketOf(pk, bucket.count) !== bucket.index) throw new SavedShapeError(`${where} row \`${pk}\``, 'is in the wrong bucket');
  }
  return data;
}
