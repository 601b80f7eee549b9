import { useCallback } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import { MyOrders } from '../../../features/orders/components/my-orders';

/** /dashboard/orders: the signed-in user's orders. A refused session signs out to the home page. */
export default function MyOrdersRoute() {
  const { user, signOut } = useAuth();
  const onSessionRejected = useCallback(() => void signOut(), [signOut]);
  if (!user) return <Spinner label="Loading your orders" />;
  return <MyOrders email={user.email} onSessionRejected={onSessionRejected} />;
}
