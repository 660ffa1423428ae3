import { screen, waitFor } from '@testing-library/react';
import {
  AFTER_SUCCESS,
  admin,
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

const openDelete = async (email = teacher.email) => {
  const screenApi = await renderScreen();
  await screenApi.user.click(screen.getByRole('button', { name: `Delete user ${email}` }));
  const modal = dialog('Delete User');
  return {
    ...screenApi,
    modal,
    field: modal.getByRole('textbox'),
    button: modal.getByRole('button', { name: 'Delete User' }),
  };
};

describe('Delete User modal', () => {
  it('names the user, warns, and says how many owned items move to the admin', async () => {
    const { modal, field } = await openDelete();
    expect(modal.getByText(/This action cannot be undone/)).toBeInTheDocument();
    expect(
      modal.getByText(
        '3 items owned by this user (resources, LEIAs, activities) will be transferred to you.',
      ),
    ).toBeInTheDocument();
    expect(field).toHaveAccessibleName(`Type ${teacher.email} to confirm`);
    expect(field).toHaveFocus();
  });

  it('says nothing about a transfer when the user owns nothing', async () => {
    const { modal } = await openDelete(admin.email);
    expect(modal.queryByText(/will be transferred to you/)).toBeNull();
  });

  it('enables Delete only when the typed email matches exactly, with the mismatch message before', async () => {
    const { user, modal, field, button } = await openDelete();
    expect(button).toBeDisabled();
    await user.type(field, 'Teacher@school.org');
    expect(button).toBeDisabled();
    expect(modal.getByText(`Email doesn't match. Type "${teacher.email}" exactly.`)).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, teacher.email);
    expect(button).toBeEnabled();
    expect(modal.queryByText(/doesn't match/)).toBeNull();
  });

  it('has no Reset (only Delete LEIA has one); reopening starts blank', async () => {
    const { user, modal, field } = await openDelete();
    expect(modal.queryByRole('button', { name: 'Reset' })).toBeNull();
    await user.type(field, 'tea');
    await user.click(modal.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: `Delete user ${teacher.email}` }));
    expect(dialog('Delete User').getByRole('textbox')).toHaveValue('');
  });

  it('deletes: "Deleting..." while in flight, then the green message for 1.5 s, then closes and reloads', async () => {
    const call = deferred<undefined>();
    mocked.deleteUser.mockReturnValue(call.promise);
    const { user, modal, field, button } = await openDelete();
    await user.type(field, teacher.email);
    await user.click(button);
    expect(mocked.deleteUser).toHaveBeenCalledWith(teacher.id);
    expect(modal.getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(field).toBeDisabled();
    expect(modal.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    call.resolve(undefined);
    expect(await modal.findByRole('status')).toHaveTextContent('User deleted successfully!');
    expect(mocked.listUsers).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), AFTER_SUCCESS);
    expect(mocked.listUsers).toHaveBeenCalledTimes(2);
  });

  it('shows the server message, else the default, and stays open', async () => {
    mocked.deleteUser
      .mockRejectedValueOnce(httpError(400, { message: 'You cannot delete your own account' }))
      .mockRejectedValueOnce(httpError(500));
    const { user, modal, field, button } = await openDelete();
    await user.type(field, teacher.email);
    await user.click(button);
    expect(await modal.findByRole('alert')).toHaveTextContent('You cannot delete your own account');
    await user.click(modal.getByRole('button', { name: 'Delete User' }));
    await waitFor(() =>
      expect(modal.getByRole('alert')).toHaveTextContent('An error occurred while deleting the user'),
    );
    expect(screen.getByRole('dialog', { name: 'Delete User' })).toBeInTheDocument();
    expect(mocked.listUsers).toHaveBeenCalledTimes(1);
  });
});
