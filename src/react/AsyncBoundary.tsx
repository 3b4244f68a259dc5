import { Suspense, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary, type ErrorComponentProps } from './ErrorBoundary';

/** Props of {@link AsyncBoundary}. */
export interface AsyncBoundaryProps {
  children?: ReactNode;
  /** Shown while a child suspends (its data is loading). Default: nothing. */
  fallback?: ReactNode;
  /** Shown after a child throws (a failed fetch). Default: the error's message in a `role="alert"` div. */
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
