import { useAuth } from '@client/auth';
import { LeiaBrowser } from './LeiaBrowser';

const SCOPE = { kind: 'mine' } as const;

/**
 * My LEIAs (route /leias; the profile's link): the signed-in user's
 * own LEIAs (GET /leias?owner=me), with the Search screen's filters, rows and actions.
 */
export function MyLeias() {
  const { user } = useAuth();
  return (
    <LeiaBrowser
      // A different account (sign-out, sign-in) gets fresh actors for its own scope.
      key={user?.id}
      title="My LEIAs"
      description="The LEIAs you have designed"
      scope={SCOPE}
    />
  );
}

export default MyLeias;
