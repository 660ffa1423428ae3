import * as history from '@client/api/history';
import * as resources from '@client/api/resources';
import { usePaletteCommands } from '@client/palette';
import type { Command } from '@client/palette/types';
import type { VersionEntry } from '@shared/schemas/history';
import { act, screen, waitFor, within } from '@testing-library/react';
import { pageItems } from '../support/palette';
import { adminUser, catalogue, mocked, renderWizard, resetApi, resource, teacherUser } from './harness';

const { partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
vi.mock(
  '@client/api/resources',
  partlyFake('listResources', 'getResource', 'createResource', 'deleteResource', 'resourceExists'),
);
vi.mock('@client/api/leias', partlyFake('createLeia', 'leiaExists'));
vi.mock('@client/api/history', partlyFake('listVersions', 'getLineage', 'restoreVersion'));
vi.mock('@client/api/runner', partlyFake('initializeSession'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);

/** Issue 13 in the wizard: New name or New version in step 3, and a part card's History. */

const api = {
  getLineage: vi.mocked(history.getLineage),
  restoreVersion: vi.mocked(history.restoreVersion),
  getResource: vi.mocked(resources.getResource),
};

const adminOwner = { id: adminUser.id, email: adminUser.email, role: 'admin' as const };
const source = { id: 'leia-library', name: 'Library interview', version: '1.0.0', user: adminOwner };
const entry = (id: string, name: string, version: string, note?: string): VersionEntry => ({
  id,
  name,
  version,
  createdAt: '2025-11-20T17:45:00.000Z',
  user: adminOwner,
  isPublished: version === '1.0.0',
  ...(note && { note }),
});
/** Library room booking: 1.0.0 (chosen) and a 1.1.0 someone made since. */
const problemVersions = [
  entry('q-library-110', 'Library room booking', '1.1.0', 'Riverside branch'),
  entry('q-library', 'Library room booking', '1.0.0'),
];
const library110 = {
  ...resource('q-library-110', 'Library room booking', { description: 'A riverside library' }),
  metadata: { name: 'Library room booking', version: '1.1.0' },
};

beforeEach(() => {
  resetApi();
  vi.mocked(usePaletteCommands).mockReset();
  mocked.listVersions.mockImplementation(async (kind) =>
    kind === 'leia'
      ? [entry('leia-library', 'Library interview', '1.2.0')]
      : kind === 'problem'
        ? problemVersions
        : [],
  );
  api.getLineage.mockReset().mockResolvedValue({ derived: [] });
  api.restoreVersion
    .mockReset()
    .mockResolvedValue({ id: 'q-library-120', metadata: { name: 'Library room booking', version: '1.2.0' } });
  api.getResource.mockReset().mockImplementation(async (kind, id) => {
    if (id === 'q-library-110') return library110;
    return catalogue[kind].find((item) => item.id === id)!;
  });
});

/** 'Design from this' on Library interview: its parts, at step 2. */
const designFromLibrary = async () => {
  window.history.replaceState(
    {
      preset: {
        persona: catalogue.persona[0],
        problem: catalogue.problem[0],
        behaviour: catalogue.behaviour[0],
      },
      source,
    },
    '',
    '/create',
  );
  return renderWizard();
};

const editProblem = async (user: Awaited<ReturnType<typeof renderWizard>>['user']) => {
  await user.click(screen.getByRole('button', { name: 'Edit problem' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Edit Problem' }));
  await user.type(dialog.getByRole('textbox', { name: 'Details' }), 'Rooms on two floors');
  await user.click(dialog.getByRole('button', { name: 'Save' }));
};

const item = (legend: string) => within(screen.getByRole('group', { name: legend }));

/** The latest registration holding `id` (the screen and an open dialog register lists of their own). */
const latestCommand = (id: string): Command => {
  for (const [commands] of [...vi.mocked(usePaletteCommands).mock.calls].reverse()) {
    const found = commands.find((command) => command.id === id);
    if (found) return found;
  }
  throw new Error(`no command ${id}`);
};

describe('Design wizard, step 3: New name or New version', () => {
  it('offers New version of the LEIA designed from and of the edited part, bumped from the latest, minor by default', async () => {
    const { user } = await designFromLibrary();
    await editProblem(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Create your LEIA' });
    expect(item('LEIA').getByRole('radio', { name: 'New name' })).toBeChecked();
    expect(item('Problem').getByRole('textbox', { name: 'Problem name' })).toBeInTheDocument();
    await user.click(item('Problem').getByRole('radio', { name: 'New version of Library room booking' }));
    expect(item('Problem').queryByRole('textbox', { name: 'Problem name' })).toBeNull();
    // The latest is 1.1.0 (not the 1.0.0 designed from): the numbers follow it.
    await waitFor(() => expect(item('Problem').getByRole('radio', { name: 'Minor (1.2.0)' })).toBeChecked());
    expect(item('Problem').getByRole('radio', { name: 'Patch (1.1.1)' })).not.toBeChecked();
    expect(item('Problem').getByRole('radio', { name: 'Major (2.0.0)' })).not.toBeChecked();
    expect(mocked.listVersions).toHaveBeenCalledWith('problem', 'q-library', expect.anything());

    await user.type(
      item('Problem').getByRole('textbox', { name: 'Problem change note (optional)' }),
      'Floors',
    );
    await user.click(item('LEIA').getByRole('radio', { name: 'New version of Library interview' }));
    await user.click(item('LEIA').getByRole('radio', { name: 'Patch (1.2.1)' }));
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(window.location.pathname).toBe('/leias'));
    expect(mocked.resourceExists).not.toHaveBeenCalled();
    expect(mocked.createResource).toHaveBeenCalledWith(
      'problem',
      expect.objectContaining({
        metadata: { name: 'Library room booking', version: '1.2.0' },
        note: 'Floors',
        derivedFrom: 'q-library',
      }),
      { publish: false },
    );
    expect(mocked.createLeia).toHaveBeenCalledWith(
      {
        metadata: { name: 'Library interview', version: '1.2.1' },
        spec: { persona: 'p-aisha', problem: 'new-problem', behaviour: 'b-interviewee' },
        derivedFrom: 'leia-library',
      },
      { publish: false },
    );
  });

  it('a change note over 500 characters says so', async () => {
    const { user } = await designFromLibrary();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const note = await screen.findByRole('textbox', { name: 'LEIA change note (optional)' });
    await user.click(note);
    await user.paste('x'.repeat(501));
    expect(screen.getByText('A change note must be at most 500 characters')).toBeInTheDocument();
  });

  it("an instructor is not offered a version of an admin's LEIA: the name is asked", async () => {
    resetApi(teacherUser);
    const { user } = await designFromLibrary();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'Create your LEIA' });
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'LEIA name' })).toBeInTheDocument();
  });
});

