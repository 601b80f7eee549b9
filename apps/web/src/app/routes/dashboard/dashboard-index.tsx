import { Navigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import { paths } from '../../../lib/paths';

/** /dashboard opens the first page of the user's sidebar: My Orders, or All Users for admins. */
export default function DashboardIndex() {
  const { isAdmin, adminLoading } = useAuth();
  if (adminLoading) return <Spinner label="Opening your dashboard" />;
  return <Navigate to={isAdmin ? paths.dashboard.users : paths.dashboard.orders} replace />;
}
