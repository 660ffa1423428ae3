import { useAuth } from '@client/auth';
import { Page } from '@client/components/Page';
import { AccountSection } from './AccountSection';
import { ProfileActors } from './actors';
import { PasswordSection } from './PasswordSection';

/** The Profile screen (route /profile, signed in). */
export default function Profile() {
  const { user } = useAuth();
  return (
    <ProfileActors>
      <Page title="Profile" description="View and manage your account information" width="narrow">
        <div className="stack">
          {user && <AccountSection user={user} />}
          <PasswordSection />
        </div>
      </Page>
    </ProfileActors>
  );
}
