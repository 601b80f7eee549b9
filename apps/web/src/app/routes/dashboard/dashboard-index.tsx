import { Navigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import { paths } from '../../../lib/paths';

/** /dashboard opens the first page of the user's sidebar: My Orders, or Sales for admins. */
export default function DashboardIndex() {
  const { isAdmin, adminLoading } = useAuth();
  if (adminLoading) return <Spinner label="Opening your dashboard" />;
  return <Navigate to={isAdmin ? paths.dashboard.sales : paths.dashboard.orders} replace />;
}
