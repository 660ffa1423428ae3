import { actionsOf } from '../action';
import type { EmailChangeEvent, EmailChangeSnapshot } from './machine';

/**
 * What the profile's email row offers, each defined once (machines/action.ts): its buttons and
 * its palette command come from these; when each is available is the machine's (./machine.ts).
 */

const GROUP = 'Profile';
const defineAction = actionsOf<EmailChangeEvent, EmailChangeSnapshot>();

export const EMAIL_ACTION_TEXTS = {
  editing: 'The email is being edited',
  saving: 'The email is being saved',
} as const;

/** Edit the signed-in user's email; its target is the address it starts from. */
export const editEmail = defineAction<string>({
  id: 'profile.editEmail',
  label: 'Edit',
  title: 'Edit email',
  group: GROUP,
  keywords: ['change email', 'account'],
  type: 'email.edit',
  event: (current) => ({ type: 'email.edit', current }),
  unavailable: (s) => (s.hasTag('loading') ? EMAIL_ACTION_TEXTS.saving : EMAIL_ACTION_TEXTS.editing),
});

export const cancelEmailEdit = defineAction({
  id: 'profile.cancelEmail',
  label: 'Cancel',
  title: 'Cancel editing the email',
  group: GROUP,
  type: 'email.cancel',
  event: () => ({ type: 'email.cancel' }),
  unavailable: EMAIL_ACTION_TEXTS.saving,
});
