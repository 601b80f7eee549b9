import { LineIcon } from './line-icon';

/**
 * A refusal of the whole form (the server's message), in red above or below it, read out at
 * once: the one alert of every form, the sign-in and sign-up screens' included.
 */
export function FormAlert({
  message,
  className = '',
}: {
  message: string | null;
  className?: string;
}) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className={`rounded-box flex items-start gap-2 border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800${className ? ` ${className}` : ''}`}
    >
      <LineIcon className="mt-0.5 h-4 w-4 shrink-0">
        <circle cx="12" cy="12" r="10" />
        <path d="M12 7v6M12 16.5v.5" />
      </LineIcon>
      <p>{message}</p>
    </div>
  );
}
