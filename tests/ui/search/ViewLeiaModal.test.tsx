import { screen, waitFor, within } from '@testing-library/react';
import {
  advancedUser,
  bank,
  dialog,
  fullLeia,
  httpError,
  inRow,
  mocked,
  renderSearch,
  resetApi,
  teacherUser,
} from './harness';

const { partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
vi.mock('@client/api/leias', partlyFake('listLeias', 'getLeia', 'deleteLeia'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);

beforeEach(() => resetApi());

const openView = async (name = 'Bank interview') => {
  const screenApi = await renderSearch();
  await screenApi.user.click(inRow(name).getByRole('button', { name: /^View / }));
  await screen.findByRole('tab', { name: 'Problem' });
  return { ...screenApi, modal: dialog(name) };
};

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('View LEIA modal', () => {
  it('fetches the LEIA and shows Problem, Persona, Behaviour and History to an admin, Problem first', async () => {
    const { modal } = await openView();
    expect(mocked.getLeia).toHaveBeenCalledWith(
      bank.id,
      expect.objectContaining({ signal: expect.anything() }),
    );
    expect(tabNames()).toEqual(['Problem', 'Persona', 'Behaviour', 'History']);
    expect(modal.getByRole('tab', { name: 'Problem' })).toHaveAttribute('aria-selected', 'true');
    expect(modal.getByText('v1.2.0')).toBeInTheDocument();
  });

  it('shows the Behaviour tab to advanced users', async () => {
    resetApi(undefined, advancedUser);
    await openView();
    expect(tabNames()).toEqual(['Problem', 'Persona', 'Behaviour', 'History']);
  });

  it('shows no Behaviour tab to an instructor', async () => {
    resetApi(undefined, teacherUser);
    await openView();
    expect(tabNames()).toEqual(['Problem', 'Persona', 'History']);
    expect(screen.queryByText('Behaviour Configuration')).toBeNull();
  });

  it('Problem tab: description, details, the solution highlighted in its format, the ordered process', async () => {
    const { modal } = await openView();
    expect(modal.getByRole('heading', { name: 'Problem Description' })).toBeInTheDocument();
    expect(modal.getByText('Bank interview problem')).toBeInTheDocument();
    expect(modal.getByText('Some details')).toBeInTheDocument();
    const solution = modal.getByRole('figure', { name: 'Solution (yaml)' });
    // The highlighter chunk loads lazily and then marks up the yaml.
    await waitFor(() => expect(solution.querySelector('.hljs-attr')).not.toBeNull());
    expect(solution.querySelector('code')).toHaveTextContent('classes: - Account');
    const steps = modal.getByRole('list', { name: 'Process' });
    expect(Array.from(steps.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      'Req. Elicitation',
      'Game',
    ]);
  });

  it("shows mermaid and text solutions as plain text, and 'No description available' / 'N/A' fallbacks", async () => {
    mocked.getLeia.mockResolvedValue(
      fullLeia(bank, {
        problem: {
          description: '  ',
          details: undefined,
          solution: 'graph TD; A-->B',
          solutionFormat: 'mermaid',
        },
      }),
    );
    const { modal } = await openView();
    expect(modal.getByText('No description available')).toBeInTheDocument();
    expect(modal.getByText('N/A')).toBeInTheDocument(); // details
    const code = modal.getByRole('figure', { name: 'Solution (mermaid)' }).querySelector('code');
    expect(code).toHaveClass('language-plaintext');
    expect(code?.children).toHaveLength(0);
  });

  it('renders a markdown solution as a document, safely: raw HTML stays text, no script links', async () => {
    mocked.getLeia.mockResolvedValue(
      fullLeia(bank, {
        problem: {
          solution:
            '# Rooms\n\n- Small room\n- Large room\n\n<script>alert(1)</script> [bad](javascript:alert(1)) [docs](https://example.org)',
          solutionFormat: 'markdown',
        },
      }),
    );
    const { modal } = await openView();
    const solution = modal.getByRole('figure', { name: 'Solution (markdown)' });
    await waitFor(() => expect(within(solution).getByRole('heading', { name: 'Rooms' })).toBeInTheDocument());
    expect(
      within(solution)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Small room', 'Large room']);
    expect(solution.querySelector('script')).toBeNull();
    expect(solution).toHaveTextContent('<script>alert(1)</script>');
    expect(within(solution).queryByRole('link', { name: 'bad' })).toBeNull();
    const link = within(solution).getByRole('link', { name: 'docs' });
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(solution.querySelector('pre')).toBeNull();
  });

  it("Persona tab: every field, 'N/A' where missing, personality lists joined", async () => {
    mocked.getLeia.mockResolvedValue(
      fullLeia(bank, { persona: { firstName: undefined, objectPronoum: '', possesiveAdjective: undefined } }),
    );
    const { user, modal } = await openView();
    await user.click(modal.getByRole('tab', { name: 'Persona' }));
    const value = (label: string) => modal.getByText(label).nextElementSibling?.textContent;
    expect(value('Full Name')).toBe('Ada Lovelace');
    expect(value('First Name')).toBe('N/A');
    expect(value('Description')).toBe('A mathematician');
    expect(value('Personality')).toBe('calm, curious');
    expect(modal.getByRole('heading', { name: 'Pronouns' })).toBeInTheDocument();
    expect(value('Subject')).toBe('she');
    expect(value('Object')).toBe('N/A');
    expect(value('Possessive')).toBe('hers');
    expect(value('Possessive Adj')).toBe('N/A');
  });

  it('Behaviour tab: Behaviour Configuration, Role and ordered Process Steps', async () => {
    const { user, modal } = await openView();
    await user.click(modal.getByRole('tab', { name: 'Behaviour' }));
    expect(modal.getByRole('heading', { name: 'Behaviour Configuration' })).toBeInTheDocument();
    expect(modal.getByText('You are {{persona.fullName}}.')).toBeInTheDocument();
    expect(modal.getByText('Role').nextElementSibling).toHaveTextContent('Client');
    expect(modal.getByRole('list', { name: 'Process Steps' })).toHaveTextContent('Req. Elicitation');
  });

  it('resets to Problem when a different LEIA is opened, keeps the tab for the same one', async () => {
    const { user, modal } = await openView();
    await user.click(modal.getByRole('tab', { name: 'Persona' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(inRow('Bank interview').getByRole('button', { name: /^View / }));
    expect(await screen.findByRole('tab', { name: 'Persona' })).toHaveAttribute('aria-selected', 'true');
    await user.click(dialog('Bank interview').getByRole('button', { name: 'Close' }));
    await user.click(inRow('Library').getByRole('button', { name: /^View / }));
    expect(await screen.findByRole('tab', { name: 'Problem' })).toHaveAttribute('aria-selected', 'true');
    expect(dialog('Library').getByText('Library problem')).toBeInTheDocument();
  });

  it('closes on Escape and on a backdrop click', async () => {
    const { user } = await openView();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(inRow('Bank interview').getByRole('button', { name: /^View / }));
    const element = await screen.findByRole('dialog', { name: 'Bank interview' });
    await user.pointer([
      { keys: '[MouseLeft>]', target: element },
      { keys: '[/MouseLeft]', target: element },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("says 'LEIA not found' with Retry when the LEIA is gone", async () => {
    mocked.getLeia.mockRejectedValueOnce(httpError(404, { message: 'LEIA not found' }));
    const { user } = await renderSearch();
    await user.click(inRow('Library').getByRole('button', { name: /^View / }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('LEIA not found');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Library problem')).toBeInTheDocument();
  });
});