describe("Design wizard: a part card's History", () => {
  it('lists the versions, compares two in YAML, restores one and reloads its list', async () => {
    const { user } = await designFromLibrary();
    await user.click(screen.getByRole('button', { name: 'History of problem' }));
    const modal = within(await screen.findByRole('dialog', { name: 'History of Library room booking' }));
    const list = await modal.findByRole('list', { name: 'Versions of Library room booking' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['v1.1.0', 'v1.0.0']);
    expect(within(list).getByRole('listitem', { name: 'v1.1.0' })).toHaveTextContent('Riverside branch');

    await user.click(modal.getByRole('checkbox', { name: 'Compare v1.0.0' }));
    await user.click(modal.getByRole('checkbox', { name: 'Compare v1.1.0' }));
    expect(await modal.findByText(/Changed spec.description/)).toBeInTheDocument();
    await waitFor(
      () =>
        expect(modal.getByRole('textbox', { name: 'v1.1.0' })).toHaveTextContent(
          'description: A riverside library',
        ),
      { timeout: 15_000 },
    );

    const loads = mocked.listResources.mock.calls.filter(([kind]) => kind === 'problem').length;
    await user.click(modal.getByRole('button', { name: 'Restore v1.0.0' }));
    await user.click(modal.getByRole('button', { name: 'Restore' }));
    expect(await modal.findByText('Restored v1.0.0 as v1.2.0')).toBeInTheDocument();
    expect(api.restoreVersion).toHaveBeenCalledWith('problem', 'q-library', 'minor');
    expect(mocked.listResources.mock.calls.filter(([kind]) => kind === 'problem').length).toBe(loads + 1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("an instructor sees a behaviour's versions as metadata only: no content, no diff, no restore", async () => {
    resetApi(teacherUser);
    mocked.listVersions.mockResolvedValue([
      entry('b-interviewee', 'Requirements interviewee', '1.0.0', 'First'),
    ]);
    const { user } = await designFromLibrary();
    await user.click(screen.getByRole('button', { name: 'History of behaviour' }));
    const modal = within(await screen.findByRole('dialog', { name: 'History of Requirements interviewee' }));
    expect(await modal.findByRole('listitem', { name: 'v1.0.0' })).toHaveTextContent('First');
    expect(
      modal.getByText("A behaviour's content is hidden from instructors: only its versions are listed"),
    ).toBeInTheDocument();
    expect(modal.queryByRole('checkbox')).toBeNull();
    expect(modal.queryByRole('button', { name: /^Restore/ })).toBeNull();
    expect(api.getResource).not.toHaveBeenCalledWith('behaviour', expect.anything(), expect.anything());
  });

  it("palette: 'Show history...' of a chosen part; Compare with previous version on the open one", async () => {
    await designFromLibrary();
    const show = latestCommand('wizard.history');
    expect(show.disabled).toBeUndefined();
    const parts = await pageItems(show);
    expect(parts.map((part) => part.title)).toEqual([
      'Aisha Okafor',
      'Library room booking',
      'Requirements interviewee',
    ]);
    await act(async () => show.run(parts[1]!.value));
    await screen.findByRole('dialog', { name: 'History of Library room booking' });
    await waitFor(() =>
      expect(latestCommand('history.comparePrevious').disabled).toBe(
        'There is no earlier version to compare with',
      ),
    );
  });
});
