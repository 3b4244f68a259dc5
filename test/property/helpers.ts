// Pieces the property tests share: corrupting one value of a JSON document (the fuzzers), and, for the outbox
// programs, telling when no request of a program's pages is on its way and closing a page's storage.
import type { PersistStorage, RestFeature } from 'rest-slice';
import { until } from '../store/helpers';

/** A path into a JSON value: member names and array indexes. */
export type Path = (string | number)[];

/** Every path into a JSON value, the root's included. */
export function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((item, index) => pathsOf(item, [...path, index], out));
  else if (typeof value === 'object' && value !== null) for (const key of Object.keys(value)) pathsOf((value as Record<string, unknown>)[key], [...path, key], out);
  return out;
}

/** `value` with the member at `path` replaced by `replacement`, or deleted when `replacement` is undefined. */
export function mutated(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  if (rest.length === 0 && replacement === undefined) {
    if (Array.isArray(copy)) copy.splice(head as number, 1);
    else delete copy[head];
  } else {
    copy[head] = mutated(copy[head], rest, replacement);
  }
  return copy;
}

/** Counts the attempts a program's pages send and those answered (install it last: innermost). */
export function attemptsCounter() {
  let started = 0;
  let ended = 0;
  const feature: RestFeature = {
    name: 'attemptsCounter',
    setup: () => ({
      async runAttempts(attempt) {
        started++;
        try {
          return await attempt();
        } finally {
          ended++;
        }
      },
    }),
  };
  const idle = () => started === ended;
  return {
    feature,
    idle,
    /** Until no attempt is on its way (and what its answer set off has run). */
    async settle(): Promise<void> {
      for (let i = 0; i < 20; i++) await Promise.resolve();
      await until(idle, 'every request answered');
      for (let i = 0; i < 20; i++) await Promise.resolve();
    },
  };
}

/** A page's view of a storage it shares: it reads and writes while the page lives; `close()` ends its writes (a closed tab). */
export function pageStorage(storage: PersistStorage): { readonly storage: PersistStorage; close(): void } {
  let alive = true;
  return {
    storage: {
      getItem: (key) => storage.getItem(key),
      setItem: (key, value) => (alive ? storage.setItem(key, value) : Promise.resolve()),
      removeItem: (key) => (alive ? storage.removeItem(key) : Promise.resolve()),
    },
    close: () => {
      alive = false;
    },
  };
}

/** A page of the outbox programs: its clock, store and persist, and the end of its writes. */
interface ReloadablePage {
  readonly clock: { advance(ms: number): void; now(): number };
  readonly cache: { readonly actions: { offline(): { type: string } } };
  readonly store: { dispatch(action: { type: string }): unknown };
  readonly persisted: { ready(store: never): Promise<unknown> };
  close(): void;
}

/**
 * A reload: once nothing is on its way and persist's throttle (`throttle` ms) has run out, the page goes
 * (it sends and saves nothing more, as a closed tab) and `load` makes the next one from the storage.
 */
export async function reload<P extends ReloadablePage>(page: P, load: (start: number) => P, settle: () => Promise<void>, throttle: number): Promise<P> {
  await settle();
  page.clock.advance(throttle);
  await settle();
  page.store.dispatch(page.cache.actions.offline());
  page.close();
  const next = load(page.clock.now());
  await next.persisted.ready(next.store as never);
  return next;
}
