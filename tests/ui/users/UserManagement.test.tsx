import { usePaletteCommands } from '@client/palette';
import { NOTICE_TOAST } from '@client/toasts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import {
  actionCommand,
  argumentPage,
  chooseItems,
  findCommand,
  pageCommand,
  pageItems,
  registeredCommands,
} from '../support/palette';
import { signInAs } from '../support/session';
import { admin, deferred, dialog, httpError, mocked, renderScreen, resetApi, teacher } from './harness';

const { fakeModule, partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
vi.mock('@client/api/users', fakeModule('listUsers', 'createUser', 'updateUser', 'deleteUser'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('sonner', fakeToasts);

beforeEach(() => {
  resetApi();
  vi.mocked(usePaletteCommands).mockReset();
  vi.mocked(toast.success).mockReset();
  vi.mocked(toast.error).mockReset();
});

describe('an admin’s own account', () => {
  it('is never offered for deletion, neither in the table nor in the palette', async () => {
    signInAs({ id: admin.id, email: admin.email, role: 'admin' });
    await renderScreen();
    expect(screen.queryByRole('button', { name: `Delete user ${admin.email}` })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Delete user ${teacher.email}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Edit user ${admin.email}` })).toBeInTheDocument();
    const offered = await pageItems(pageCommand('users.delete'));
    expect(offered.map((item) => item.title)).toEqual([teacher.email]);
  });
});

describe('User Management screen', () => {
  it('has the title, the description and an Add User button', async () => {
    await renderScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument();
    expect(screen.getByText('Manage users, roles, and permissions')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add User' })).toBeInTheDocument();
  });

  it('shows "Loading users..." with a spinner while loading', async () => {
    const pending = deferred<never[]>();
    mocked.listUsers.mockReturnValue(pending.promise);
    await renderScreen({ waitForRows: false });
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading users...');
    expect(status.querySelector('.spinner')).not.toBeNull();
    await act(async () => pending.resolve([]));
  });

  it('lists each user: avatar letter, email, id, coloured role badge, formatted date, actions', async () => {
    await renderScreen();
    const table = screen.getByRole('table', { name: 'Users' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Email', 'Role', 'Creation Date', 'Actions']);

    const row = screen.getByRole('row', { name: /teacher@school\.org/ });
    expect(within(row).getByText('T')).toHaveAttribute('aria-hidden', 'true');
    expect(within(row).getByText(teacher.id)).toBeInTheDocument();
    const badge = within(row).getByText('Instructor');
    expect(badge).toHaveClass('badge--green');
    expect(
      within(screen.getByRole('row', { name: /admin@leia\.local/ })).getByText('Administrator'),
    ).toHaveClass('badge--purple');
    const time = within(row).getByText((_, el) => el?.tagName === 'TIME');
    expect(time).toHaveAttribute('dateTime', teacher.createdAt);
    expect(time.textContent).toMatch(/^Nov \d{1,2}, 2025, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(within(row).getByRole('button', { name: 'Edit user teacher@school.org' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Delete user teacher@school.org' })).toBeInTheDocument();
  });

  it('shows "No users registered" for an empty list', async () => {
    mocked.listUsers.mockResolvedValue([]);
    await renderScreen({ waitForRows: false });
    expect(await screen.findByText('No users registered')).toBeInTheDocument();
  });

  it('shows a warning, "Failed to load users" and Retry on a failure; Retry loads again', async () => {
    mocked.listUsers.mockRejectedValueOnce(new Error('offline'));
    const { user } = await renderScreen({ waitForRows: false });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load users');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(mocked.listUsers).toHaveBeenCalledTimes(2);
  });
});

describe('User Management palette commands', () => {
  it('registers Add user, Edit user..., Delete user... and Change user role..., for admins only', async () => {
    await renderScreen();
    expect(registeredCommands().map((c) => c.title)).toEqual([
      'Add user',
      'Edit user...',
      'Delete user...',
      'Change user role...',
    ]);
    for (const c of registeredCommands()) {
      expect(c.allowed?.({ id: 'a', role: 'admin' })).toBe(true);
      expect(c.allowed?.({ id: 'b', role: 'advanced' })).toBe(false);
      expect(c.allowed?.({ id: 'c', role: 'instructor' })).toBe(false);
      expect(c.allowed?.(null)).toBe(false);
    }
  });

  it('Add user opens the empty Add User modal', async () => {
    await renderScreen();
    const add = actionCommand('users.add');
    act(() => add.run());
    expect(dialog('Add User').getByLabelText('Email')).toHaveValue('');
  });

  it('Edit user... lists users by email and opens the chosen one prefilled', async () => {
    await renderScreen();
    const edit = pageCommand('users.edit');
    const items = await pageItems(edit);
    expect(items.map((i) => [i.title, i.subtitle])).toEqual([
      ['admin@leia.local', 'Administrator'],
      ['teacher@school.org', 'Instructor'],
    ]);
    chooseItems(edit, items[1]!);
    expect(dialog('Edit User').getByLabelText('Email')).toHaveValue('teacher@school.org');
  });

  it('Delete user... opens the delete modal for the chosen user', async () => {
    await renderScreen();
    const del = pageCommand('users.delete');
    const items = await pageItems(del);
    chooseItems(del, items.find((i) => i.title === admin.email)!);
    expect(dialog('Delete User').getByRole('textbox')).toHaveAccessibleName(`Type ${admin.email} to confirm`);
  });

  it('Change user role... asks which user, then which of the other roles, and saves it through PUT /users/{id}', async () => {
    await renderScreen();
    const change = pageCommand('users.changeRole');
    expect(change.args).toHaveLength(2);
    const users = await pageItems(change);
    expect(users.map((i) => [i.title, i.subtitle])).toEqual([
      ['admin@leia.local', 'Administrator'],
      ['teacher@school.org', 'Instructor'],
    ]);
    const teacherItem = users.find((i) => i.title === teacher.email)!;
    const rolePage = argumentPage(change, 1, teacherItem.value);
    expect(rolePage.placeholder).toBe('Which new role? Type a role');
    const roles = rolePage.load ? await rolePage.load(new AbortController().signal) : [];
    expect(roles.map((i) => [i.title, i.value])).toEqual([
      ['Administrator', 'admin'],
      ['Advanced', 'advanced'],
    ]);
    chooseItems(change, teacherItem, roles[1]!);
    expect(mocked.updateUser).toHaveBeenCalledWith(teacher.id, { email: teacher.email, role: 'advanced' });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('teacher@school.org is now Advanced', NOTICE_TOAST),
    );
    // The list reloads with the new role.
    expect(mocked.listUsers).toHaveBeenCalledTimes(3);
  });

  it('Change user role... is disabled while a change is saved, and a refusal is a toast with the server message', async () => {
    const pending = deferred<typeof teacher>();
    mocked.updateUser.mockReturnValueOnce(pending.promise);
    await renderScreen();
    const change = pageCommand('users.changeRole');
    const [adminItem] = await pageItems(change);
    const instructor = { id: 'instructor', title: 'Instructor', value: 'instructor' };
    chooseItems(change, adminItem!, instructor);
    expect(findCommand('users.changeRole').disabled).toBe('A role change is being saved');
    await act(async () =>
      pending.reject(httpError(400, { message: 'Cannot change the role of the last administrator' })),
    );
    expect(toast.error).toHaveBeenCalledWith(
      'Cannot change the role of the last administrator',
      NOTICE_TOAST,
    );
    expect(findCommand('users.changeRole').disabled).toBeUndefined();
  });
});
