import type { EndpointInterface } from './endpoint';
import type { RestFeature } from './feature';

/** The other results one write changes (see {@link RestFeature.updateResults}), by request key; `undefined` when none. */
export type OtherResults = (
  endpoint: EndpointInterface,
  args: readonly unknown[],
  result: unknown,
  getResult: (key: string) => unknown,
) => Record<string, unknown> | undefined;

/**
 * The features' `updateResults` as one function (a later feature's result
 * for a key wins); `undefined` when no feature has the point, so a write
 * pays nothing for it.
 */
export function otherResults(features: readonly RestFeature[]): OtherResults | undefined {
  const writers = features.filter((feature) => feature.updateResults !== undefined);
  if (writers.length === 0) return undefined;
  return (endpoint, args, result, getResult) => {
    let results: Record<string, unknown> | undefined;
    for (const feature of writers) {
      // A spread defines each key as a member (`__proto__` included), never reaching a prototype.
      const written = feature.updateResults!({ endpoint, args, result, getResult });
      if (written) results = { ...results, ...written };
    }
    return results;
  };
}
