import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import {
  adminUser,
  advancedUser,
  bank,
  deferred,
  inRow,
  library,
  mocked,
  renderSearch,
  resetApi,
  row,
  rowOf,
  teacherUser,
  zoo,
} from './harness';

const { partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
vi.mock('@client/api/leias', partlyFake('listLeias', 'getLeia', 'deleteLeia'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);

beforeEach(() => {
  resetApi();
  vi.mocked(toast.error).mockReset();
});

const lastQuery = () => mocked.listLeias.mock.lastCall?.[0];

describe('Search screen', () => {
  it('has the title, the description, the search box and both filters with their options', async () => {
    await renderSearch();
    expect(screen.getByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
    expect(screen.getByText('Discover and test existing LEIA configurations')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search LEIAs' })).toHaveAttribute(
      'placeholder',
      'Search by name or description',
    );
    const visibility = screen.getByRole('combobox', { name: 'Visibility' });
    expect(
      within(visibility)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Private', 'Public']);
    expect(visibility).toHaveValue('all');
    const version = screen.getByRole('combobox', { name: 'Version' });
    expect(
      within(version)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Latest only', 'All']);
    expect(version).toHaveValue('latest');
  });

  it("loads with the defaults (latest only, all) and shows 'Loading…' meanwhile", async () => {
    const pending = deferred<{ items: never[] }>();
    mocked.listLeias.mockReturnValue(pending.promise);
    await renderSearch({ waitForRows: false });
    expect(screen.getAllByText('Loading…').length).toBeGreaterThan(0);
    expect(lastQuery()).toMatchObject({ text: '', version: 'latest', visibility: 'all', limit: 50 });
    await act(async () => pending.resolve({ items: [] }));
    expect(screen.getByText('No LEIAs found')).toBeInTheDocument();
    // Nothing narrows the search: nothing to clear.
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it("an empty result under a search text or filter offers 'Clear filters', which searches again with the defaults", async () => {
    const { user } = await renderSearch();
    mocked.listLeias.mockResolvedValue({ items: [] });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Visibility' }), 'private');
    await user.type(screen.getByRole('searchbox'), 'nothing like it');
    const clear = await screen.findByRole('button', { name: 'Clear filters' }, { timeout: 10_000 });
    expect(screen.getByText('The search text or a filter may be leaving them out.')).toBeInTheDocument();
    await user.click(clear);
    expect(screen.getByRole('searchbox')).toHaveValue('');
    expect(screen.getByRole('searchbox')).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Visibility' })).toHaveValue('all');
    await waitFor(() =>
      expect(lastQuery()).toMatchObject({ text: '', visibility: 'all', version: 'latest' }),
    );
  });

  it("shows 'Could not load LEIAs' as a bottom-right 5 s toast and in the list, with Retry", async () => {
    mocked.listLeias.mockRejectedValueOnce(new Error('offline'));
    const { user } = await renderSearch({ waitForRows: false });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load LEIAs');
    expect(toast.error).toHaveBeenCalledWith('Could not load LEIAs', {
      position: 'bottom-right',
      duration: 5000,
    });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('feed', { name: 'LEIAs' })).toBeInTheDocument();
  });

  it('shows each row: name, v + version, the publish badge, owner email and role label, description', async () => {
    await renderSearch();
    const bankRow = inRow('Bank interview');
    expect(bankRow.getByText('v1.2.0')).toBeInTheDocument();
    expect(bankRow.getByText('Published')).toHaveClass('badge--green');
    expect(bankRow.getByText('admin@leia.local')).toBeInTheDocument();
    expect(bankRow.getByText('Administrator')).toHaveClass('badge--purple');
    expect(bankRow.getByText('A bank wants an app')).toHaveClass('leia-row__description');
    const libraryRow = inRow('Library');
    expect(libraryRow.getByText('Unpublished')).toHaveClass('badge--grey');
    expect(libraryRow.getByText('Instructor')).toBeInTheDocument();
    expect(inRow('Zoo game').getByText('Advanced')).toBeInTheDocument();
    expect(screen.getByText('3 LEIAs')).toBeInTheDocument();
  });

  it('leaves out the owner line when the email or the role is missing', async () => {
    const anonymous = { ...row('Orphan'), user: { id: 'x', email: '', role: 'admin' as const } };
    resetApi({ items: [anonymous] });
    await renderSearch();
    expect(inRow('Orphan').queryByText('Administrator')).toBeNull();
  });

  it('offers Design from this, View, Add to Activity and Delete to an admin on every row', async () => {
    await renderSearch();
    for (const leia of [bank, library, zoo]) {
      const r = inRow(leia.metadata.name);
      expect(
        r.getByRole('button', { name: `View ${leia.metadata.name} v${leia.metadata.version}` }),
      ).toBeEnabled();
      expect(r.getByRole('button', { name: /^Delete / })).toBeInTheDocument();
      expect(
        r.getByRole('button', { name: `Add to Activity ${leia.metadata.name} v${leia.metadata.version}` }),
      ).toBeEnabled();
      expect(r.getByRole('button', { name: /^Design from this / })).toBeEnabled();
    }
  });

  it.each([
    ['an instructor', teacherUser, ['Library']],
    ['an advanced user', advancedUser, ['Zoo game']],
  ])('offers Delete to %s only on their own LEIAs', async (_, user, deletable) => {
    resetApi(undefined, user);
    await renderSearch();
    for (const leia of [bank, library, zoo]) {
      const hasDelete = inRow(leia.metadata.name).queryByRole('button', { name: /^Delete / }) !== null;
      expect(hasDelete).toBe(deletable.includes(leia.metadata.name));
    }
  });

  it('reloads 300 ms after typing, with the trimmed text, and after each filter change', async () => {
    const { user } = await renderSearch();
    const calls = mocked.listLeias.mock.calls.length;
    await user.type(screen.getByRole('searchbox'), '  bank ');
    expect(mocked.listLeias.mock.calls.length).toBe(calls); // debounced
    await waitFor(() => expect(lastQuery()).toMatchObject({ text: 'bank', version: 'latest' }));
    expect(mocked.listLeias.mock.calls.length).toBe(calls + 1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Version' }), 'all');
    await waitFor(() => expect(lastQuery()).toMatchObject({ text: 'bank', version: '' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Visibility' }), 'private');
    await waitFor(() => expect(lastQuery()).toMatchObject({ visibility: 'private', version: '' }));
  });

  it('keeps the search in the address bar, and starts from it (a link, a reload, back from a chat)', async () => {
    const { user, unmount } = await renderSearch();
    await user.type(screen.getByRole('searchbox'), 'bank');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Version' }), 'all');
    expect(window.location.search).toBe('?q=bank&version=all');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Version' }), 'latest');
    expect(window.location.search).toBe('?q=bank');
    unmount();

    window.history.replaceState(null, '', '/?q=zoo&visibility=public&version=all&bogus=1');
    mocked.listLeias.mockClear();
    await renderSearch();
    expect(screen.getByRole('searchbox')).toHaveValue('zoo');
    expect(screen.getByRole('combobox', { name: 'Visibility' })).toHaveValue('public');
    expect(screen.getByRole('combobox', { name: 'Version' })).toHaveValue('all');
    expect(lastQuery()).toMatchObject({ text: 'zoo', visibility: 'public', version: '' });
  });

  it('offers compact rows, remembered by this browser', async () => {
    const { user, unmount } = await renderSearch();
    expect(screen.getByRole('feed', { name: 'LEIAs' })).not.toHaveClass('leia-feed--compact');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows' }), 'compact');
    expect(screen.getByRole('feed', { name: 'LEIAs' })).toHaveClass('leia-feed--compact');
    expect(localStorage.getItem('leia:density')).toBe('compact');
    unmount();
    await renderSearch();
    expect(screen.getByRole('combobox', { name: 'Rows' })).toHaveValue('compact');
    expect(screen.getByRole('feed', { name: 'LEIAs' })).toHaveClass('leia-feed--compact');
  });

  it('passes the abort signal, and a newer search aborts the one in flight', async () => {
    const { user } = await renderSearch();
    const slow = deferred<never>();
    mocked.listLeias.mockReturnValueOnce(slow.promise);
    await user.type(screen.getByRole('searchbox'), 'a');
    await waitFor(() => expect(lastQuery()?.text).toBe('a'));
    const signal = lastQuery()?.signal;
    expect(signal?.aborted).toBe(false);
    await user.type(screen.getByRole('searchbox'), 'b');
    expect(signal?.aborted).toBe(true);
    await waitFor(() => expect(lastQuery()?.text).toBe('ab'));
  });

  it('loads the next page with the cursor from Load more and appends the rows', async () => {
    mocked.listLeias.mockResolvedValueOnce({ items: [bank], nextCursor: 'c1' });
    mocked.listLeias.mockResolvedValueOnce({ items: [library] });
    const { user } = await renderSearch();
    expect(screen.getByText('1+ LEIAs')).toBeInTheDocument();
    expect(rowOf('Bank interview')).toHaveAttribute('aria-setsize', '-1');
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Library' })).toBeInTheDocument();
    expect(lastQuery()).toMatchObject({ cursor: 'c1' });
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(rowOf('Library')).toHaveAttribute('aria-setsize', '2');
  });
});

describe('Search screen keyboard', () => {
  it('Down from the search box goes to the first row; arrows, Home and End move between rows', async () => {
    const { user } = await renderSearch();
    await user.click(screen.getByRole('searchbox'));
    await user.keyboard('{ArrowDown}');
    expect(rowOf('Bank interview')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(rowOf('Library')).toHaveFocus();
    expect(rowOf('Library')).toHaveAttribute('tabindex', '0');
    expect(rowOf('Bank interview')).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{End}');
    expect(rowOf('Zoo game')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(rowOf('Zoo game')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(rowOf('Bank interview')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(rowOf('Bank interview')).toHaveFocus();
  });

  it('Enter on a row opens View; Delete opens the delete dialog where allowed', async () => {
    resetApi(undefined, teacherUser);
    const { user } = await renderSearch();
    rowOf('Bank interview').focus();
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('dialog')).toBeNull(); // not the instructor's
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Bank interview' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    rowOf('Library').focus();
    await user.keyboard('{Delete}');
    expect(screen.getByRole('dialog', { name: 'Delete LEIA' })).toBeInTheDocument();
  });

  it('never acts on keys typed in the search box', async () => {
    const { user } = await renderSearch();
    const box = screen.getByRole('searchbox');
    await user.click(box);
    await user.keyboard('x{Enter}{Delete}{Backspace}');
    fireEvent.keyDown(box, { key: 'Delete' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(box).toHaveFocus();
  });
});

describe('My LEIAs', () => {
  it("lists the signed-in user's own LEIAs with the same rows and actions", async () => {
    resetApi({ items: [library] }, teacherUser);
    await renderSearch({ mine: true });
    expect(screen.getByRole('heading', { level: 1, name: 'My LEIAs' })).toBeInTheDocument();
    expect(mocked.listLeias).toHaveBeenCalledWith(
      expect.objectContaining({ owner: 'me', version: 'latest', visibility: 'all' }),
    );
    expect(mocked.listLeias).toHaveBeenCalledTimes(1);
    expect(inRow('Library').getByRole('button', { name: /^View / })).toBeInTheDocument();
    expect(inRow('Library').getByRole('button', { name: /^Delete / })).toBeInTheDocument();
  });

  it('asks the server for owner=me for an admin too (not every LEIA an admin may see)', async () => {
    resetApi({ items: [bank] }, adminUser);
    await renderSearch({ mine: true });
    expect(mocked.listLeias.mock.calls[0]?.[0]).toMatchObject({ owner: 'me' });
  });

  it('pages with the server cursor: one request per page, owner=me and the filters on each', async () => {
    resetApi({ items: [] }, teacherUser);
    const { user } = await renderSearch({ mine: true, waitForRows: false });
    mocked.listLeias.mockResolvedValueOnce({ items: [library], nextCursor: 'c1' });
    mocked.listLeias.mockResolvedValueOnce({ items: [row('Museum', { by: teacherUser })] });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Visibility' }), 'private');
    expect(await screen.findByText('1+ LEIAs')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Museum' })).toBeInTheDocument();
    expect(lastQuery()).toMatchObject({ owner: 'me', visibility: 'private', cursor: 'c1', limit: 50 });
    expect(mocked.listLeias).toHaveBeenCalledTimes(3);
  });
});
