import { usePaletteCommands } from '@client/palette';
import { act, screen, waitFor } from '@testing-library/react';
import {
  actionCommand,
  argumentPage,
  chooseItems,
  findCommand,
  pageCommand,
  pageItems,
  registeredCommands,
  runCommand,
} from '../support/palette';
import { bank, library, mocked, renderSearch, resetApi, teacherUser, zoo } from './harness';

const { partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
vi.mock('@client/api/leias', partlyFake('listLeias', 'getLeia', 'deleteLeia'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);

beforeEach(() => {
  resetApi();
  vi.mocked(usePaletteCommands).mockReset();
});

describe('Search screen palette commands', () => {
  it('registers search, open, one per row action, and the filters, for any signed-in user', async () => {
    await renderSearch();
    const ids = registeredCommands().map((c) => c.id);
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
    expect(findCommand('leias.view').title).toBe('View LEIA...');
    expect(findCommand('leias.delete').title).toBe('Delete LEIA...');
    for (const c of registeredCommands()) {
      expect(c.allowed?.({ id: 'x', role: 'instructor' }) ?? true).toBe(true);
      expect(c.allowed?.(null)).toBe(false);
    }
  });

  it('the search command focuses the search box', async () => {
    await renderSearch();
    runCommand('leias.search');
    expect(screen.getByRole('searchbox')).toHaveFocus();
  });

  it('the search command fills the search box with the text typed in the palette', async () => {
    await renderSearch();
    const search = actionCommand('leias.search');
    if (!search.withText) throw new Error('expected a command that takes text');
    expect(search.withText.title('bank loans')).toBe('Search LEIAs for “bank loans”');
    act(() => search.withText?.run('bank loans'));
    expect(screen.getByRole('searchbox')).toHaveValue('bank loans');
    expect(screen.getByRole('searchbox')).toHaveFocus();
    await waitFor(() => expect(mocked.listLeias.mock.lastCall?.[0]).toMatchObject({ text: 'bank loans' }));
  });

  it('the LEIA pages search the server as the user types (the palette does not filter them)', async () => {
    await renderSearch();
    for (const id of ['leias.open', 'leias.view', 'leias.try', 'leias.delete']) {
      const found = argumentPage(pageCommand(id));
      expect(found.search).toBeTypeOf('function');
      expect(found.load).toBeUndefined();
    }
  });

  it('Delete LEIA... searches the listed LEIAs, offers only those this user may delete, opens the dialog', async () => {
    resetApi(undefined, teacherUser);
    await renderSearch();
    const del = pageCommand('leias.delete');
    const controller = new AbortController();
    const items = await pageItems(del, 'i', controller.signal);
    expect(mocked.listLeias).toHaveBeenLastCalledWith({
      text: 'i',
      visibility: 'all',
      version: 'latest',
      limit: 50,
      signal: controller.signal,
    });
    expect(items.map((item) => item.title)).toEqual(['Library']);
    chooseItems(del, items[0]!);
    expect(screen.getByRole('dialog', { name: 'Delete LEIA' })).toHaveTextContent('Library');
  });

  it('View LEIA... searches with the screen’s filters and opens the View modal', async () => {
    await renderSearch();
    runCommand('leias.visibility.public');
    runCommand('leias.version.all');
    const view = pageCommand('leias.view');
    mocked.listLeias.mockResolvedValueOnce({ items: [bank, library, zoo] });
    const items = await pageItems(view, 'game');
    expect(mocked.listLeias.mock.lastCall?.[0]).toMatchObject({
      text: 'game',
      visibility: 'public',
      version: '',
    });
    expect(mocked.listLeias.mock.lastCall?.[0]).not.toHaveProperty('owner');
    // Ranked by match: the one whose name holds 'game' first, the others in the server's order.
    expect(items.map((item) => [item.title, item.subtitle])).toEqual([
      ['Zoo game', 'v1.0.0 · adv@school.org'],
      ['Bank interview', 'v1.2.0 · admin@leia.local'],
      ['Library', 'v1.0.0 · teacher@school.org'],
    ]);
    chooseItems(view, items[0]!);
    expect(await screen.findByRole('dialog', { name: zoo.metadata.name })).toBeInTheDocument();
  });

  it("on My LEIAs the row-action pages search the user's own LEIAs (owner=me); Open LEIA... everyone's", async () => {
    resetApi({ items: [library] }, teacherUser);
    await renderSearch({ mine: true });
    await pageItems(pageCommand('leias.try'), 'lib');
    expect(mocked.listLeias.mock.lastCall?.[0]).toMatchObject({ text: 'lib', owner: 'me' });
    await pageItems(pageCommand('leias.open'), 'lib');
    expect(mocked.listLeias.mock.lastCall?.[0]).not.toHaveProperty('owner');
  });

  it('Open LEIA... searches every visible LEIA in the Version filter (latest only by default), best match first, and opens the chosen one', async () => {
    await renderSearch();
    mocked.listLeias.mockResolvedValueOnce({ items: [library, bank] });
    const open = pageCommand('leias.open');
    const controller = new AbortController();
    const items = await pageItems(open, 'an', controller.signal);
    expect(mocked.listLeias).toHaveBeenLastCalledWith({
      text: 'an',
      version: 'latest',
      limit: 50,
      signal: controller.signal,
    });
    expect(items.map((item) => item.title)).toEqual(['Bank interview', 'Library']);
    chooseItems(open, items[0]!);
    expect(await screen.findByRole('dialog', { name: 'Bank interview' })).toBeInTheDocument();
    expect(mocked.getLeia).toHaveBeenCalledWith(bank.id, expect.anything());
  });

  it('the filter commands switch the filters and reload', async () => {
    await renderSearch();
    runCommand('leias.visibility.private');
    expect(screen.getByRole('combobox', { name: 'Visibility' })).toHaveValue('private');
    runCommand('leias.version.all');
    expect(screen.getByRole('combobox', { name: 'Version' })).toHaveValue('all');
    await waitFor(() =>
      expect(mocked.listLeias.mock.lastCall?.[0]).toMatchObject({ visibility: 'private', version: '' }),
    );
  });
});
