import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { card, mocked, renderWizard, resetApi, setEditorText, teacherUser, toStep2 } from './harness';

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

const editor = () => within(screen.getByRole('dialog', { name: /^Edit / }));
const partCard = (name: string) => within(screen.getByRole('article', { name }));

// Each test renders the wizard and its code editors in jsdom: seconds of CPU, more on a busy machine.
describe('Design wizard, step 2: cards, editors and preview', { timeout: 20_000 }, () => {
  it('a card per part with name, version, description, author and role; the preview of the generated LEIA', async () => {
    const { user } = await renderWizard();
    await toStep2(user);
    const persona = partCard('Aisha Okafor');
    expect(persona.getByText('v1.0.0')).toBeInTheDocument();
    expect(persona.getByText('Nurse manager')).toBeInTheDocument();
    expect(persona.getByText('admin@leia.local')).toBeInTheDocument();
    expect(persona.getByText('Administrator')).toBeInTheDocument();
    expect(persona.queryByRole('button', { name: 'Reset persona' })).toBeNull();
    const preview = within(screen.getByRole('region', { name: 'Real-time Preview' }));
    await user.click(preview.getByRole('tab', { name: 'Problem' }));
    expect(preview.getByRole('tabpanel')).toHaveTextContent('"description": "A library for Aisha"');
  });

  it('the Visual Editor edits the persona; Save marks it edited, the preview follows, Reset restores it', async () => {
    const { user } = await renderWizard();
    await toStep2(user);
    await user.click(screen.getByRole('button', { name: 'Edit persona' }));
    expect(editor().getByRole('tab', { name: 'Visual Editor' })).toHaveAttribute('aria-selected', 'true');
    expect(editor().getByRole('combobox', { name: 'API Version' })).toHaveValue('v1');
    const firstName = editor().getByRole('textbox', { name: 'First Name' });
    await user.clear(firstName);
    await user.type(firstName, 'Ada');
    await user.click(editor().getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(partCard('Aisha Okafor').getByText('(edited)')).toBeInTheDocument();
    expect(partCard('Aisha Okafor').queryByText('admin@leia.local')).toBeNull();
    const preview = within(screen.getByRole('region', { name: 'Real-time Preview' }));
    await user.click(preview.getByRole('tab', { name: 'Problem' }));
    expect(preview.getByRole('tabpanel')).toHaveTextContent('A library for Ada');
    await user.click(screen.getByRole('button', { name: 'Show changes' }));
    expect(await screen.findByRole('textbox', { name: 'Edited' }, { timeout: 15_000 })).toHaveTextContent(
      '"Ada"',
    );
    await user.click(screen.getByRole('button', { name: 'Reset persona' }));
    expect(partCard('Aisha Okafor').queryByText('(edited)')).toBeNull();
    expect(preview.getByRole('tabpanel')).toHaveTextContent('A library for Aisha');
  });

  it('a required field left blank cannot be saved, and says why', async () => {
    const { user } = await renderWizard();
    await toStep2(user);
    await user.click(screen.getByRole('button', { name: 'Edit persona' }));
    await user.clear(editor().getByRole('textbox', { name: 'Full Name' }));
    expect(editor().getByText('Full name is required')).toBeInTheDocument();
    expect(editor().getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("the Code Editor: invalid JSON says 'Invalid JSON format', disables Save, and Ctrl+Enter says 'Cannot save: Invalid JSON format'", async () => {
    const { user } = await renderWizard();
    await toStep2(user);
    await user.click(screen.getByRole('button', { name: 'Edit problem' }));
    await user.click(editor().getByRole('tab', { name: 'Code Editor' }));
    await setEditorText('Problem spec (JSON)', '{"description": "A zoo",');
    expect(
      editor().getByText(
        'Invalid JSON format (line 1, column 25: a field name in double quotes is expected)',
      ),
    ).toBeInTheDocument();
    expect(editor().getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(editor().getByRole('tab', { name: 'Visual Editor' })).toBeDisabled();
    fireEvent.keyDown(editor().getByRole('combobox', { name: 'API Version' }), {
      key: 'Enter',
      ctrlKey: true,
    });
    expect(editor().getByRole('alert')).toHaveTextContent('Cannot save: Invalid JSON format');
    await setEditorText('Problem spec (JSON)', '{"description": "A zoo for {{persona.firstName}}"}');
    expect(editor().queryByText(/^Invalid JSON format/)).toBeNull();
    fireEvent.keyDown(editor().getByRole('combobox', { name: 'API Version' }), {
      key: 'Enter',
      ctrlKey: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(partCard('Library room booking').getByText('(edited)')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Real-time Preview' })).toHaveTextContent('A zoo for Aisha');
  });

  it('a behaviour opens on its JSON, with Save and Cancel; Cancel changes nothing', async () => {
    const { user } = await renderWizard();
    await toStep2(user);
    await user.click(screen.getByRole('button', { name: 'Edit behaviour' }));
    expect(editor().getByRole('tab', { name: 'Code Editor' })).toHaveAttribute('aria-selected', 'true');
    expect(
      await editor().findByRole('textbox', { name: 'Behaviour spec (JSON)' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    await user.click(editor().getByRole('button', { name: 'Cancel' }));
    expect(partCard('Requirements interviewee').queryByText('(edited)')).toBeNull();
  });

  it("a behaviour's description, many lines, edits as text in the Visual Editor", async () => {
    const { user } = await renderWizard();
    await toStep2(user);
    await user.click(screen.getByRole('button', { name: 'Edit behaviour' }));
    await user.click(editor().getByRole('tab', { name: 'Visual Editor' }));
    const description = editor().getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await user.type(description, 'You are {{{{persona.fullName}}.{Enter}{Enter}Answer briefly.');
    expect(description).toHaveValue('You are {{persona.fullName}}.\n\nAnswer briefly.');
    await user.click(editor().getByRole('tab', { name: 'Code Editor' }));
    await user.click(editor().getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(partCard('Requirements interviewee').getByText('(edited)')).toBeInTheDocument();
  });

  it("a constraint the parts break shows 'LEIA Generation Error' and keeps Next disabled", async () => {
    const { user } = await renderWizard();
    await user.click(card('Requirements interviewee'));
    await user.click(card('Mystery object game'));
    await user.click(card('Aisha Okafor'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent('LEIA Generation Error');
    expect(error).toHaveTextContent(
      'Unable to generate LEIA preview. Please ensure all components are properly selected and configured',
    );
    expect(error).toHaveTextContent(
      'Constraint not met: behaviour.spec.process. No compatible processes found.',
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Try' })).toBeDisabled();
  });

  it('Try starts a session with the chosen parts and opens the chat, carrying the design', async () => {
    const { user } = await renderWizard();
    await toStep2(user);
    await user.click(screen.getByRole('button', { name: 'Try' }));
    await waitFor(() => expect(window.location.pathname).toBe('/chat/session-1'));
    expect(mocked.initializeSession).toHaveBeenCalledWith(
      { spec: { persona: 'p-aisha', problem: 'q-library', behaviour: 'b-interviewee' } },
      expect.anything(),
    );
    expect(window.history.state).toMatchObject({
      problemDescription: 'A library for Aisha',
      wizardState: { step: 2, parts: { persona: { id: 'p-aisha' } } },
    });
  });

  it('instructors: no Edit on the behaviour, whose card shows name, version, role and process only', async () => {
    resetApi(teacherUser);
    const { user } = await renderWizard();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Choose a behaviour' }), 'b-interviewee');
    await user.click(card('Library room booking'));
    await user.click(card('Aisha Okafor'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const behaviour = partCard('Requirements interviewee');
    expect(
      behaviour.getByText('Requirements interviewee v1.0.0 · Client · Req. Elicitation'),
    ).toBeInTheDocument();
    // Its only action is History (issue 13), which shows an instructor a behaviour's versions as metadata only.
    expect(behaviour.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'History of behaviour',
    ]);
    expect(screen.queryByRole('tab', { name: 'Behaviour' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit persona' })).toBeInTheDocument();
  });
});
