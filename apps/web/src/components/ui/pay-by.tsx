import { formatDeadline } from '../../lib/format';

interface PayByProps {
  /** The order's reservation deadline (ISO time), or null once it is not unpaid. */
  payBy: string | null;
  /** The longer sentence, for the payment page. */
  explained?: boolean;
  className?: string;
}

/** An unpaid order holds its stock until `payBy`; after that it is cancelled by the shop. */
export function PayBy({ payBy, explained = false, className = '' }: PayByProps) {
  if (!payBy) return null;
  const time = <time dateTime={payBy}>{formatDeadline(payBy)}</time>;
  return (
    <p className={`text-sm ${className}`}>
      {explained ? (
        <>
          Please pay by <strong>{time}</strong>. After that the order is cancelled and its units go
          back on sale.
        </>
      ) : (
        <>Pay by {time}</>
      )}
    </p>
  );
}
