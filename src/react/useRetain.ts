import { useEffect } from 'react';
import type { EndpointInterface } from 'rest-slice';
import { useController } from './useController';

/**
 * Holds `endpoint(...args)` in use while the component is mounted (garbage
 * collection keeps it), through `controller.retain`; the store does the
 * counting. Retained in an effect, so StrictMode's mount, unmount, mount
 * leaves exactly one user. `key` `undefined` (skipped args) retains nothing.
 */
export function useRetain(endpoint: EndpointInterface, args: readonly unknown[], key: string | undefined): void {
  const controller = useController();
  useEffect(() => {
    if (key === undefined) return undefined;
    return controller.retain(endpoint, ...args);
    // `key` stands for `endpoint` and `args`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, key]);
}
