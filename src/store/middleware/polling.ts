import type { EndpointInterface } from '../endpoint';
import type { CacheAction, Handler, HandlerStore, MiddlewareInput } from './types';

interface Subscription {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  /** One entry per subscriber; the smallest frequency wins. */
  readonly frequencies: number[];
  timer?: ReturnType<typeof setInterval>;
  interval?: number;
}

/** What the polling handler needs from the cache. */
export type PollingInput = Pick<MiddlewareInput, 'actions' | 'handoff' | 'dispatchFetch'>;

/**
 * `<reducerPath>/subscribe` and `unsubscribe`: counts subscribers per request
 * key and refetches at the smallest frequency among them, until the last one
 * leaves. A subscription action nobody handed over (a replay) changes nothing.
 */
export function buildPollingHandler(input: PollingInput, store: HandlerStore): Handler {
  const { actions, handoff, dispatchFetch } = input;
  const subscriptions = new Map<string, Subscription>();

  function restart(subscription: Subscription): void {
    const interval = subscription.frequencies.length > 0 ? Math.min(...subscription.frequencies) : undefined;
    if (interval === subscription.interval) return;
    if (subscription.timer !== undefined) clearInterval(subscription.timer);
    subscription.timer = undefined;
    subscription.interval = interval;
    if (interval === undefined || !Number.isFinite(interval) || interval <= 0) return;
    subscription.timer = setInterval(() => {
      dispatchFetch(store.dispatch, subscription.endpoint, subscription.args).catch(() => {
        // The failure is recorded in the store; polling goes on.
      });
    }, interval);
    // Polling alone does not keep a Node process (a script, a test run) alive.
    (subscription.timer as { unref?: () => void }).unref?.();
  }

  function subscribe(key: string, frequency: number | undefined, requestId: string): void {
    const pending = requestId ? handoff.pending.get(requestId) : undefined;
    if (pending === undefined) return;
    handoff.pending.delete(requestId);
    let subscription = subscriptions.get(key);
    if (subscription === undefined) {
      subscription = { endpoint: pending.endpoint, args: pending.args, frequencies: [] };
      subscriptions.set(key, subscription);
    }
    subscription.frequencies.push(frequency ?? pending.endpoint.pollFrequency ?? Infinity);
    restart(subscription);
    pending.resolve(undefined);
  }

  function unsubscribe(key: string, given: number | undefined, requestId: string): void {
    const pending = requestId ? handoff.pending.get(requestId) : undefined;
    if (pending !== undefined) {
      handoff.pending.delete(requestId);
      pending.resolve(undefined);
    }
    const subscription = subscriptions.get(key);
    if (subscription === undefined) return;
    const frequency = given ?? pending?.endpoint.pollFrequency ?? subscription.endpoint.pollFrequency ?? Infinity;
    const index = subscription.frequencies.indexOf(frequency);
    subscription.frequencies.splice(index === -1 ? subscription.frequencies.length - 1 : index, 1);
    if (subscription.frequencies.length === 0) {
      if (subscription.timer !== undefined) clearInterval(subscription.timer);
      subscriptions.delete(key);
    } else {
      restart(subscription);
    }
  }

  return {
    after(action: CacheAction) {
      if (actions.subscribe.match(action)) {
        subscribe(action.payload.key, action.payload.frequency, action.meta.requestId);
      } else if (actions.unsubscribe.match(action)) {
        unsubscribe(action.payload.key, action.payload.frequency, action.meta.requestId);
      }
    },
  };
}
