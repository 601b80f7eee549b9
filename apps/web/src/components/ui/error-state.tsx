interface ErrorStateProps {
  title?: string;
  error: unknown;
  onRetry?: () => void;
}

/** A failed load: what went wrong, in words, and a way to try again. */
export function ErrorState({ title = 'Something went wrong', error, onRetry }: ErrorStateProps) {
  const message = error instanceof Error ? error.message : 'Please try again.';
  return (
    <div role="alert" className="alert alert-error alert-soft mx-auto my-6 max-w-xl">
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{message}</p>
      </div>
      {onRetry && (
        <button type="button" className="btn btn-sm" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
