import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import { useProfile } from '../../../features/profile/api/get-profile';
import { ProfileCard } from '../../../features/profile/components/profile-card';
import { ProfileForm } from '../../../features/profile/components/profile-form';
import { DashboardScreen } from './dashboard-screen';

function ProfileContent({ email }: { email: string }) {
  const profile = useProfile(email);
  if (profile.isPending) return <Spinner label="Loading your profile" />;
  if (profile.isError)
    return (
      <ErrorState
        title="Your profile could not be loaded"
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    );
  return (
    <div className="grid items-start gap-8 lg:grid-cols-2">
      <ProfileCard profile={profile.data} />
      <ProfileForm email={email} profile={profile.data} />
    </div>
  );
}

/** My Profile (signed in): the profile card and the Update Profile form. */
export default function ProfileRoute() {
  const { user } = useAuth();
  return (
    <DashboardScreen title="My Profile">
      {user ? <ProfileContent email={user.email} /> : <Spinner label="Loading your profile" />}
    </DashboardScreen>
  );
}
