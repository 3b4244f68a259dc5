// Where `persist()` keeps the saved cache: any object with async getItem/setItem/removeItem of strings.
// The three made here cover the browser (IndexedDB, localStorage) and tests or a server (memory).

/**
 * A storage for {@link persist}: string values by string keys, every method
 * async (wrap a synchronous storage's answers in promises). A
 * method that throws or rejects (quota, private mode) turns persistence off
 * for the store with a development warning; the app goes on without it.
 */
export interface PersistStorage {
  /** The value saved under `key`, or `null` (or `undefined`) when there is none. */
  getItem(key: string): Promise<string | null | undefined>;
  /** Saves `value` under `key`. */
  setItem(key: string, value: string): Promise<void>;
  /** Removes what is saved under `key` (nothing when there is nothing). */
  removeItem(key: string): Promise<void>;
}

/** A storage in memory (see {@link memoryStorage}). */
export interface MemoryStorage extends PersistStorage {
  /** The items saved, by key: a test may read them, or tamper with them to play corrupt data. */
  readonly items: Map<string, string>;
}

/**
 * A storage in memory: what it holds lasts as long as the object (a test
 * making a second store from the same storage plays a reload). For tests and
 * server rendering.
 *
 * @example
 * const storage = memoryStorage();
 * const cache = createRestCache({ features: [persist({ storage })] });
 */
export function memoryStorage(): MemoryStorage {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => Promise.resolve(items.get(key) ?? null),
    setItem: (key, value) => {
      items.set(key, String(value));
      return Promise.resolve();
    },
    removeItem: (key) => {
      items.delete(key);
      return Promise.resolve();
    },
  };
}

/**
 * A storage in `window.localStorage`, each item under `<prefix>:<item key>`.
 * localStorage is synchronous and small (about 5 MB per origin): prefer
 * {@link indexedDbStorage} for a large cache. Where there is no
 * localStorage (a server, some private modes), every call rejects, so
 * persistence turns itself off with a warning.
 *
 * @param prefix - prefixes every item's key (default `rest-slice`)
 */
export function localStorageStorage(prefix = 'rest-slice'): PersistStorage {
  const local = (): Storage => {
    const found = (globalThis as { localStorage?: Storage }).localStorage;
    if (found === undefined) throw new Error('[rest-slice] `localStorageStorage`: there is no `localStorage` here.');
    return found;
  };
  // Run in a promise, so a throw (no localStorage, quota exceeded) is a rejection like any other storage's.
  function run<T>(use: (storage: Storage) => T): Promise<T> {
    return new Promise((resolve) => resolve(use(local())));
  }
  return {
    getItem: (key) => run((storage) => storage.getItem(`${prefix}:${key}`)),
    setItem: (key, value) => run((storage) => storage.setItem(`${prefix}:${key}`, value)),
    removeItem: (key) => run((storage) => storage.removeItem(`${prefix}:${key}`)),
  };
}

const STORE = 'items';

/**
 * A storage in an IndexedDB database of this name (one object store of
 * strings): asynchronous and large, the default choice in a browser. The
 * database opens on first use; where IndexedDB is missing or refused (some
 * private modes), every call rejects, so persistence turns itself off with
 * a warning.
 *
 * @param name - the database's name (default `rest-slice`)
 */
export function indexedDbStorage(name = 'rest-slice'): PersistStorage {
  let opened: Promise<IDBDatabase> | undefined;
  const database = (): Promise<IDBDatabase> =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const factory = (globalThis as { indexedDB?: IDBFactory }).indexedDB;
      if (factory === undefined) throw new Error('[rest-slice] `indexedDbStorage`: there is no `indexedDB` here.');
      const request = factory.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error(`[rest-slice] \`indexedDbStorage\`: the database \`${name}\` could not be opened.`));
      request.onblocked = () => reject(new Error(`[rest-slice] \`indexedDbStorage\`: the database \`${name}\` is blocked by another connection.`));
    }).catch((error: unknown) => {
      // A later call may try again (the database was blocked for a moment).
      opened = undefined;
      throw error;
    }));
  async function run<T>(mode: IDBTransactionMode, use: (store: IDBObjectStore) => IDBRequest): Promise<T> {
    const db = await database();
    return new Promise<T>((resolve, reject) => {
      const transaction = db.transaction(STORE, mode);
      const request = use(transaction.objectStore(STORE));
      // A write is done when its transaction is (committed), a read when its request is.
      transaction.oncomplete = () => resolve(request.result as T);
      transaction.onerror = () => reject(transaction.error ?? request.error ?? new Error('[rest-slice] `indexedDbStorage`: a transaction failed.'));
      transaction.onabort = () => reject(transaction.error ?? new Error('[rest-slice] `indexedDbStorage`: a transaction was aborted.'));
    });
  }
  return {
    getItem: async (key) => {
      const value = await run<unknown>('readonly', (store) => store.get(key));
      if (value === undefined || typeof value === 'string') return value ?? null;
      throw new TypeError(`[rest-slice] \`indexedDbStorage\`: the item \`${key}\` of the database \`${name}\` is not a string (${typeof value}); it was not written by \`persist()\`.`);
    },
    setItem: async (key, value) => {
      await run('readwrite', (store) => store.put(value, key));
    },
    removeItem: async (key) => {
      await run('readwrite', (store) => store.delete(key));
    },
  };
}
