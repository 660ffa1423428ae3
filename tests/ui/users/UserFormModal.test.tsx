import { screen, waitFor, within } from '@testing-library/react';
import {
  AFTER_SUCCESS,
  deferred,
  dialog,
  httpError,
  mocked,
  renderScreen,
  resetApi,
  teacher,
} from './harness';

const { fakeModule, partlyFake } = await vi.hoisted(() => import('../support/mocks'));
vi.mock('@client/api/users', fakeModule('listUsers', 'createUser', 'updateUser', 'deleteUser'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('@client/auth', partlyFake('useAuth'));

beforeEach(() => resetApi());

const openAdd = async () => {
  const screenApi = await renderScreen();
  await screenApi.user.click(screen.getByRole('button', { name: 'Add User' }));
  return { ...screenApi, modal: dialog('Add User') };
};

const openEdit = async () => {
  const screenApi = await renderScreen();
  await screenApi.user.click(screen.getByRole('button', { name: `Edit user ${teacher.email}` }));
  return { ...screenApi, modal: dialog('Edit User') };
};

describe('Add User modal', () => {
  it('starts blank with the role Instructor, focus in Email, and the four fields', async () => {
    const { modal } = await openAdd();
    expect(modal.getByLabelText('Email')).toHaveValue('');
    expect(modal.getByLabelText('Email')).toHaveFocus();
    expect(modal.getByLabelText('Role')).toHaveValue('instructor');
    expect(modal.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(modal.getByLabelText('Confirm Password')).toHaveValue('');
    expect(modal.getByRole('option', { name: 'Administrator' })).toBeInTheDocument();
    expect(modal.getByRole('option', { name: 'Advanced' })).toBeInTheDocument();
  });

  it('shows the required messages on an empty submit and sends nothing', async () => {
    const { user, modal } = await openAdd();
    await user.click(modal.getByRole('button', { name: 'Create User' }));
    expect(modal.getByText('Email is required')).toBeInTheDocument();
    expect(modal.getByText('Password is required')).toBeInTheDocument();
    expect(modal.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(mocked.createUser).not.toHaveBeenCalled();
  });

  it('checks the email, the password length and the confirmation', async () => {
    const { user, modal } = await openAdd();
    await user.type(modal.getByLabelText('Email'), 'not-an-email');
    await user.type(modal.getByLabelText('Password'), 'abc');
    await user.click(modal.getByRole('button', { name: 'Create User' }));
    expect(modal.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(modal.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(modal.getByText('Please confirm your password')).toBeInTheDocument();

    await user.type(modal.getByLabelText('Password'), 'def');
    await user.type(modal.getByLabelText('Confirm Password'), 'abcxyz');
    await user.click(modal.getByRole('button', { name: 'Create User' }));
    expect(modal.getByText('Passwords do not match')).toBeInTheDocument();
  });

  it('creates with the trimmed email, disables the button while saving, shows the green message, then closes and reloads', async () => {
    const save = deferred<typeof teacher>();
    mocked.createUser.mockReturnValue(save.promise);
    const { user, modal } = await openAdd();
    await user.type(modal.getByLabelText('Email'), '  new@school.org ');
    await user.selectOptions(modal.getByLabelText('Role'), 'advanced');
    await user.type(modal.getByLabelText('Password'), 'secret1');
    await user.type(modal.getByLabelText('Confirm Password'), 'secret1');
    await user.click(modal.getByRole('button', { name: 'Create User' }));

    expect(mocked.createUser).toHaveBeenCalledWith({
      email: 'new@school.org',
      role: 'advanced',
      password: 'secret1',
    });
    const submit = modal.getByRole('button', { name: 'Create User' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');

    save.resolve(teacher);
    expect(await modal.findByRole('status')).toHaveTextContent('User created successfully!');
    expect(mocked.listUsers).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), AFTER_SUCCESS);
    expect(mocked.listUsers).toHaveBeenCalledTimes(2);
    // The focus goes to the saved user's row, not to the page.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: `Edit user ${teacher.email}` })).toHaveFocus(),
    );
  });

  it('on failure shows the validation texts joined with commas, or the server message, and stays open', async () => {
    mocked.createUser
      .mockRejectedValueOnce(
        httpError(400, {
          message: 'Invalid input',
          validationErrors: { email: 'Email is required', password: 'Password is required' },
        }),
      )
      .mockRejectedValueOnce(httpError(409, { message: 'A user with this email already exists' }))
      .mockRejectedValueOnce(httpError(500));
    const { user, modal } = await openAdd();
    await user.type(modal.getByLabelText('Email'), 'new@school.org');
    await user.type(modal.getByLabelText('Password'), 'secret1');
    await user.type(modal.getByLabelText('Confirm Password'), 'secret1');

    await user.click(modal.getByRole('button', { name: 'Create User' }));
    expect(await modal.findByRole('alert')).toHaveTextContent('Email is required, Password is required');
    await user.click(modal.getByRole('button', { name: 'Create User' }));
    await waitFor(() =>
      expect(modal.getByRole('alert')).toHaveTextContent('A user with this email already exists'),
    );
    await user.click(modal.getByRole('button', { name: 'Create User' }));
    await waitFor(() =>
      expect(modal.getByRole('alert')).toHaveTextContent('An error occurred while creating the user'),
    );
    expect(screen.getByRole('dialog', { name: 'Add User' })).toBeInTheDocument();
  });

  it('shows and hides each password', async () => {
    const { user, modal } = await openAdd();
    const [showPassword, showConfirm] = modal.getAllByRole('button', { name: 'Show password' });
    await user.click(showPassword!);
    expect(modal.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(modal.getByLabelText('Confirm Password')).toHaveAttribute('type', 'password');
    await user.click(showConfirm!);
    expect(modal.getByLabelText('Confirm Password')).toHaveAttribute('type', 'text');
    await user.click(modal.getAllByRole('button', { name: 'Hide password' })[0]!);
    expect(modal.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('Cancel, Escape and Close ask before dropping what was typed; Keep editing is the default', async () => {
    const { user, modal } = await openAdd();
    const email = modal.getByLabelText('Email');
    await user.type(email, 'draft@school.org');
    await user.click(modal.getByRole('button', { name: 'Cancel' }));
    const ask = screen.getByRole('dialog', { name: 'Discard your changes?' });
    expect(within(ask).getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();
    expect(email).toHaveValue('draft@school.org');

    email.focus();
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Discard your changes?' })).toBeNull();
    expect(email).toHaveFocus();
    expect(email).toHaveValue('draft@school.org');

    await user.click(modal.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mocked.createUser).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Add User' })).toHaveFocus();
  });

  it('closes at once when nothing was typed', async () => {
    const { user, modal } = await openAdd();
    await user.click(modal.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('Edit User modal', () => {
  it('is prefilled with the email and role, passwords blank', async () => {
    const { modal } = await openEdit();
    expect(modal.getByLabelText('Email')).toHaveValue(teacher.email);
    expect(modal.getByLabelText('Role')).toHaveValue('instructor');
    expect(modal.getByLabelText('Password')).toHaveValue('');
    expect(modal.getByText('Leave blank to keep the current password')).toBeInTheDocument();
  });

  it('a blank password means unchanged: it is not sent; then the green message', async () => {
    const { user, modal } = await openEdit();
    await user.selectOptions(modal.getByLabelText('Role'), 'admin');
    await user.click(modal.getByRole('button', { name: 'Update User' }));
    expect(mocked.updateUser).toHaveBeenCalledWith(teacher.id, { email: teacher.email, role: 'admin' });
    expect(await modal.findByRole('status')).toHaveTextContent('User updated successfully!');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), AFTER_SUCCESS);
    expect(mocked.listUsers).toHaveBeenCalledTimes(2);
    // The rows stay while the list refreshes, so focus goes back to the button that opened the modal.
    expect(screen.getByRole('button', { name: `Edit user ${teacher.email}` })).toHaveFocus();
  });

  it('sends a typed password once confirmed', async () => {
    const { user, modal } = await openEdit();
    await user.type(modal.getByLabelText('Password'), 'newpass');
    await user.type(modal.getByLabelText('Confirm Password'), 'newpass');
    await user.click(modal.getByRole('button', { name: 'Update User' }));
    expect(mocked.updateUser).toHaveBeenCalledWith(teacher.id, {
      email: teacher.email,
      role: 'instructor',
      password: 'newpass',
    });
  });

  it('shows the update default on a failure without a message', async () => {
    mocked.updateUser.mockRejectedValue(httpError(500));
    const { user, modal } = await openEdit();
    await user.click(modal.getByRole('button', { name: 'Update User' }));
    expect(await modal.findByRole('alert')).toHaveTextContent('An error occurred while updating the user');
  });

  it('Reset restores the prefilled values and clears errors and password visibility', async () => {
    const { user, modal } = await openEdit();
    await user.clear(modal.getByLabelText('Email'));
    await user.type(modal.getByLabelText('Email'), 'broken');
    await user.type(modal.getByLabelText('Password'), 'abc');
    await user.click(modal.getAllByRole('button', { name: 'Show password' })[0]!);
    await user.click(modal.getByRole('button', { name: 'Update User' }));
    expect(modal.getByText('Please enter a valid email address')).toBeInTheDocument();

    await user.click(modal.getByRole('button', { name: 'Reset' }));
    expect(modal.getByLabelText('Email')).toHaveValue(teacher.email);
    expect(modal.getByLabelText('Password')).toHaveValue('');
    expect(modal.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(modal.queryByText('Please enter a valid email address')).toBeNull();
    expect(modal.queryByText('Password must be at least 6 characters')).toBeNull();
  });
});
