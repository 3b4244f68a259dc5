/**
 * The `rest-slice/react` entry point: hooks over react-redux
 * (`useSuspense`, `useDLE`, `useController`, ...) and the error and loading
 * boundaries.
 *
 * @module rest-slice/react
 */
// The core is imported as `rest-slice` so both entries share one module instance.
export { AsyncBoundary } from './AsyncBoundary';
export { ErrorBoundary } from './ErrorBoundary';
export { NetworkErrorBoundary } from './NetworkErrorBoundary';
export { RestCacheContext } from './RestCacheContext';
export { RestCacheProvider } from './RestCacheProvider';
export { useCache } from './useCache';
export { useController } from './useController';
export { useDLE } from './useDLE';
export { useError } from './useError';
export { useFetch } from './useFetch';
export { useInfiniteDLE } from './useInfiniteDLE';
export { useInfiniteSuspense } from './useInfiniteSuspense';
export { useLive } from './useLive';
export { useLoading } from './useLoading';
export { useQuery } from './useQuery';
export { useRestCache } from './useRestCache';
export { useSubscription } from './useSubscription';
export { useSuspense } from './useSuspense';

export type { AsyncBoundaryProps } from './AsyncBoundary';
export type { ErrorBoundaryProps, ErrorComponentProps } from './ErrorBoundary';
export type { NetworkErrorBoundaryProps, StatusError } from './NetworkErrorBoundary';
export type { RestCacheProviderProps } from './RestCacheProvider';
export type { DataLoadingError } from './useDLE';
export type { EntityLookup } from './useQuery';
export type { InfiniteDataLoadingError } from './useInfiniteDLE';
export type { InfinitePages } from './useInfinitePages';
export type { InfiniteSuspense } from './useInfiniteSuspense';

// React hook state (Redux Toolkit Query's names), previous data while new args load, per-hook polling
export { useMutation } from './useMutation';
export { useRequest } from './useRequest';
export type { MutationResult, MutationTrigger } from './useMutation';
export type { RequestOptions, RequestResult } from './useRequest';
// The outbox feature's hook.
export { useOutbox } from './useOutbox';
export type { OutboxView } from './useOutbox';
