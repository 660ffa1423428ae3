import { useAuth } from '@client/auth';
import type { SessionUser } from '@machines/auth';

/**
 * Signs `user` in for a screen under test: useAuth answers with their session. The test file
 * mocks it first: vi.mock('@client/auth', partlyFake('useAuth')).
 */
export const signInAs = (user: SessionUser): void => {
  vi.mocked(useAuth).mockReturnValue({
    token: 't',
    user,
    isAuthenticated: true,
    isLoading: false,
    login: vi.fn(),
    logout: vi.fn(),
    updateUser: vi.fn(),
  });
};
