import { Suspense, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary, type ErrorComponentProps } from './ErrorBoundary';

/** Props of {@link AsyncBoundary}. */
export interface AsyncBoundaryProps {
  /** The components that load data (`useSuspense`, `useLive`, ...). */
  children?: ReactNode;
  /**
   * Shown while a child suspends (its data is loading).
   * @defaultValue `null` (nothing)
   */
  fallback?: ReactNode;
  /**
   * Shown after a child throws (a failed fetch), with the error and `resetErrorBoundary`.
   * @defaultValue the error's message in a `role="alert"` div
   */
  errorComponent?: ComponentType<ErrorComponentProps>;
}

/**
 * A Suspense boundary and an error boundary in one: place it around
 * components that call `useSuspense`.
 *
 * @example
 * <AsyncBoundary fallback={<Spinner />} errorComponent={ErrorMessage}>
 *   <TodoList />
 * </AsyncBoundary>
 */
export function AsyncBoundary({ children, fallback = null, errorComponent }: AsyncBoundaryProps) {
  return (
    <Suspense fallback={fallback}>
      <ErrorBoundary errorComponent={errorComponent}>{children}</ErrorBoundary>
    </Suspense>
  );
}
