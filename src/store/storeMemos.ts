import { MemoCache } from '../schema/MemoCache';
import type { RestCacheState } from './state';

/**
 * The memo caches of one cache instance: one per store, found from a state of that store.
 *
 * Why per store: a memo remembers instances by row object in `WeakMap`s. V8 makes adding a
 * newly allocated key to a `WeakMap` that has lived a while about ten times dearer than adding
 * it to a new one, and each minor garbage collection then has such entries to visit. A cache
 * shared by many short-lived stores (a store per server request, per test) kept one
 * ever older memo for all of them. A store's own memo is as young as the store, and goes with it.
 *
 * The middleware marks every state of its store's slice with the store's memo right after the
 * reducer made it; while it dispatches, a state not marked yet (what subscribers of the store
 * read during the dispatch) reads with that store's memo too. A state no store of this cache
 * made (a reducer called by hand, a state from elsewhere) reads with the cache's own memo.
 */
export interface StoreMemos {
  /** The memo that reads `state`. */
  memoOf(state: RestCacheState): MemoCache;
  /** A new store's memo, with the marking its middleware does. */
  newStoreMemo(): StoreMemo;
  /** Whether a store's middleware has made its memo yet. */
  hasStores(): boolean;
}

/** One store's memo, as its middleware uses it. */
export interface StoreMemo {
  /** Reads of `slice` (a state of this store; anything else is ignored) use this store's memo. */
  mark(slice: unknown): void;
  /** Runs `dispatch` (the action passed on to the reducer and the subscribers) with this store's memo as the one unmarked states read with, then marks `slice()`. */
  during<T>(dispatch: () => T, slice: () => unknown): T;
}

// `keepEqual`: a confirmed optimistic guess (same values, new row) keeps the objects shown.
const newMemo = () => new MemoCache({ keepEqual: true });

export function createStoreMemos(): StoreMemos {
  let shared: MemoCache | undefined;
  const byState = new WeakMap<object, MemoCache>();
  let dispatching: MemoCache | undefined;
  let stores = false;
  return {
    memoOf: (state) => byState.get(state) ?? dispatching ?? (shared ??= newMemo()),
    hasStores: () => stores,
    newStoreMemo() {
      stores = true;
      const memo = newMemo();
      let last: unknown;
      const mark = (slice: unknown) => {
        if (slice === last || typeof slice !== 'object' || slice === null) return;
        last = slice;
        byState.set(slice, memo);
      };
      return {
        mark,
        during(dispatch, slice) {
          const outer = dispatching;
          dispatching = memo;
          try {
            return dispatch();
          } finally {
            dispatching = outer;
            mark(slice());
          }
        },
      };
    },
  };
}
