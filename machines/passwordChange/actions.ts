import type { Actor } from '@shared/permissions';
import { actionsOf } from '../action';
import type { PasswordChangeEvent, PasswordChangeSnapshot } from './machine';

/**
 * Changing one's password, defined once (machines/action.ts): the Profile form's submit button and
 * the palette's 'Change password' (which goes to that form from any screen) come from it; when it
 * is available is the machine's (./machine.ts: not while the change is being saved).
 */

const defineAction = actionsOf<PasswordChangeEvent, PasswordChangeSnapshot>();

export const PASSWORD_ACTION_TEXTS = {
  saving: 'The password is being changed',
} as const;

export const changePassword = defineAction({
  id: 'account.changePassword',
  label: 'Change Password',
  title: 'Change password',
  group: 'Account',
  keywords: ['password', 'security', 'profile'],
  allowed: (actor: Actor | null) => actor !== null,
  type: 'password.submit',
  event: () => ({ type: 'password.submit' }),
  unavailable: PASSWORD_ACTION_TEXTS.saving,
});
