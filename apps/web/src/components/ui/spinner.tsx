interface SpinnerProps {
  label?: string;
  className?: string;
}

/** A loading indicator that screen readers announce. */
export function Spinner({ label = 'Loading', className = '' }: SpinnerProps) {
  return (
    <div role="status" className={`flex items-center justify-center gap-3 py-10 ${className}`}>
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
