import { availability } from '@machines/action';
import { createDeleteDialogMachine } from '@machines/deleteDialog';
import { addUser, changeRole, deleteUserBy, editUser, USER_ACTION_TEXTS } from '@machines/users/actions';
import { userFormMachine } from '@machines/users/form';
import { USER_ROLE_TEXTS, userRoleMachine } from '@machines/users/role';
import { canDeleteUser } from '@shared/permissions';
import type { UserListItem } from '@shared/schemas/users';
import { createActor, fromPromise } from 'xstate';

/**
 * User Management's actions (machines/users/actions.ts) asked of the machines they are sent to:
 * when each is available is those machines' guards, read with `snapshot.can`.
 */

const viewer = { id: 'u-admin', role: 'admin' as const };
const user = (id: string, role: UserListItem['role'] = 'instructor'): UserListItem => ({
  id,
  email: `${id}@example.com`,
  role,
  createdAt: '2025-01-01T00:00:00.000Z',
  ownedItems: 0,
});
const own = user(viewer.id, 'admin');
const ada = user('u-ada');
const never = () => new Promise<unknown>(() => {});

describe('Add user and Edit user (the add/edit form)', () => {
  const form = () =>
    createActor(
      userFormMachine.provide({ actors: { saveUser: fromPromise(never) }, actions: { onDone: () => {} } }),
    ).start();

  it('open the form while it is closed or being edited', () => {
    const actor = form();
    expect(actor.getSnapshot().can(addUser.event())).toBe(true);
    actor.send(editUser.event(ada));
    expect(actor.getSnapshot().context.user).toEqual(ada);
    expect(actor.getSnapshot().can(addUser.event())).toBe(true);
  });

  it('are refused while a user is saved, with the reason; the refused event changes nothing', () => {
    const actor = form();
    actor.send(addUser.event());
    for (const [field, value] of [
      ['email', 'new@example.com'],
      ['password', 'long-enough-password'],
      ['confirmPassword', 'long-enough-password'],
    ] as const) {
      actor.send({ type: 'form.change', field, value });
    }
    actor.send({ type: 'form.submit' });
    const saving = actor.getSnapshot();
    expect(saving.matches({ Open: 'Submitting' })).toBe(true);
    expect(availability(saving, editUser, ada)).toEqual({
      applies: true,
      can: false,
      reason: USER_ACTION_TEXTS.saving,
    });
    actor.send(editUser.event(ada));
    expect(actor.getSnapshot()).toBe(saving);
  });
});

describe('Delete user (the delete dialog, never on the viewer’s own account)', () => {
  const dialog = () =>
    createActor(
      createDeleteDialogMachine<UserListItem>().provide({
        actors: { deleteItem: fromPromise(never) },
        actions: { onDeleted: () => {} },
      }),
      { input: { deletable: (target) => canDeleteUser(viewer, target) } },
    ).start();
  const deleteUser = deleteUserBy(viewer);

  it('opens on another user', () => {
    const actor = dialog();
    expect(actor.getSnapshot().can(deleteUser.event(ada))).toBe(true);
    actor.send(deleteUser.event(ada));
    expect(actor.getSnapshot().context.target).toEqual(ada);
  });

  it('does not apply to the viewer’s own account, which the dialog refuses: the refused event changes nothing', () => {
    const actor = dialog();
    expect(availability(actor.getSnapshot(), deleteUser, own).applies).toBe(false);
    const closed = actor.getSnapshot();
    expect(closed.can(deleteUser.event(own))).toBe(false);
    actor.send(deleteUser.event(own));
    expect(actor.getSnapshot()).toBe(closed);
    // Open on another user, the own account is still refused.
    actor.send(deleteUser.event(ada));
    expect(actor.getSnapshot().can(deleteUser.event(own))).toBe(false);
  });
});

describe('Change user role (the role change)', () => {
  const roles = () =>
    createActor(
      userRoleMachine.provide({
        actors: { saveRole: fromPromise(never) },
        actions: { notify: () => {}, onChanged: () => {} },
      }),
    ).start();

  it('takes another role than the user’s, and refuses their own role: the refused event changes nothing', () => {
    const actor = roles();
    const idle = actor.getSnapshot();
    expect(idle.can(changeRole.event({ user: ada, role: 'advanced' }))).toBe(true);
    expect(idle.can(changeRole.event({ user: ada, role: 'instructor' }))).toBe(false);
    actor.send(changeRole.event({ user: ada, role: 'instructor' }));
    expect(actor.getSnapshot()).toBe(idle);
  });

  it('is refused while a change is saved, with the reason', () => {
    const actor = roles();
    actor.send(changeRole.event({ user: ada, role: 'advanced' }));
    const saving = actor.getSnapshot();
    expect(saving.value).toBe('Saving');
    expect(availability(saving, changeRole, { user: ada, role: 'admin' })).toEqual({
      applies: true,
      can: false,
      reason: USER_ROLE_TEXTS.saving,
    });
    actor.send(changeRole.event({ user: ada, role: 'admin' }));
    expect(actor.getSnapshot()).toBe(saving);
  });
});
