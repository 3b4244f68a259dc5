import { useEffect } from 'react';
import type { EndpointInterface, RetainableQuery } from 'rest-slice';
import { useController } from './useController';

/**
 * Holds `endpoint(...args)` (or a query read: `schema.Query`, `schema.All`,
 * Collection) in use while the component is mounted (garbage collection
 * keeps it), through `controller.retain`; the store does the counting.
 * Retained in an effect, so StrictMode's mount, unmount, mount leaves exactly
 * one user. `key` stands for the target and args (a new key retains anew);
 * `undefined` (skipped args) retains nothing.
 */
export function useRetain(target: EndpointInterface | RetainableQuery, args: readonly unknown[], key: string | undefined): void {
  const controller = useController();
  useEffect(() => {
    if (key === undefined) return undefined;
    return (controller.retain as (target: EndpointInterface | RetainableQuery, ...args: readonly unknown[]) => () => void)(target, ...args);
    // `key` stands for `target` and `args`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [controller, key]);
}
