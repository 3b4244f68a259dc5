import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';

/** Props the error component of a boundary receives. */
export interface ErrorComponentProps<E extends Error = Error> {
  readonly error: E;
  /** Clears the error and renders the children again (they refetch once the error has expired). */
  readonly resetErrorBoundary: () => void;
}

/** Props of {@link ErrorBoundary}. */
export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** Rendered instead of the children after a caught error. Default: the error's message in a `role="alert"` div. */
  errorComponent?: ComponentType<ErrorComponentProps>;
  /** Which errors to catch; the others go on to the next boundary up. Default: every error. */
  shouldCatch?: (error: Error) => boolean;
  /** Called with each caught error (to report it). Default: none. */
  onError?: (error: Error, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  error: Error | undefined;
}

function DefaultErrorComponent({ error }: ErrorComponentProps) {
  return <div role="alert">{error.message}</div>;
}

function asError(thrown: unknown): Error {
  return thrown instanceof Error ? thrown : new Error(String(thrown));
}

/** Catches render errors below it (such as those `useSuspense` throws) and renders `errorComponent`. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: asError(error) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const caught = asError(error);
    if (this.props.shouldCatch === undefined || this.props.shouldCatch(caught)) this.props.onError?.(caught, info);
  }

  resetErrorBoundary = (): void => {
    this.setState({ error: undefined });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    // A static `getDerivedStateFromError` cannot read props: rethrowing here hands the error to the next boundary.
    if (this.props.shouldCatch !== undefined && !this.props.shouldCatch(error)) throw error;
    const ErrorComponent = this.props.errorComponent ?? DefaultErrorComponent;
    return <ErrorComponent error={error} resetErrorBoundary={this.resetErrorBoundary} />;
  }
}
