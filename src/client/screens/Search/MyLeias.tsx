import { useAuth } from '@client/auth';
import { useMemo } from 'react';
import { LeiaBrowser } from './LeiaBrowser';
import type { LeiaScope } from './useLeiaActors';
import { useTryAction } from './useTryAction';

/**
 * My LEIAs (route /leias; the wizard's destination and the profile's link): the signed-in user's
 * own LEIAs, with the Search screen's filters, rows and actions.
 */
export function MyLeias() {
  const { user } = useAuth();
  const scope = useMemo<LeiaScope>(() => ({ kind: 'mine', ownerId: user?.id ?? '' }), [user?.id]);
  const tryAction = useTryAction();
  return (
    <LeiaBrowser
      // A different account (sign-out, sign-in) gets fresh actors for its own scope.
      key={user?.id}
      title="My LEIAs"
      description="The LEIAs you have designed"
      scope={scope}
      extraActions={tryAction}
    />
  );
}

export default MyLeias;
