import { PasswordChangeActor } from '@client/screens/Profile/actors';
import { PasswordSection } from '@client/screens/Profile/PasswordSection';
import { PASSWORD_ACTION_TEXTS } from '@machines/passwordChange/actions';
import { passwordChangeMachine } from '@machines/passwordChange/machine';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fromPromise } from 'xstate';

/** Profile's Change Password form: its submit button is the action's (machines/passwordChange/actions.ts). */

const renderForm = () => {
  const calls: unknown[] = [];
  let finish: () => void = () => {};
  const logic = passwordChangeMachine.provide({
    actors: {
      changePassword: fromPromise(({ input }) => {
        calls.push(input);
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      }),
    },
    actions: { notify: () => {} },
  });
  render(
    <PasswordChangeActor.Provider logic={logic}>
      <PasswordSection />
    </PasswordChangeActor.Provider>,
  );
  return { calls, finish: () => act(async () => finish()) };
};

describe('Change Password', () => {
  it('submits (Enter too), then is disabled with the reason while the change is saved', async () => {
    const user = userEvent.setup();
    const { calls, finish } = renderForm();
    const form = screen.getByRole('form', { name: 'Change Password' });
    const submit = screen.getByRole('button', { name: 'Change Password' });
    expect(submit).toBeEnabled();
    expect(submit).toHaveAttribute('type', 'submit');
    await user.type(screen.getByLabelText('Current password'), 'old-pass');
    await user.type(screen.getByLabelText('New password', { exact: true }), 'new-pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-pass{Enter}');
    expect(calls).toEqual([{ currentPassword: 'old-pass', newPassword: 'new-pass' }]);
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('title', PASSWORD_ACTION_TEXTS.saving);
    expect(form).toBeInTheDocument();
    await finish();
    expect(submit).toBeEnabled();
    expect(submit).not.toHaveAttribute('title');
    // A click submits too: the empty form is refused with its message, and nothing is sent.
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in all password fields');
    expect(calls).toHaveLength(1);
  });
});
