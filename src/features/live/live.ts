import type { LiveController } from '../../rest/liveController';
import type { EndpointInterface } from '../../store/endpoint';
import type { FeatureStore, RestFeature } from '../../store/feature';
import { errorMessage } from '../../store/serialize';

// Endpoint option `onSubscribe`: a live subscription per request key, running while the key
// has users. It follows the in-use registry (hooks, `controller.subscribe`, `controller.retain`), so it
// is runtime only: no action starts or stops it, and a replayed log opens no socket.

interface Live {
  /** The cleanup `onSubscribe` returned (once its promise resolved, for an async one). */
  cleanup?: () => void;
  /** Set when the last user left: a cleanup that resolves later runs at once. */
  stopped: boolean;
}

function subject(endpoint: EndpointInterface, key: string): string {
  return `\`onSubscribe\` of \`${endpoint.name}\` (${key})`;
}

function runCleanup(cleanup: () => void, endpoint: EndpointInterface, key: string): void {
  try {
    cleanup();
  } catch (error) {
    console.error(`[rest-slice] the cleanup returned by ${subject(endpoint, key)} threw: ${errorMessage(error)}`, error);
  }
}

/**
 * The live feature: runs each endpoint's `onSubscribe(controller, ...args)` when its request key
 * gets its first user, and the cleanup it returned when the last user leaves
 * (StrictMode's mount, unmount, mount runs it, cleans up, and runs it again).
 * A throwing `onSubscribe` or cleanup is logged with `console.error` naming
 * the endpoint and key; the store goes on. An async `onSubscribe` may resolve
 * with its cleanup.
 *
 * @example
 * const cache = createRestCache({ features: [live()] });
 */
export function live(): RestFeature {
  return { name: 'live', setup: (_cache, store) => runLive(store) };
}

function runLive(store: FeatureStore): Record<string, never> {
  const running = new Map<string, Live>();
  let controller: LiveController | undefined;

  function start(key: string, endpoint: EndpointInterface, args: readonly unknown[]): void {
    const entry: Live = { stopped: false };
    // Registered before the call: a user added or removed from inside `onSubscribe` sees it running.
    running.set(key, entry);
    controller ??= store.controller();
    let returned: unknown;
    try {
      returned = endpoint.onSubscribe!(controller, ...args);
    } catch (error) {
      console.error(
        `[rest-slice] ${subject(endpoint, key)} threw, so no live updates come for it until its users leave and one comes back: ${errorMessage(error)}`,
        error,
      );
      return;
    }
    const keep = (cleanup: unknown) => {
      if (typeof cleanup === 'function') {
        if (entry.stopped) runCleanup(cleanup as () => void, endpoint, key);
        else entry.cleanup = cleanup as () => void;
      } else if (cleanup !== undefined) {
        console.error(
          `[rest-slice] ${subject(endpoint, key)} should return a cleanup function or nothing, got ${typeof cleanup}: it is ignored.`,
        );
      }
    };
    if (typeof (returned as PromiseLike<unknown> | null)?.then === 'function') {
      (returned as PromiseLike<unknown>).then(keep, (error: unknown) => {
        console.error(`[rest-slice] ${subject(endpoint, key)} rejected: ${errorMessage(error)}`, error);
      });
    } else {
      keep(returned);
    }
  }

  function stop(key: string, endpoint: EndpointInterface): void {
    const entry = running.get(key);
    if (entry === undefined) return;
    running.delete(key);
    entry.stopped = true;
    if (entry.cleanup !== undefined) runCleanup(entry.cleanup, endpoint, key);
  }

  store.usage.onUsersChange((key, endpoint, args, count) => {
    if (count === 0) stop(key, endpoint);
    else if (!running.has(key) && typeof endpoint.onSubscribe === 'function') start(key, endpoint, args);
  });
  // Runtime only: no action of its own to handle.
  return {};
}
