import type { CacheAction } from '../../store/middleware/types';
import type { RestCacheState } from '../../store/state';
import type { PagesPayload, PagesState } from './pagination';
import { createTable } from '../../schema/own';

declare module '../../store/state' {
  interface RestCacheState {
    /** The pages loaded of each infinite list, by the list's request key (the infinitePages feature); absent until one is loaded. */
    readonly pages?: { readonly [listKey: string]: PagesState };
  }
}

/** Records (or, with `entry: null`, forgets) the pages of one list: `state.pages[key]`. */
export function pagesReducer(state: RestCacheState, action: CacheAction): RestCacheState {
  const payload = action.payload as PagesPayload;
  const pages = Object.assign(createTable<unknown>(), state.pages);
  if (payload.entry === null) {
    if (!(payload.key in pages)) return state;
    delete pages[payload.key];
  } else {
    pages[payload.key] = payload.entry;
  }
  return Object.freeze({ ...state, pages: Object.freeze(pages) });
}
