import type { EndpointInterface } from '../endpoint';
import { setUnrefTimeout } from '../scheduler';
import { endpointFlag } from './endpointFlag';
import { dispatchFetch, type DispatchFetchInput } from '../dispatchFetch';
import type { CacheAction, Handler, HandlerStore, MiddlewareInput } from './types';
import { getOwn } from '../../schema/own';

interface Subscription {
  readonly endpoint: EndpointInterface;
  readonly args: readonly unknown[];
  /** One entry per subscriber; the smallest positive frequency wins. */
  readonly frequencies: number[];
  /** Subscribers whose endpoint sets `pollWhenHidden`: while there is one, a hidden page keeps polling. */
  whenHidden: number;
  /** The handle of the timer of the next poll, while polling runs. */
  timer?: unknown;
  interval?: number;
}

/** What the polling handler needs from the cache. */
export type PollingInput = Pick<MiddlewareInput, 'options' | 'actions' | 'handoff' | 'selectSlice'> & DispatchFetchInput;

/**
 * `<reducerPath>/subscribe` and `unsubscribe`: counts subscribers per request
 * key and refetches at the smallest positive frequency among them, until the last one
 * leaves. A subscription action nobody handed over (a replay) changes nothing.
 * Polling sleeps while the page is hidden (`<reducerPath>/blur`, unless an
 * endpoint sets `pollWhenHidden`) or offline (`<reducerPath>/offline`); on
 * waking (`focus`, `online`) it fetches at once when a poll fell due
 * meanwhile (data received an interval ago or more, stale, invalid or an
 * error), then polls at its interval again.
 */
export function buildPollingHandler(input: PollingInput, store: HandlerStore): Handler {
  const { options, actions, handoff, selectSlice } = input;
  const subscriptions = new Map<string, Subscription>();
  // Whether the page is shown and the network reachable is what the `focus`/`blur`/`online`/`offline`
  // actions said last: kept in the store's closure (a replayed log replays it too), never in the state.
  // Refetching on focus and reconnect is the listeners feature's.
  const status = { hidden: false, offline: false };

  function poll(subscription: Subscription): void {
    dispatchFetch(input, store.dispatch, subscription.endpoint, subscription.args).catch(() => {
      // The failure is recorded in the store; polling goes on.
    });
  }

  function asleep(subscription: Subscription): boolean {
    return status.offline || (status.hidden && subscription.whenHidden === 0);
  }

  /** Starts, changes or stops the subscription's timer to match its subscribers and the page; true when it (re)started. */
  function restart(subscription: Subscription): boolean {
    // A subscriber at 0 (or none) does not poll, and must not stop the others from polling.
    const frequency = Math.min(...subscription.frequencies.filter((given) => given > 0));
    const interval = Number.isFinite(frequency) ? frequency : undefined;
    const running = interval !== undefined && !asleep(subscription);
    if (interval === subscription.interval && running === (subscription.timer !== undefined)) return false;
    stop(subscription);
    subscription.interval = interval;
    if (!running) return false;
    next(subscription, interval);
    return true;
  }

  /** Polls `interval` ms from now, then again every `interval` (one timeout at a time: the scheduler needs no intervals). */
  function next(subscription: Subscription, interval: number): void {
    subscription.timer = setUnrefTimeout(
      options.scheduler,
      () => {
        next(subscription, interval);
        poll(subscription);
      },
      interval,
    );
  }

  function stop(subscription: Subscription): void {
    if (subscription.timer !== undefined) options.scheduler.clearTimeout(subscription.timer);
    subscription.timer = undefined;
  }

  /** Whether a poll fell due while the subscription slept. */
  function due(key: string, interval: number): boolean {
    const slice = selectSlice(store.getState());
    const meta = getOwn(slice.meta, key);
    const now = options.now();
    if (meta === undefined || meta.invalidated === true || meta.error !== undefined || meta.expiresAt < now) return true;
    return now - meta.date >= interval;
  }

  /**
   * After a page event, every subscription restarts: one the page no longer allows (hidden, offline) sleeps; on
   * `focus` or `online` (`woke`), one that was sleeping and may run again polls at once when due. A running one
   * whose interval is unchanged is left as it is.
   */
  function pageChanged(woke: boolean): void {
    for (const [key, subscription] of subscriptions) {
      if (restart(subscription) && woke && due(key, subscription.interval!)) poll(subscription);
    }
  }

  function subscribe(key: string, frequency: number | undefined, requestId: string): void {
    const pending = handoff.take(requestId);
    if (pending === undefined) return;
    let subscription = subscriptions.get(key);
    if (subscription === undefined) {
      subscription = { endpoint: pending.endpoint, args: pending.args, frequencies: [], whenHidden: 0 };
      subscriptions.set(key, subscription);
    }
    subscription.frequencies.push(frequency ?? pending.endpoint.pollFrequency ?? Infinity);
    if (endpointFlag(pending.endpoint, 'pollWhenHidden') === true) subscription.whenHidden++;
    restart(subscription);
    pending.resolve(undefined);
  }

  function unsubscribe(key: string, given: number | undefined, requestId: string): void {
    const pending = handoff.take(requestId);
    pending?.resolve(undefined);
    const subscription = subscriptions.get(key);
    if (subscription === undefined) return;
    const frequency = given ?? pending?.endpoint.pollFrequency ?? subscription.endpoint.pollFrequency ?? Infinity;
    const index = subscription.frequencies.indexOf(frequency);
    subscription.frequencies.splice(index === -1 ? subscription.frequencies.length - 1 : index, 1);
    if (subscription.whenHidden > 0 && endpointFlag(pending?.endpoint ?? subscription.endpoint, 'pollWhenHidden') === true) {
      subscription.whenHidden--;
    }
    if (subscription.frequencies.length === 0) {
      stop(subscription);
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
      } else if (actions.blur.match(action) || actions.focus.match(action)) {
        status.hidden = actions.blur.match(action);
        pageChanged(!status.hidden);
      } else if (actions.offline.match(action) || actions.online.match(action)) {
        status.offline = actions.offline.match(action);
        pageChanged(!status.offline);
      }
    },
  };
}
