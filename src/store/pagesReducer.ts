import type { PagesPayload } from './pagination';
import type { RestCacheState } from './state';

/** Records (or, with `entry: null`, forgets) the pages of one list: `state.pages[key]`. */
export function pagesReducer(state: RestCacheState, payload: PagesPayload): RestCacheState {
  const pages = Object.assign(Object.create(null) as Record<string, unknown>, state.pages);
  if (payload.entry === null) {
    if (!(payload.key in pages)) return state;
    delete pages[payload.key];
  } else {
    pages[payload.key] = payload.entry;
  }
  return Object.freeze({ ...state, pages: Object.freeze(pages) });
}
