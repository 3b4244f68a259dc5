// How many runs each property makes, and how to replay a failure.
//
//   PROPERTY_RUNS=<factor>  multiplies every property's default number of runs (default 1; e.g. 20 for a long local hunt)
//   PROPERTY_SEED=<seed> PROPERTY_PATH=<path>  replays the failure fast-check printed
//
// In CI (`CI` set) the seed is fixed, so a submission's CI explores the same few thousand programs as the
// run that was checked before it, and a red CI is always the change's doing; every local run (and
// `PROPERTY_RUNS=20` hunt) draws new seeds, which is where new failures are found.
const CI_SEED = 20261123;
import fc from 'fast-check';

/** The run-count factor PROPERTY_RUNS asks for (1 when unset or not a positive number). */
function runsFactor(): number {
  const factor = Number(process.env.PROPERTY_RUNS ?? '1');
  return Number.isFinite(factor) && factor > 0 ? factor : 1;
}

/** A jest time-out for a property test: `ms` at the default run count, scaled with PROPERTY_RUNS. */
export function propertyTimeout(ms: number): number {
  return ms * Math.max(1, runsFactor());
}

/** fast-check parameters for a property whose CI default is `runs` runs. */
export function propertyParameters<T>(runs: number): fc.Parameters<T> {
  const numRuns = Math.max(1, Math.round(runs * runsFactor()));
  const seed = process.env.PROPERTY_SEED ?? (process.env.CI ? String(CI_SEED) : undefined);
  const path = process.env.PROPERTY_PATH;
  return {
    numRuns,
    ...(seed !== undefined ? { seed: Number(seed) } : {}),
    ...(path !== undefined ? { path } : {}),
  };
}
