import { useParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import { PaymentPanel } from '../../../features/payments/components/payment-panel';
import { BackToOrders } from './back-to-orders';

/** /dashboard/payment/{id}: pay for one order. */
export default function PaymentRoute() {
  const { id = '' } = useParams();
  const { user, isAdmin } = useAuth();
  if (!user) return <Spinner label="Loading the order" />;
  return (
    <div className="flex flex-col gap-4">
      <BackToOrders isAdmin={isAdmin} />
      {/* A new order id starts afresh (no success or card state carried over). */}
      <PaymentPanel key={id} orderId={id} viewerEmail={user.email} />
    </div>
  );
}
