import { NOTICE_TOAST } from '@client/toasts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { httpError, mocked, renderWizard, resetApi, teacherUser, toStep2 } from './harness';

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
  vi.mocked(toast.success).mockReset();
});

/** Step 3 with the persona edited in the visual editor. */
const toStep3 = async (user: Awaited<ReturnType<typeof renderWizard>>['user']) => {
  await toStep2(user);
  await user.click(screen.getByRole('button', { name: 'Edit persona' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Edit Persona' }));
  await user.type(dialog.getByRole('textbox', { name: 'Description' }), ' on nights');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Create your LEIA' });
};

const leiaName = () => screen.getByRole('textbox', { name: 'LEIA name' });
const personaName = () => screen.getByRole('textbox', { name: 'Persona name' });

describe('Design wizard, step 3: names and Finish', () => {
  it('asks for the LEIA name and each edited part name, version 1.0.0; the Final LEIA Preview is shown', async () => {
    const { user } = await renderWizard();
    await toStep3(user);
    expect(leiaName()).toHaveValue('');
    expect(personaName()).toHaveValue('');
    expect(screen.queryByRole('textbox', { name: 'Problem name' })).toBeNull();
    expect(screen.getAllByText('Version 1.0.0')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Final LEIA Preview' })).toHaveTextContent('on nights');
    expect(screen.getByRole('button', { name: 'Finish' })).toBeEnabled();
  });

  it("'Name already exists' once typing pauses; it clears as soon as the field is edited", async () => {
    mocked.leiaExists.mockImplementation(async (name) => name === 'Taken');
    const { user } = await renderWizard();
    await toStep3(user);
    await user.type(leiaName(), 'Taken');
    expect(await screen.findByText('Name already exists')).toBeInTheDocument();
    expect(mocked.leiaExists).toHaveBeenCalledTimes(1);
    expect(mocked.leiaExists).toHaveBeenCalledWith('Taken', expect.anything());
    await user.type(leiaName(), '!');
    expect(screen.queryByText('Name already exists')).toBeNull();
  });

  it("a failed check says 'Failed to check name existence'", async () => {
    mocked.resourceExists.mockRejectedValue(httpError(500));
    const { user } = await renderWizard();
    await toStep3(user);
    await user.type(personaName(), 'Night nurse');
    expect(await screen.findByText('Failed to check name existence')).toBeInTheDocument();
    expect(mocked.resourceExists).toHaveBeenCalledWith('persona', 'Night nurse', expect.anything());
  });

  it("Finish with blank names says 'Name is required' and creates nothing", async () => {
    const { user } = await renderWizard();
    await toStep3(user);
    await user.type(leiaName(), '   ');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.getAllByText('Name is required')).toHaveLength(2);
    expect(mocked.createResource).not.toHaveBeenCalled();
  });

  it('Finish creates the edited part (cleaned up, trimmed name, recording the part it was edited from), then the LEIA, then goes to /leias', async () => {
    const { user } = await renderWizard();
    await toStep3(user);
    await user.type(leiaName(), '  Night library  ');
    await user.type(personaName(), 'Night nurse');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(window.location.pathname).toBe('/leias'));
    expect(mocked.createResource).toHaveBeenCalledWith(
      'persona',
      {
        apiVersion: 'v1',
        metadata: { name: 'Night nurse', version: '1.0.0' },
        spec: expect.objectContaining({ fullName: 'Aisha Okafor', description: 'Nurse manager on nights' }),
        derivedFrom: 'p-aisha',
      },
      { publish: false },
    );
    expect(mocked.createLeia).toHaveBeenCalledWith(
      {
        metadata: { name: 'Night library', version: '1.0.0' },
        spec: { persona: 'new-persona', problem: 'q-library', behaviour: 'b-interviewee' },
      },
      { publish: false },
    );
    expect(toast.success).toHaveBeenCalledWith('LEIA "Night library" created', NOTICE_TOAST);
    expect(sessionStorage.length).toBe(0);
  });

  it("a failed part stops with 'Failed to create persona resource' and the server's message", async () => {
    mocked.createResource.mockRejectedValueOnce(
      httpError(409, { message: 'A persona named "X" already exists' }),
    );
    const { user } = await renderWizard();
    await toStep3(user);
    await user.type(leiaName(), 'L');
    await user.type(personaName(), 'X');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const alert = await screen.findByText('Failed to create persona resource');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('A persona named "X" already exists');
    expect(mocked.createLeia).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/create');
  });

  it('admins: a public LEIA forces the new part public, locks it and lists it; non-admins have no toggles', async () => {
    const { user } = await renderWizard();
    await toStep3(user);
    const own = screen.getByRole('checkbox', { name: 'Public persona' });
    expect(own).not.toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Public LEIA' }));
    expect(own).toBeChecked();
    expect(own).toBeDisabled();
    expect(screen.getByText('Publishing the LEIA also makes these parts public:')).toBeInTheDocument();
    expect(screen.getByText('Persona: the new part edited from "Aisha Okafor"')).toBeInTheDocument();
    await user.type(leiaName(), 'L');
    await user.type(personaName(), 'P');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(mocked.createLeia).toHaveBeenCalledWith(expect.anything(), { publish: true }));
    expect(mocked.createResource).toHaveBeenCalledWith('persona', expect.anything(), { publish: true });
  });

  it('instructors send no publish flag and see no visibility selectors', async () => {
    resetApi(teacherUser);
    const { user } = await renderWizard();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Choose a behaviour' }), 'b-interviewee');
    await user.click(screen.getByRole('button', { name: /^Library room booking v/ }));
    await user.click(screen.getByRole('button', { name: /^Aisha Okafor v/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.type(leiaName(), 'Mine');
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Finish' }));
    });
    await waitFor(() =>
      expect(mocked.createLeia).toHaveBeenCalledWith(expect.anything(), { publish: undefined }),
    );
    expect(mocked.createResource).not.toHaveBeenCalled();
  });
});
