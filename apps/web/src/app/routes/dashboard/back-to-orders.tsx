import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** Back to the list an order was opened from: Manage All Orders for admins, else My Orders. */
export function BackToOrders({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Link
      to={isAdmin ? paths.dashboard.manageAllOrders : paths.dashboard.orders}
      className="link link-primary self-start text-sm"
    >
      ← {isAdmin ? 'Manage All Orders' : 'My Orders'}
    </Link>
  );
}
