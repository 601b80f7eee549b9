import { messages } from '@shop/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** Success shows "Congratulation!!" and the transaction id. */
export function PaymentSuccess({ transactionId }: { transactionId: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div role="status" className="flex flex-col items-start gap-3">
      <h2
        ref={headingRef}
        tabIndex={-1}
        className="text-2xl font-bold text-green-700 focus:outline-none"
      >
        {messages.success.paid}
      </h2>
      <p>
        Your transaction id: <span className="font-mono break-all">{transactionId}</span>
      </p>
      <Link to={paths.dashboard.orders} className="btn btn-primary btn-sm">
        Back to My Orders
      </Link>
    </div>
  );
}
