import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

/** Props the error component of a boundary receives. */
export interface ErrorComponentProps<E extends Error = Error> {
  /** The caught error (a `NetworkError` has `status` and `response`). */
  readonly error: E;
  /** Clears the error and renders the children again (they refetch once the error has expired). */
  readonly resetErrorBoundary: () => void;
  /** The boundary's `className` (`errorClassName` on `AsyncBoundary`), for the component's outer element. */
  readonly className?: string;
}

/** Props of {@link ErrorBoundary}. */
export interface ErrorBoundaryProps {
  /** The components whose render errors are caught. */
  children?: ReactNode;
  /**
   * Rendered instead of the children after a caught error.
   * @defaultValue the error's message in a `role="alert"` div, after its HTTP status and status text when the message does not give them
   */
  errorComponent?: ComponentType<ErrorComponentProps>;
  /**
   * Passed to the error component as `className` (the default one puts it on its div).
   * @defaultValue none
   */
  className?: string;
  /**
   * Which errors to catch; the others go on to the next boundary up.
   * @defaultValue every error
   */
  shouldCatch?: (error: Error) => boolean;
  /**
   * Called with each caught error and React's `ErrorInfo` (to report it).
   * @defaultValue none
   */
  onError?: (error: Error, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  error: Error | undefined;
}

function DefaultErrorComponent({ error, className }: ErrorComponentProps) {
  // An HTTP error's status and status text (as a `NetworkError`'s message already gives them).
  const { status, response } = error as { status?: unknown; response?: { statusText?: unknown } };
  const statusText = typeof response?.statusText === 'string' ? response.statusText : '';
  const head = typeof status === 'number' ? `${status}${statusText && ` ${statusText}`}` : '';
  return (
    <div role="alert" className={className}>
      {head === '' || error.message.includes(head) ? error.message : `${head}: ${error.message}`}
    </div>
  );
}

function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

/**
 * Catches render errors below it (such as those `useSuspense` throws) and renders `errorComponent`.
 *
 * @example
 * <ErrorBoundary errorComponent={({ error, resetErrorBoundary }) => (
 *   <p>{error.message} <button onClick={resetErrorBoundary}>Retry</button></p>
 * )}>
 *   <TodoDetail id={1} />
 * </ErrorBoundary>
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  /** React state: the caught error. @hidden */
  override state: ErrorBoundaryState = { error: undefined };

  /** React lifecycle: stores the thrown value (as an `Error`). @hidden */
  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: asError(error) };
  }

  /** React lifecycle: reports a caught error to `onError`. @hidden */
  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const caught = asError(error);
    if (this.props.shouldCatch === undefined || this.props.shouldCatch(caught)) this.props.onError?.(caught, info);
  }

  /** Clears the caught error and renders the children again (what the error component's Retry calls). */
  resetErrorBoundary = (): void => {
    this.setState({ error: undefined });
  };

  /** React lifecycle: the children, or the error component after a caught error. @hidden */
  override render(): ReactNode {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    // A static `getDerivedStateFromError` cannot read props: rethrowing here hands the error to the next boundary.
    if (this.props.shouldCatch !== undefined && !this.props.shouldCatch(error)) throw error;
    const ErrorComponent = this.props.errorComponent ?? DefaultErrorComponent;
    return <ErrorComponent error={error} resetErrorBoundary={this.resetErrorBoundary} className={this.props.className} />;
  }
}
