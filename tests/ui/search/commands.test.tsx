import { usePaletteCommands } from '@client/palette';
import { type Command, isPageCommand, type PageCommand } from '@client/palette/types';
import { act, screen, waitFor } from '@testing-library/react';
import { bank, library, mocked, renderSearch, resetApi, teacherUser, zoo } from './harness';

vi.mock('@client/api/leias', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  listLeias: vi.fn(),
  getLeia: vi.fn(),
  deleteLeia: vi.fn(),
}));
vi.mock('@client/auth', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useAuth: vi.fn(),
}));
vi.mock('@client/palette', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  usePaletteCommands: vi.fn(),
}));
vi.mock('sonner', () => ({ toast: Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() }) }));

beforeEach(() => {
  resetApi();
  vi.mocked(usePaletteCommands).mockReset();
});

const registered = (): Command[] => vi.mocked(usePaletteCommands).mock.lastCall?.[0] ?? [];
const command = (id: string): Command => {
  const found = registered().find((c) => c.id === id);
  if (!found) throw new Error(`no command ${id}`);
  return found;
};
const page = (id: string): PageCommand => {
  const found = command(id);
  if (!isPageCommand(found)) throw new Error(`${id} is not a page`);
  return found;
};
const run = (id: string) => {
  const found = command(id);
  if (isPageCommand(found)) throw new Error(`${id} is a page`);
  act(() => found.run());
};
const signal = () => new AbortController().signal;

describe('Search screen palette commands', () => {
  it('registers search, open, one per row action, and the filters, for any signed-in user', async () => {
    await renderSearch();
    const ids = registered().map((c) => c.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'leias.search',
        'leias.open',
        'leias.view',
        'leias.delete',
        'leias.visibility.all',
        'leias.visibility.private',
        'leias.visibility.public',
        'leias.version.latest',
        'leias.version.all',
      ]),
    );
    expect(command('leias.view').title).toBe('View LEIA...');
    expect(command('leias.delete').title).toBe('Delete LEIA...');
    for (const c of registered()) {
      expect(c.allowed?.({ id: 'x', role: 'instructor' }) ?? true).toBe(true);
      expect(c.allowed?.(null)).toBe(false);
    }
  });

  it('the search command focuses the search box', async () => {
    await renderSearch();
    run('leias.search');
    expect(screen.getByRole('searchbox')).toHaveFocus();
  });

  it('Delete LEIA... lists only the rows this user may delete and opens the dialog', async () => {
    resetApi(undefined, teacherUser);
    await renderSearch();
    const del = page('leias.delete');
    const items = await del.page.load(signal());
    expect(items.map((item) => item.title)).toEqual(['Library']);
    act(() => del.page.select(items[0]!));
    expect(screen.getByRole('dialog', { name: 'Delete LEIA' })).toHaveTextContent('Library');
  });

  it('View LEIA... lists the rows shown and opens the View modal', async () => {
    await renderSearch();
    const view = page('leias.view');
    const items = await view.page.load(signal());
    expect(items.map((item) => [item.title, item.subtitle])).toEqual([
      ['Bank interview', 'v1.2.0 · admin@leia.local'],
      ['Library', 'v1.0.0 · teacher@school.org'],
      ['Zoo game', 'v1.0.0 · adv@school.org'],
    ]);
    act(() => view.page.select(items[2]!));
    expect(await screen.findByRole('dialog', { name: zoo.metadata.name })).toBeInTheDocument();
  });

  it('Open LEIA... fetches every visible LEIA in any version and opens the chosen one', async () => {
    await renderSearch();
    mocked.listLeias.mockResolvedValueOnce({ items: [library, bank] });
    const open = page('leias.open');
    const controller = new AbortController();
    const items = await open.page.load(controller.signal);
    expect(mocked.listLeias).toHaveBeenLastCalledWith({ version: '', limit: 200, signal: controller.signal });
    expect(items.map((item) => item.title)).toEqual(['Library', 'Bank interview']);
    act(() => open.page.select(items[1]!));
    expect(await screen.findByRole('dialog', { name: 'Bank interview' })).toBeInTheDocument();
    expect(mocked.getLeia).toHaveBeenCalledWith(bank.id, expect.anything());
  });

  it('the filter commands switch the filters and reload', async () => {
    await renderSearch();
    run('leias.visibility.private');
    expect(screen.getByRole('combobox', { name: 'Visibility' })).toHaveValue('private');
    run('leias.version.all');
    expect(screen.getByRole('combobox', { name: 'Version' })).toHaveValue('all');
    await waitFor(() =>
      expect(mocked.listLeias.mock.lastCall?.[0]).toMatchObject({ visibility: 'private', version: '' }),
    );
  });
});
