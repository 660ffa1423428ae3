import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  adminUser,
  card,
  column,
  deferred,
  HIDDEN_BEHAVIOUR_TEXT,
  httpError,
  mocked,
  renderWizard,
  resetApi,
  teacherUser,
} from './harness';

const { partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
vi.mock(
  '@client/api/resources',
  partlyFake('listResources', 'getResource', 'createResource', 'deleteResource', 'resourceExists'),
);
vi.mock('@client/api/leias', partlyFake('createLeia', 'leiaExists'));
vi.mock('@client/api/history', partlyFake('listVersions'));
vi.mock('@client/api/runner', partlyFake('initializeSession'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);

beforeEach(() => resetApi());

describe('Design wizard, step 1: the lists', () => {
  it("shows 'Loading resources...' until the three lists are in", async () => {
    const pending = deferred<never[]>();
    mocked.listResources.mockReturnValueOnce(pending.promise);
    await renderWizard({ waitFor: false });
    expect(screen.getByText('Loading resources...')).toBeInTheDocument();
    expect(
      screen.getByText('Loading personas, problems, and behaviours from the API...'),
    ).toBeInTheDocument();
    await act(async () => pending.resolve([]));
    expect(await screen.findByRole('heading', { name: 'Select Components' })).toBeInTheDocument();
  });

  it("a failed load shows 'Error Loading Data' with 'Try Again', which loads again", async () => {
    mocked.listResources.mockRejectedValueOnce(httpError(500));
    const { user } = await renderWizard({ waitFor: false });
    expect(await screen.findByText('Error Loading Data')).toBeInTheDocument();
    expect(screen.getByText('Failed to load data from API')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Select Components' })).toBeInTheDocument();
  });

  it('has three columns in the order behaviour, problem, persona, with their search boxes', async () => {
    await renderWizard();
    const titles = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(titles).toEqual(['Behaviours', 'Problems', 'Personas']);
    expect(column('Behaviours').getByRole('searchbox')).toHaveAttribute(
      'placeholder',
      'Search behaviours...',
    );
    expect(column('Problems').getByRole('searchbox')).toHaveAttribute('placeholder', 'Search problems...');
    expect(column('Personas').getByRole('searchbox')).toHaveAttribute('placeholder', 'Search personas...');
    expect(column('Personas').queryByRole('combobox', { name: 'Process' })).toBeNull();
    expect(column('Problems').getByRole('combobox', { name: 'Process' })).toHaveValue('all');
    expect(
      within(column('Problems').getByRole('combobox', { name: 'Process' }))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Req. Elicitation', 'Game']);
  });

  it('cards show title, version, description, Published/Unpublished, owner email and role dot', async () => {
    await renderWizard();
    const carlos = card('Carlos Mendoza').closest('li')!;
    expect(within(carlos).getByText('v1.0.0')).toBeInTheDocument();
    expect(within(carlos).getByText('Baker')).toBeInTheDocument();
    expect(within(carlos).getByText('Unpublished')).toBeInTheDocument();
    expect(within(carlos).getByText('teacher@school.org')).toBeInTheDocument();
    expect(within(carlos).getByRole('img', { name: 'Instructor' })).toBeInTheDocument();
  });

  it('the search box matches name or description; an empty result says so', async () => {
    const { user } = await renderWizard();
    await user.type(column('Personas').getByRole('searchbox'), 'nurse');
    expect(
      column('Personas')
        .getAllByRole('button', { pressed: false })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Aisha Okafor v1.0.0']);
    await user.type(column('Personas').getByRole('searchbox'), 'xyz');
    expect(column('Personas').getByText('No results found')).toBeInTheDocument();
  });

  it("an empty catalogue says 'No items available'", async () => {
    mocked.listResources.mockResolvedValue([]);
    await renderWizard();
    expect(screen.getAllByText('No items available')).toHaveLength(3);
  });

  it('the filters reload their list from the server', async () => {
    await renderWizard();
    mocked.listResources.mockClear();
    fireEvent.change(column('Problems').getByRole('combobox', { name: 'Process' }), {
      target: { value: 'game' },
    });
    fireEvent.change(column('Personas').getByRole('combobox', { name: 'Visibility' }), {
      target: { value: 'private' },
    });
    await waitFor(() =>
      expect(mocked.listResources.mock.calls.map(([kind, filters]) => [kind, filters])).toEqual([
        ['problem', { visibility: 'all', process: 'game' }],
        ['persona', { visibility: 'private', process: 'all' }],
      ]),
    );
  });

  it('keyboard: Down from the search box to the cards, arrows move, Enter and Space select', async () => {
    const { user } = await renderWizard();
    const search = column('Personas').getByRole('searchbox');
    await user.click(search);
    await user.keyboard('{ArrowDown}');
    expect(card('Aisha Okafor')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(card('Carlos Mendoza')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(card('Carlos Mendoza')).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{ArrowUp}');
    await user.keyboard(' ');
    expect(card('Aisha Okafor')).toHaveAttribute('aria-pressed', 'true');
    expect(card('Carlos Mendoza')).toHaveAttribute('aria-pressed', 'false');
    await user.keyboard('{ArrowUp}');
    expect(search).toHaveFocus();
    // Tab from the card list's previous control reaches the chosen card only (roving tabindex).
    await user.tab();
    await user.tab();
    expect(document.activeElement?.closest('section')).toBe(search.closest('section'));
  });

  it("the status and each list's check say what is chosen", async () => {
    const { user } = await renderWizard();
    expect(screen.getByText('Missing elements to select')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(card('Requirements interviewee'));
    expect(column('Behaviours').getByRole('img', { name: 'Chosen' })).toBeInTheDocument();
    expect(column('Personas').getByRole('img', { name: 'Not chosen yet' })).toBeInTheDocument();
    await user.click(card('Library room booking'));
    await user.click(card('Aisha Okafor'));
    expect(screen.getByText('All elements selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeEnabled();
  });

  it('a card shows its YAML preview on keyboard focus, and hides it on Escape', async () => {
    const { user } = await renderWizard();
    await user.click(column('Personas').getByRole('searchbox'));
    await user.keyboard('{ArrowDown}');
    const preview = await screen.findByRole('tooltip');
    await waitFor(() => expect(preview).toHaveTextContent('kind: persona'));
    expect(preview).toHaveTextContent('fullName: Aisha Okafor');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('instructors: two columns and a compact behaviour picker with name, version, role and process only', async () => {
    resetApi(teacherUser);
    const { user } = await renderWizard();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Behaviour',
      'Problems',
      'Personas',
    ]);
    const picker = screen.getByRole('combobox', { name: 'Choose a behaviour' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select...', 'Requirements interviewee v1.0.0 · Client · Req. Elicitation']);
    await user.selectOptions(picker, 'b-interviewee');
    expect(screen.getByRole('img', { name: 'Chosen' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(HIDDEN_BEHAVIOUR_TEXT);
    // Delete only on their own cards.
    expect(screen.getByRole('button', { name: 'Delete Carlos Mendoza' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Aisha Okafor' })).toBeNull();
  });

  it('admins get a delete icon on every card; a resource in use lists its LEIAs', async () => {
    signInAsAdmin();
    mocked.deleteResource.mockRejectedValueOnce(
      httpError(400, { message: 'x', data: [{ id: 'l-1', name: 'Library interview' }] }),
    );
    const { user } = await renderWizard();
    await user.click(screen.getByRole('button', { name: 'Delete Aisha Okafor' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Resource' });
    await user.type(within(dialog).getByRole('textbox'), 'Aisha Okafor');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Resource' }));
    expect(
      await within(dialog).findByText(
        'Cannot delete resource: it is being used in 1 LEIA: Library interview.',
      ),
    ).toBeInTheDocument();
    expect(mocked.deleteResource).toHaveBeenCalledWith('persona', 'p-aisha');
  });

  it('a deleted resource that was chosen is chosen no more, and its list reloads', async () => {
    const { user } = await renderWizard();
    await user.click(card('Aisha Okafor'));
    mocked.listResources.mockClear();
    await user.click(screen.getByRole('button', { name: 'Delete Aisha Okafor' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Resource' });
    await user.type(within(dialog).getByRole('textbox'), 'Aisha Okafor');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Resource' }));
    await waitFor(() =>
      expect(mocked.listResources).toHaveBeenCalledWith('persona', expect.anything(), expect.anything()),
    );
    expect(column('Personas').getByRole('img', { name: 'Not chosen yet' })).toBeInTheDocument();
  });
});

const signInAsAdmin = () => resetApi(adminUser);
