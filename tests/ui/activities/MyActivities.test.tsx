import { BRIEF_NOTICE_TOAST, NOTICE_TOAST } from '@client/toasts';
import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { activity, bakery, config, library, OTHER_ACTIVITY_ID, week1 } from '../../support/activities';
import {
  card,
  deferred,
  dialog,
  expand,
  httpError,
  leiaRow,
  mocked,
  renderActivities,
  resetApi,
} from './harness';

const { fakeModule, partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
const { ACTIVITY_CALLS } = await vi.hoisted(() => import('./calls'));
vi.mock('@client/api/activities', fakeModule(...ACTIVITY_CALLS));
vi.mock('@client/api/runner', partlyFake('initializeSession', 'generateTranscription'));
vi.mock('@client/api/leias', partlyFake('getLeia', 'listLeias'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);

const published = activity({
  id: OTHER_ACTIVITY_ID,
  name: 'Week 0',
  isPublished: true,
  visibility: 'public',
  leias: [config('cfg-p', bakery, { mode: 'transcription', data: { link: 'https://example.org/t' } })],
});

beforeEach(() => resetApi([week1, published]));

describe('My Activities: states', () => {
  it("titles the screen, loads ('Loading activities...') with the populated list; the search box is disabled", async () => {
    const answer = deferred<(typeof week1)[]>();
    mocked.listActivities.mockReturnValue(answer.promise);
    await renderActivities({ waitForList: false });
    expect(screen.getByRole('heading', { level: 1, name: 'My Activities' })).toBeInTheDocument();
    expect(screen.getByText('View and manage your activities')).toBeInTheDocument();
    expect(screen.getByText('Loading activities...')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search activities' })).toBeDisabled();
    expect(screen.getByPlaceholderText('Search activities...')).toBeDisabled();
    expect(mocked.listActivities).toHaveBeenCalledWith({ populated: true }, expect.anything());
    answer.resolve([week1]);
    expect(await screen.findByRole('article', { name: 'Week 1' })).toBeInTheDocument();
  });

  it("a failure: 'Something went wrong', the message, and 'Try Again' loads again", async () => {
    mocked.listActivities.mockRejectedValueOnce(httpError(500, { message: 'database unavailable' }));
    const { user } = await renderActivities({ waitForList: false });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    expect(alert).toHaveTextContent('Error loading activities: database unavailable');
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Week 1' })).toBeInTheDocument();
    expect(mocked.listActivities).toHaveBeenCalledTimes(2);
  });

  it('empty: the inline create, disabled while the name is blank, creates with the trimmed name', async () => {
    mocked.listActivities.mockResolvedValue([]);
    mocked.createActivity.mockResolvedValue(activity({ name: 'Week 5' }));
    const { user } = await renderActivities({ waitForList: false });
    expect(await screen.findByText('No activities yet')).toBeInTheDocument();
    expect(screen.getByText('Create your first activity to get started')).toBeInTheDocument();
    const create = screen.getByRole('button', { name: 'Create Activity' });
    expect(create).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Activity Name' }), '  Week 5 {Enter}');
    expect(mocked.createActivity).toHaveBeenCalledWith('Week 5');
    expect(await screen.findByRole('article', { name: 'Week 5' })).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith("Activity 'Week 5' created", NOTICE_TOAST);
  });
});

describe('My Activities: cards', () => {
  it('show name, created date, LEIA count and Published; only unpublished ones can be published or deleted', async () => {
    await renderActivities();
    const open = card('Week 1');
    expect(open.getByText('2 LEIAs')).toBeInTheDocument();
    expect(open.getByText('Mar 4, 2025, 9:05 AM', { exact: false })).toBeInTheDocument();
    expect(open.queryByText('Published')).toBeNull();
    expect(open.getByRole('button', { name: 'Publish' })).toBeEnabled();
    expect(open.getByRole('button', { name: 'Delete Activity' })).toBeEnabled();
    const locked = card('Week 0');
    expect(locked.getByText('1 LEIA')).toBeInTheDocument();
    expect(locked.getByText('Published')).toBeInTheDocument();
    expect(locked.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(locked.queryByRole('button', { name: 'Delete Activity' })).toBeNull();
  });

  it('the chevron shows the LEIAs; an empty activity says so', async () => {
    resetApi([activity({ name: 'Empty one' })]);
    const { user } = await renderActivities();
    const chevron = screen.getByRole('button', { name: 'Show the LEIAs of Empty one' });
    expect(chevron).toHaveAttribute('aria-expanded', 'false');
    await user.click(chevron);
    expect(screen.getByRole('button', { name: 'Hide the LEIAs of Empty one' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.getByText('No LEIAs in this experiment')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide the LEIAs of Empty one' }));
    expect(screen.queryByText('No LEIAs in this experiment')).toBeNull();
  });

  it('Publish asks first, then publishes: the card locks and the toast shows bottom-right for 3 s', async () => {
    mocked.publishActivity.mockResolvedValue({ ...week1, isPublished: true, visibility: 'public' });
    const { user } = await renderActivities();
    await user.click(card('Week 1').getByRole('button', { name: 'Publish' }));
    const question = dialog('Publish Week 1?');
    expect(question.getByText(/cannot be unpublished/)).toBeInTheDocument();
    await user.click(question.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(card('Week 1').getByText('Published')).toBeInTheDocument());
    expect(mocked.publishActivity).toHaveBeenCalledWith(week1.id);
    expect(toast.success).toHaveBeenCalledWith('Activity published successfully', BRIEF_NOTICE_TOAST);
    expect(BRIEF_NOTICE_TOAST).toEqual({ position: 'bottom-right', duration: 3000 });
    expect(card('Week 1').queryByRole('button', { name: 'Publish' })).toBeNull();
  });

  it('Publish says which LEIAs in the activity are not published', async () => {
    resetApi([activity({ leias: [config('c1', { ...bakery, isPublished: false }), config('c2', library)] })]);
    const { user } = await renderActivities();
    await user.click(screen.getByRole('button', { name: 'Show the LEIAs of Week 1' }));
    expect(leiaRow('Bakery interview').getByText('Unpublished')).toBeInTheDocument();
    expect(leiaRow('Library booking').queryByText('Unpublished')).toBeNull();
    await user.click(card('Week 1').getByRole('button', { name: 'Publish' }));
    expect(
      dialog('Publish Week 1?').getByText(
        'One LEIA in it is not published (Bakery interview): only their owners and administrators can open it.',
      ),
    ).toBeInTheDocument();
  });

  it("'Delete LEIA', Generate and Auto Generate say what they do", async () => {
    const { user } = await renderActivities();
    await user.click(screen.getByRole('button', { name: 'Show the LEIAs of Week 1' }));
    expect(
      leiaRow('Bakery interview').getByRole('button', { name: 'Delete LEIA' }),
    ).toHaveAccessibleDescription('Removes this LEIA from the activity; the LEIA itself is kept.');
    const row = leiaRow('Library booking');
    expect(row.getByRole('button', { name: 'Generate' })).toHaveAccessibleDescription(
      /^Generate: record it yourself, in a chat with this LEIA/,
    );
    expect(row.getByRole('button', { name: 'Auto Generate' })).toHaveAccessibleDescription(
      /^Auto Generate: simulated students interview this LEIA/,
    );
    expect(
      row.getByText(/^Generate: record it yourself.*Auto Generate: simulated students/),
    ).toBeInTheDocument();
  });

  it("Delete Activity: Cancel keeps it; confirmed, the card goes; a 409 shows the server's message", async () => {
    mocked.deleteActivity.mockRejectedValueOnce(
      httpError(409, { message: 'This activity is published and can no longer be changed' }),
    );
    mocked.deleteActivity.mockResolvedValueOnce(undefined);
    const { user } = await renderActivities();
    await user.click(card('Week 1').getByRole('button', { name: 'Delete Activity' }));
    await user.click(dialog('Delete Week 1?').getByRole('button', { name: 'Cancel' }));
    expect(mocked.deleteActivity).not.toHaveBeenCalled();
    await user.click(card('Week 1').getByRole('button', { name: 'Delete Activity' }));
    await user.click(dialog('Delete Week 1?').getByRole('button', { name: 'Delete Activity' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'This activity is published and can no longer be changed',
        BRIEF_NOTICE_TOAST,
      ),
    );
    await user.click(card('Week 1').getByRole('button', { name: 'Delete Activity' }));
    await user.click(dialog('Delete Week 1?').getByRole('button', { name: 'Delete Activity' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Week 1' })).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Activity deleted successfully', BRIEF_NOTICE_TOAST);
  });
});

describe('My Activities: a LEIA in an activity', () => {
  it("shows its name ('LEIA {n}' without one), the eye button, the Mode dropdown and 'Delete LEIA'", async () => {
    resetApi([{ ...week1, leias: [...week1.leias, config('cfg-bare', 'leia-id-only')] }]);
    mocked.getLeia.mockReturnValue(new Promise(() => {}));
    const { user } = await renderActivities();
    await expand(user, 'Week 1');
    const row = leiaRow('Bakery interview');
    expect(row.getByRole('combobox', { name: 'Mode of Bakery interview' })).toHaveValue('standard');
    expect(row.getByRole('button', { name: 'Delete LEIA' })).toBeInTheDocument();
    expect(row.queryByText('Transcription Type')).toBeNull();
    expect(leiaRow('LEIA 3').getByRole('combobox', { name: 'Mode of LEIA 3' })).toBeInTheDocument();
    await user.click(row.getByRole('button', { name: 'View Bakery interview' }));
    expect(screen.getByRole('dialog', { name: 'Bakery interview' })).toBeInTheDocument();
    expect(mocked.getLeia).toHaveBeenCalledWith(bakery.id, expect.anything());
  });

  it('changing the mode saves it and shows the transcription part; a failure toasts its text', async () => {
    mocked.setLeiaMode.mockImplementation(async (_id, configRef, mode) => ({
      ...week1,
      leias: week1.leias.map((item) =>
        item.id === configRef.id ? { ...item, configuration: { mode } } : item,
      ),
    }));
    const { user } = await renderActivities();
    await expand(user, 'Week 1');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Mode of Bakery interview' }),
      'transcription',
    );
    expect(mocked.setLeiaMode).toHaveBeenCalledWith(
      week1.id,
      { id: 'cfg-standard', leia: bakery.id },
      'transcription',
    );
    expect(await leiaRow('Bakery interview').findByText('No Transcription Available')).toBeInTheDocument();
    mocked.setLeiaMode.mockRejectedValueOnce(httpError(500));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Mode of Bakery interview' }), 'standard');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to update LEIA mode', BRIEF_NOTICE_TOAST),
    );
  });

  it("'Delete LEIA' asks, then removes the row: 'LEIA deleted from activity'", async () => {
    mocked.removeLeiaFromActivity.mockResolvedValue(undefined);
    const { user } = await renderActivities();
    await expand(user, 'Week 1');
    await user.click(leiaRow('Bakery interview').getByRole('button', { name: 'Delete LEIA' }));
    await user.click(
      dialog('Delete Bakery interview from Week 1?').getByRole('button', { name: 'Delete LEIA' }),
    );
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bakery interview' })).toBeNull());
    expect(mocked.removeLeiaFromActivity).toHaveBeenCalledWith(week1.id, 'cfg-standard');
    expect(toast.success).toHaveBeenCalledWith('LEIA deleted from activity', BRIEF_NOTICE_TOAST);
    expect(card('Week 1').getByText('1 LEIA')).toBeInTheDocument();
  });

  it('a transcription row: its type, messages count, when and how it was set, the notice and the four actions', async () => {
    const { user } = await renderActivities();
    await expand(user, 'Week 1');
    const row = leiaRow(library.metadata.name);
    expect(row.getByText('Transcription Type')).toBeInTheDocument();
    expect(row.getByText('Chat Messages (2 messages)')).toBeInTheDocument();
    const changed = row.getByText(
      (_, element) =>
        element?.tagName === 'P' &&
        /^Last changed Mar 5, 2025.*: auto-generated$/.test(element.textContent ?? ''),
    );
    expect(changed.querySelector('time')).toHaveAttribute('datetime', '2025-03-05T10:00:00.000Z');
    expect(
      row.getByText('Important: Any form of transcription update will result in overwriting previous data.'),
    ).toBeInTheDocument();
    for (const name of ['Add Link', 'Generate', 'Auto Generate', 'JSON Edit']) {
      expect(row.getByRole('button', { name })).toBeEnabled();
    }
  });

  it('a published activity: mode as a badge, the link opened without opener or referrer, no controls', async () => {
    const { user } = await renderActivities();
    await expand(user, 'Week 0');
    const row = leiaRow('Bakery interview');
    expect(row.queryByRole('combobox')).toBeNull();
    expect(row.getByText('transcription')).toBeInTheDocument();
    expect(row.getByText('External Link')).toBeInTheDocument();
    const link = row.getByRole('link', { name: 'View the transcription link of Bakery interview' });
    expect(link).toHaveAttribute('href', 'https://example.org/t');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    for (const name of ['Delete LEIA', 'Add Link', 'Generate', 'Auto Generate', 'JSON Edit']) {
      expect(row.queryByRole('button', { name })).toBeNull();
    }
    expect(row.queryByText(/Important:/)).toBeNull();
  });
});

describe('My Activities: the Create Activity modal', () => {
  it("New Activity opens it; Enter creates ('Creating...'); the new card comes first", async () => {
    const created = deferred<typeof week1>();
    mocked.createActivity.mockReturnValue(created.promise);
    const { user } = await renderActivities();
    await user.click(screen.getByRole('button', { name: 'New Activity' }));
    const modal = dialog('Create New Activity');
    const name = modal.getByRole('textbox', { name: 'Activity Name' });
    expect(name).toHaveAttribute('placeholder', 'Enter activity name...');
    expect(modal.getByRole('button', { name: 'Create Activity' })).toBeDisabled();
    await user.type(name, 'Week 2{Enter}');
    expect(modal.getByRole('button', { name: 'Creating...' })).toBeDisabled();
    created.resolve(activity({ id: 'w2', name: 'Week 2' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create New Activity' })).toBeNull());
    expect(screen.getAllByRole('article').map((item) => item.getAttribute('data-activity-id'))).toEqual([
      'w2',
      week1.id,
      OTHER_ACTIVITY_ID,
    ]);
  });

  it("Cancel clears the name; a failure keeps it: 'Could not create new activity: {message}' for 5 s", async () => {
    mocked.createActivity.mockRejectedValue(
      httpError(409, { message: 'An activity named "Week 1" already exists' }),
    );
    const { user } = await renderActivities();
    await user.click(screen.getByRole('button', { name: 'New Activity' }));
    await user.type(dialog('Create New Activity').getByRole('textbox', { name: 'Activity Name' }), 'Draft');
    await user.click(dialog('Create New Activity').getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'New Activity' }));
    const name = dialog('Create New Activity').getByRole('textbox', { name: 'Activity Name' });
    expect(name).toHaveValue('');
    await user.type(name, 'Week 1{Enter}');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Could not create new activity: An activity named "Week 1" already exists',
        NOTICE_TOAST,
      ),
    );
    expect(dialog('Create New Activity').getByRole('textbox', { name: 'Activity Name' })).toHaveValue(
      'Week 1',
    );
    expect(NOTICE_TOAST).toEqual({ position: 'bottom-right', duration: 5000 });
  });
});
