import type { UserListItem } from '@client/api/users';
import * as api from '@client/api/users';
import { UserManagement } from '@client/screens/Users/UserManagement';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signInAs } from '../support/session';

/**
 * Shared by the users UI tests. Each test file mocks '@client/api/users', '@client/auth' (useAuth)
 * and '@client/palette' itself (vi.mock is hoisted per file), with ../support/mocks.ts's fakeModule; this module gives
 * the fixtures and the render helper.
 */

export const admin: UserListItem = {
  id: '0b8a4c1e-0000-4000-8000-000000000001',
  email: 'admin@leia.local',
  role: 'admin',
  createdAt: '2025-03-04T09:05:00.000Z',
  ownedItems: 0,
};

export const teacher: UserListItem = {
  id: '0b8a4c1e-0000-4000-8000-000000000002',
  email: 'teacher@school.org',
  role: 'instructor',
  createdAt: '2025-11-20T17:45:00.000Z',
  ownedItems: 3,
};

export const mocked = {
  listUsers: vi.mocked(api.listUsers),
  createUser: vi.mocked(api.createUser),
  updateUser: vi.mocked(api.updateUser),
  deleteUser: vi.mocked(api.deleteUser),
};

/** Who is signed in unless a test says otherwise: an admin who is not in the list. */
export const signedIn = {
  id: '0b8a4c1e-0000-4000-8000-0000000000ff',
  email: 'boss@leia.local',
  role: 'admin',
};

export const resetApi = (users: UserListItem[] = [admin, teacher]) => {
  // Each test file mocks useAuth: vi.mock('@client/auth', partlyFake('useAuth')).
  signInAs(signedIn);
  mocked.listUsers.mockReset().mockResolvedValue(users);
  mocked.createUser.mockReset().mockResolvedValue({ ...teacher, id: 'new' });
  mocked.updateUser.mockReset().mockResolvedValue(teacher);
  mocked.deleteUser.mockReset().mockResolvedValue(undefined);
};

export const renderScreen = async ({ waitForRows = true } = {}) => {
  const user = userEvent.setup();
  const view = render(<UserManagement />);
  if (waitForRows) await screen.findByRole('table', { name: 'Users' });
  return { user, ...view };
};

/** The success message stays 1.5 s before the modal closes: allow for that on a busy machine. */
export const AFTER_SUCCESS = { timeout: 10_000 };

export { dialog } from '../support/dom';
export { deferred, httpError } from '../support/http';
