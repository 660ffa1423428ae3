import { NOTICE_TOAST } from '@client/toasts';
import { activityExport } from '@shared/activity-export';
import { screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { week1 } from '../../support/activities';
import { deferred, httpError, mocked, renderActivities, resetApi } from './harness';

const { fakeModule, partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
const { ACTIVITY_CALLS } = await vi.hoisted(() => import('./calls'));
vi.mock('@client/api/activities', fakeModule(...ACTIVITY_CALLS));
vi.mock('@client/api/runner', partlyFake('initializeSession', 'generateTranscription'));
vi.mock('@client/api/leias', partlyFake('getLeia', 'listLeias'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);

beforeEach(() => {
  resetApi([week1]);
  vi.mocked(toast.error).mockClear();
  vi.mocked(toast.success).mockClear();
});

/** week1 as 'Export activity as JSON' writes it (the server's LEIA ids are uuids). */
const exported = () => {
  const file = activityExport(week1);
  return {
    ...file,
    leias: file.leias.map((item, index) => ({
      ...item,
      leia: { ...item.leia, id: `00000000-0000-4000-8000-00000000000${index}` },
    })),
  };
};

const fileOf = (text: string) => new File([text], 'week-1.json', { type: 'application/json' });
const chooseFile = async (user: Awaited<ReturnType<typeof renderActivities>>['user'], text: string) =>
  user.upload(screen.getByLabelText('Activity file to import'), fileOf(text));

const dialog = () => screen.getByRole('dialog', { name: 'Import Activity' });
const nameField = () => within(dialog()).getByRole('textbox', { name: 'Activity Name' });

describe('My Activities: Import Activity', () => {
  it('asks for the name, sends the file as it was written, shows the new activity and says so', async () => {
    const { user } = await renderActivities();
    const file = exported();
    const imported = { ...week1, id: 'a-imported', name: 'Week 1 (again)' };
    const answer = deferred<typeof imported>();
    mocked.importActivity.mockReturnValue(answer.promise);
    mocked.listActivities.mockResolvedValue([week1, imported]);

    await chooseFile(user, JSON.stringify({ ...file, name: imported.name }));
    expect(await screen.findByRole('dialog', { name: 'Import Activity' })).toHaveAccessibleDescription(
      '2 LEIAs, with their modes and transcriptions',
    );
    expect(nameField()).toHaveValue('Week 1 (again)');
    expect(nameField()).toHaveFocus();
    expect(mocked.importActivity).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(mocked.importActivity).toHaveBeenCalledWith({ ...file, name: imported.name }));
    expect(within(dialog()).getByRole('button', { name: 'Importing…' })).toBeDisabled();
    answer.resolve(imported);
    await screen.findByRole('article', { name: 'Week 1 (again)' });
    expect(screen.queryByRole('dialog', { name: 'Import Activity' })).toBeNull();
    expect(toast.success).toHaveBeenCalledWith("Activity 'Week 1 (again)' imported", NOTICE_TOAST);
    expect(screen.getByRole('button', { name: 'Import Activity' })).toBeEnabled();
  });

  it('offers the next free name for a name the list already has, and imports under the name as edited', async () => {
    const { user } = await renderActivities();
    mocked.importActivity.mockImplementation(async (body) => ({ ...week1, id: 'a-2', name: body.name }));
    await chooseFile(user, JSON.stringify(exported()));
    await screen.findByRole('dialog', { name: 'Import Activity' });
    expect(nameField()).toHaveValue('Week 1 (2)');
    expect(nameField()).toHaveAccessibleDescription(
      'An activity named "Week 1" already exists, so the next free name is offered.',
    );
    await user.clear(nameField());
    await user.type(nameField(), 'Week 1');
    expect(nameField()).toHaveAccessibleDescription(
      expect.stringContaining('An activity named "Week 1" already exists'),
    );
    expect(within(dialog()).getByRole('button', { name: 'Import' })).toBeDisabled();
    await user.type(nameField(), ' retake');
    await user.click(within(dialog()).getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(mocked.importActivity).toHaveBeenCalledWith({ ...exported(), name: 'Week 1 retake' }),
    );
  });

  it.each([
    ['{ not json', 'Could not import the activity: Invalid JSON format'],
    [
      JSON.stringify({ name: 'x' }),
      'Could not import the activity: This is not an activity export (format leia-activity, version 1)',
    ],
    [
      JSON.stringify({ format: 'leia-activity', version: 1, name: ' ', leias: [] }),
      'Could not import the activity: name: ',
    ],
  ])('refuses a file that is not an export before sending it (%s)', async (text, message) => {
    const { user } = await renderActivities();
    await chooseFile(user, text);
    await waitFor(() => expect(toast.error).toHaveBeenCalled());
    expect(vi.mocked(toast.error).mock.calls[0]?.[0]).toContain(message);
    expect(mocked.importActivity).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Import Activity' })).toBeNull();
  });

  it("shows the server's reason in the dialog when it refuses, with the next name after the refused one", async () => {
    // No activity listed: the name is taken by another admin's, which only the server knows of.
    mocked.listActivities.mockResolvedValue([]);
    const { user } = await renderActivities({ waitForList: false });
    await screen.findByText('No activities yet');
    mocked.importActivity.mockRejectedValue(
      httpError(409, { message: 'An activity named "Week 1" already exists' }),
    );
    await chooseFile(user, JSON.stringify(exported()));
    await screen.findByRole('dialog', { name: 'Import Activity' });
    expect(nameField()).toHaveValue('Week 1');
    await user.click(within(dialog()).getByRole('button', { name: 'Import' }));
    expect(await within(dialog()).findByRole('alert')).toHaveTextContent(
      'An activity named "Week 1" already exists',
    );
    expect(nameField()).toHaveValue('Week 1 (2)');
    expect(toast.error).not.toHaveBeenCalled();
  });
});
