import type { EndpointInterface } from './endpoint';

// Endpoint options that do something only with a feature installed, and that feature's name. The core
// names features by string only (it imports none), to say which one to add.
const NEEDS: readonly (readonly [option: string, feature: string, active: (value: unknown) => boolean])[] = [
  ['retry', 'retry', (value) => value !== undefined && value !== 0],
  ['onSubscribe', 'live', (value) => typeof value === 'function'],
  ['refetchOnFocus', 'listeners', (value) => value === true],
  ['refetchOnReconnect', 'listeners', (value) => value === true],
];

/**
 * In development, the error for an endpoint option whose feature is not
 * installed (`retry` without `retry()`, ...); `undefined` when every option
 * it sets can work. Production skips the check.
 */
export function missingFeature(endpoint: EndpointInterface, has: (name: string) => boolean, reducerPath: string): Error | undefined {
  if (process.env.NODE_ENV === 'production') return undefined;
  for (const [option, feature, active] of NEEDS) {
    if (!active((endpoint as unknown as Record<string, unknown>)[option]) || has(feature)) continue;
    return new Error(
      `[rest-slice] endpoint \`${endpoint.name}\` sets \`${option}\`, which needs the ${feature} feature: the cache at \`${reducerPath}\` was made without it. Install it with \`createRestCache({ features: [${feature}()] })\`.`,
    );
  }
  return undefined;
}
