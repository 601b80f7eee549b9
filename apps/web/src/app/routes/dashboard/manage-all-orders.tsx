import { ManageAllOrders } from '../../../features/admin-orders/components/manage-all-orders';

/** /dashboard/manageAllOrders (admin, behind RequireAdmin). */
export default function ManageAllOrdersRoute() {
  return <ManageAllOrders />;
}
