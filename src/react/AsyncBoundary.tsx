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
   * @defaultValue the error's message in a `role="alert"` div, after its HTTP status and status text when the message does not give them
   */
  errorComponent?: ComponentType<ErrorComponentProps>;
  /**
   * Passed to the error component as `className` (the default one puts it on its div), as in Data Client.
   * @defaultValue none
   */
  errorClassName?: string;
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
export function AsyncBoundary({ children, fallback = null, errorComponent, errorClassName }: AsyncBoundaryProps) {
  return (
    <Suspense fallback={fallback}>
      <ErrorBoundary errorComponent={errorComponent} className={errorClassName}>
        {children}
      </ErrorBoundary>
    </Suspense>
  );
}
