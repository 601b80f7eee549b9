import { QueryState } from '../../../components/ui/query-state';
import { Spinner } from '../../../components/ui/spinner';
import { ChangeNameForm } from '../../../features/auth/components/change-name-form';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form';
import { useAuth } from '../../../features/auth/hooks/use-auth';
import { useProfile } from '../../../features/profile/api/get-profile';
import { AddressBook } from '../../../features/profile/components/address-book';
import { ProfileCard } from '../../../features/profile/components/profile-card';
import { ProfileForm } from '../../../features/profile/components/profile-form';
import { DashboardScreen } from './dashboard-screen';

function ProfileContent({ email }: { email: string }) {
  return (
    <QueryState
      query={useProfile(email)}
      pendingLabel="Loading your profile"
      errorTitle="Your profile could not be loaded"
    >
      {(profile) => (
        <div className="grid items-start gap-8 lg:grid-cols-2">
          <ProfileCard profile={profile} />
          <ProfileForm email={email} profile={profile} />
          <ChangeNameForm name={profile.name} />
          <ChangePasswordForm />
          <AddressBook email={email} buyerName={profile.name} />
        </div>
      )}
    </QueryState>
  );
}

/**
 * My Profile (signed in): the profile card and the Update Profile form, then the account's
 * display name and password, then the address book.
 */
export default function ProfileRoute() {
  const { user } = useAuth();
  return (
    <DashboardScreen title="My Profile">
      {user ? <ProfileContent email={user.email} /> : <Spinner label="Loading your profile" />}
    </DashboardScreen>
  );
}
