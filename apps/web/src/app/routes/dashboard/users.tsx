import { Spinner } from '../../../components/ui/spinner';
import { UsersTable } from '../../../features/admin-users/components/users-table';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import { DashboardScreen } from './dashboard-screen';

/** All Users (admin): the users, Make Admin and Remove User. */
export default function UsersRoute() {
  const { user } = useAuth();
  return (
    <DashboardScreen title="All Users" intro="Make customers admins, or remove their accounts.">
      {user ? <UsersTable currentUserEmail={user.email} /> : <Spinner label="Loading" />}
    </DashboardScreen>
  );
}
