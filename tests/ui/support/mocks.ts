/**
 * vi.mock factories the UI tests share. The vi.mock calls themselves stay in each test file
 * (Vitest hoists them per file, above the imports), so a file takes the factories with vi.hoisted,
 * which runs first:
 *
 *   const { fakeModule, partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
 *   vi.mock('@client/api/users', fakeModule('listUsers', 'deleteUser'));
 *   vi.mock('@client/auth', partlyFake('useAuth'));
 *   vi.mock('sonner', fakeToasts);
 */

/** A module made of nothing but these functions, each a vi.fn(). */
export const fakeModule =
  (...names: string[]) =>
  (): Record<string, unknown> =>
    Object.fromEntries(names.map((name) => [name, vi.fn()]));

/** The real module, with these exports replaced by vi.fn(). */
export const partlyFake =
  (...names: string[]) =>
  async (importOriginal: () => Promise<unknown>): Promise<Record<string, unknown>> => ({
    ...((await importOriginal()) as Record<string, unknown>),
    ...fakeModule(...names)(),
  });

/** sonner: `toast`, `toast.error` and `toast.success` as vi.fn(). */
export const fakeToasts = () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) });
