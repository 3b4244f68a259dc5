import { installListEditors } from '../../schema/CollectionEdits';
import type { RestFeature } from '../../store/feature';
import { normalizeMove, normalizeRemove } from './listEdits';

/**
 * The collectionEdits feature: what a Collection's `remove` and `move` do
 * (Data Client's `getList.remove` and `getList.move`, and
 * `collection.remove`/`collection.move` in your own endpoints). `remove`
 * takes the response's entities out of the stored lists the request's
 * params match; `move` takes each out of the lists its old values match and
 * appends it to those its new values match. Both merge the response into
 * the entities, which stay readable. Without the feature, such an endpoint
 * fails in development before its request is sent, naming the feature.
 *
 * Normalizing is the same for every cache, so the first call installs the
 * edits for `normalize` too (a test that normalizes with `collection.remove`
 * without a cache calls `collectionEdits()` once).
 *
 * @example
 * const cache = createRestCache({ features: [collectionEdits()] });
 * await controller.fetch(TodoResource.getList.remove, { userId: 2 }, { id: 5 });
 */
export function collectionEdits(): RestFeature {
  installListEditors({ remove: normalizeRemove, move: normalizeMove });
  return { name: 'collectionEdits' };
}
