import { messages } from '@shop/shared';
import { useEffect, useRef } from 'react';

/** Success shows "Congratulation!!" and the transaction id, read out and focused at once. */
export function PaymentSuccess({ transactionId }: { transactionId: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div role="status" className="flex flex-col items-start gap-2">
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
    </div>
  );
}
