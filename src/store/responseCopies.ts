import { entryOf } from '../schema/own';
/**
 * The endpoint names whose `<reducerPath>/setResponse` actions carry the
 * response as the server sent it (`response`), by the cache's action
 * creators: an endpoint joins when `endpointMatchers` is made for it, so
 * actions of other endpoints keep one copy of their data (DevTools shows
 * every action it keeps).
 */
const copies = new WeakMap<object, Set<string>>();

/** The names whose responses ride in their actions, for the cache of these action creators (made on first use). */
export function responseCopies(actions: object): Set<string> {
  return entryOf(copies, actions, Set);
}
