/**
 * Thrown by `getOptimisticResponse` to skip the optimistic update (usually
 * because the cached data it needs is missing); the request still runs.
 */
export class AbortOptimistic extends Error {
  constructor(message = '[rest-slice] `getOptimisticResponse` skipped the optimistic update') {
    super(message);
    this.name = 'AbortOptimistic';
  }
}
