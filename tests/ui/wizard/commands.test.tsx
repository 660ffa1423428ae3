import { usePaletteCommands } from '@client/palette';
import { WIZARD_COMMAND_REASONS } from '@machines/wizard/contract';
import { screen, waitFor, within } from '@testing-library/react';
import {
  chooseItems,
  findCommand,
  pageCommand,
  pageItems,
  registeredCommands,
  runCommand,
} from '../support/palette';
import { card, mocked, renderWizard, resetApi, teacherUser, toStep2 } from './harness';

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

beforeEach(() => {
  resetApi();
  vi.mocked(usePaletteCommands).mockReset();
});

const disabled = (id: string) => findCommand(id).disabled;

describe('Design wizard palette commands', () => {
  it('registers the wizard commands, each disabled with its reason while it cannot run', async () => {
    await renderWizard();
    const ids = registeredCommands().map((c) => c.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'nav.design',
        'wizard.next',
        'wizard.previous',
        'wizard.select.persona',
        'wizard.select.problem',
        'wizard.select.behaviour',
        'wizard.edit.persona',
        'wizard.reset.persona',
        'wizard.edit.behaviour',
        'wizard.try',
        'wizard.finish',
      ]),
    );
    expect(findCommand('nav.design').title).toBe('Design a new LEIA');
    expect(findCommand('wizard.select.persona').title).toBe('Select persona...');
    expect(disabled('wizard.previous')).toBe(WIZARD_COMMAND_REASONS.firstStep);
    expect(disabled('wizard.next')).toBe('Missing elements to select');
    expect(disabled('wizard.edit.persona')).toBe(WIZARD_COMMAND_REASONS.notEditing);
    expect(disabled('wizard.try')).toBe(WIZARD_COMMAND_REASONS.nothingToTry);
    expect(disabled('wizard.finish')).toBe(WIZARD_COMMAND_REASONS.notCreating);
    expect(disabled('wizard.select.persona')).toBeUndefined();
  });

  it('Select persona... lists the persona list and chooses one; Next step then moves on', async () => {
    await renderWizard();
    for (const kind of ['persona', 'problem', 'behaviour'] as const) {
      const command = pageCommand(`wizard.select.${kind}`);
      const items = await pageItems(command);
      const wanted = {
        persona: 'Aisha Okafor',
        problem: 'Library room booking',
        behaviour: 'Requirements interviewee',
      }[kind];
      chooseItems(command, items.find((item) => item.title === wanted)!);
    }
    expect(card('Aisha Okafor')).toHaveAttribute('aria-pressed', 'true');
    expect(disabled('wizard.next')).toBeUndefined();
    runCommand('wizard.next');
    expect(await screen.findByRole('heading', { name: 'Edit', level: 2 })).toBeInTheDocument();
    expect(disabled('wizard.select.persona')).toBe(WIZARD_COMMAND_REASONS.notSelecting);
    expect(disabled('wizard.edit.persona')).toBeUndefined();
    expect(disabled('wizard.reset.persona')).toBe(WIZARD_COMMAND_REASONS.notEdited);
    expect(disabled('wizard.try')).toBeUndefined();
    runCommand('wizard.edit.persona');
    expect(screen.getByRole('dialog', { name: 'Edit Persona' })).toBeInTheDocument();
  });

  it('Previous step and Try this design', async () => {
    const { user } = await renderWizard();
    await toStep2(user);
    runCommand('wizard.try');
    await waitFor(() => expect(mocked.initializeSession).toHaveBeenCalled());
    await waitFor(() => expect(window.location.pathname).toBe('/chat/session-1'));
  });

  it('instructors: no Edit or Reset for the behaviour; the behaviour page shows no description', async () => {
    resetApi(teacherUser);
    await renderWizard();
    const instructor = { id: teacherUser.id, role: 'instructor' as const };
    expect(findCommand('wizard.edit.behaviour').allowed?.(instructor)).toBe(false);
    expect(findCommand('wizard.reset.behaviour').allowed?.(instructor)).toBe(false);
    expect(findCommand('wizard.edit.persona').allowed?.(instructor)).toBe(true);
    const items = await pageItems(pageCommand('wizard.select.behaviour'));
    expect(items.map(({ title, subtitle, keywords }) => ({ title, subtitle, keywords }))).toEqual([
      {
        title: 'Requirements interviewee',
        subtitle: 'Requirements interviewee v1.0.0 · Client · Req. Elicitation',
        keywords: ['Req. Elicitation'],
      },
    ]);
  });

  it('Delete persona... offers only what the user may delete and opens the dialog', async () => {
    resetApi(teacherUser);
    await renderWizard();
    const command = pageCommand('wizard.delete.persona');
    const items = await pageItems(command);
    expect(items.map((item) => item.title)).toEqual(['Carlos Mendoza']);
    chooseItems(command, items[0]!);
    const dialog = within(screen.getByRole('dialog', { name: 'Delete Resource' }));
    expect(dialog.getByRole('textbox', { name: 'Type Carlos Mendoza to confirm' })).toBeInTheDocument();
  });

  it('Design a new LEIA starts over, asking first when there are unsaved edits', async () => {
    const { user } = await renderWizard();
    await toStep2(user);
    await user.click(screen.getByRole('button', { name: 'Edit persona' }));
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    runCommand('nav.design');
    const ask = screen.getByRole('dialog', { name: 'Discard this design?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('heading', { name: 'Edit', level: 2 })).toBeInTheDocument();
    runCommand('nav.design');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByRole('heading', { name: 'Select Components' })).toBeInTheDocument();
    expect(card('Aisha Okafor')).toHaveAttribute('aria-pressed', 'false');
  });
});
