import type { ComponentType, ReactNode } from 'react';
import { ErrorBoundary, type ErrorComponentProps } from './ErrorBoundary';

/** An error that came with an HTTP status, such as `NetworkError`. */
export type StatusError = Error & {
  /** The HTTP status of the failed response. */
  readonly status: number;
};

/** Props of {@link NetworkErrorBoundary}. */
export interface NetworkErrorBoundaryProps {
  /** The components whose HTTP errors are caught. */
  children?: ReactNode;
  /**
   * Rendered for an error with a `status`, with the error and `resetErrorBoundary`.
   * @defaultValue the error's message in a `role="alert"` div, after its status and status text when the message does not give them
   */
  fallbackComponent?: ComponentType<ErrorComponentProps<StatusError>>;
  /**
   * Passed to the fallback component as `className` (the default one puts it on its div), as in Data Client.
   * @defaultValue none
   */
  className?: string;
}

/** True for an error that carries a numeric `status` (a `NetworkError`). */
export function hasStatus(error: Error): error is StatusError {
  return typeof (error as { status?: unknown }).status === 'number';
}

/**
 * Renders `fallbackComponent` for errors that carry a `status` (HTTP
 * failures); any other error goes on to the next boundary up.
 *
 * @example
 * <NetworkErrorBoundary fallbackComponent={({ error }) => <p>HTTP {error.status}</p>}>
 *   <TodoList />
 * </NetworkErrorBoundary>
 */
export function NetworkErrorBoundary({ children, fallbackComponent, className }: NetworkErrorBoundaryProps) {
  return (
    <ErrorBoundary shouldCatch={hasStatus} errorComponent={fallbackComponent as ComponentType<ErrorComponentProps> | undefined} className={className}>
      {children}
    </ErrorBoundary>
  );
}
