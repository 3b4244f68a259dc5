import type { RestFeature } from '../store/feature';
import { collectionEdits } from './collectionEdits/collectionEdits';
import { infinitePages } from './infinitePages/infinitePages';
import { listeners } from './listeners/listeners';
import { live } from './live/live';
import { retry } from './retry/retry';
import { updaters } from './updaters/updaters';

/**
 * Every feature that needs no options, with its defaults, in a working
 * order: `createRestCache({ features: allFeatures() })` has every capability
 * of the library (for apps that want everything, and for tests). It brings
 * all their code into the bundle; list the features you use instead to
 * ship only those.
 *
 * @example
 * const cache = createRestCache({ features: allFeatures() });
 */
export function allFeatures(): RestFeature[] {
  return [retry(), listeners(), infinitePages(), live(), collectionEdits(), updaters()];
}
