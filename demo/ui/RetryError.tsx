import { useMemo, type ComponentType } from 'react';
import type { ErrorComponentProps } from 'rest-slice/react';

/** An error component for `AsyncBoundary`: what failed, and a Retry that refetches, then renders again. */
export function useRetryError(what: string, refetch: () => Promise<unknown>): ComponentType<ErrorComponentProps> {
  return useMemo(
    () =>
      function RetryError({ error, resetErrorBoundary }: ErrorComponentProps) {
        const status = (error as { status?: number }).status;
        return (
          <div className="error-box" role="alert">
            <strong>Could not load {what}</strong>
            <span>{status ? `The server answered ${status}.` : error.message}</span>
            <button type="button" onClick={() => void refetch().catch(() => undefined).finally(resetErrorBoundary)}>
              Retry
            </button>
          </div>
        );
      },
    // `refetch` is rebuilt each render; the component only needs the latest, and `what` names it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [what],
  );
}
