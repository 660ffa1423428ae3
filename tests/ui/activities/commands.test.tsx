import { listClassSessions } from '@client/api/classSessions';
import { usePaletteCommands } from '@client/palette';
import type { Command } from '@client/palette/types';
import { activityExport, transcriptionsCsv } from '@shared/activity-export';
import { act, screen, waitFor, within } from '@testing-library/react';
import { activity, OTHER_ACTIVITY_ID, week1 } from '../../support/activities';
import { argumentPage, chooseItems, findCommand, registeredCommands, runCommand } from '../support/palette';
import { mocked, renderActivities, resetApi } from './harness';

const { fakeModule, partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
const { ACTIVITY_CALLS } = await vi.hoisted(() => import('./calls'));
vi.mock('@client/api/activities', fakeModule(...ACTIVITY_CALLS));
vi.mock('@client/api/runner', partlyFake('initializeSession', 'generateTranscription'));
vi.mock('@client/api/leias', partlyFake('getLeia', 'listLeias'));
vi.mock('@client/api/classSessions', partlyFake('listClassSessions', 'startClassSession'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);

const published = activity({
  id: OTHER_ACTIVITY_ID,
  name: 'Week 0',
  isPublished: true,
  visibility: 'public',
});

beforeEach(() => {
  resetApi([week1, published]);
  vi.mocked(usePaletteCommands).mockReset();
});

/** A static page's titles, as the palette lists them. */
const titles = async (command: Command, index = 0, ...before: unknown[]) => {
  const page = argumentPage(command, index, ...before);
  const items = await page.load!(new AbortController().signal);
  return items.map((item) => item.title);
};
const itemsOf = async (command: Command) => argumentPage(command).load!(new AbortController().signal);

describe('My Activities palette commands', () => {
  it('are the screen actions, for admins only', async () => {
    await renderActivities();
    expect(registeredCommands().map((c) => c.title)).toEqual([
      'New activity',
      'Open activity...',
      'Publish activity...',
      'Delete activity...',
      'Add LEIA to activity...',
      'Delete LEIA from activity...',
      'Set mode...',
      'Add transcription link...',
      'Auto-generate transcription...',
      'Record transcription in a chat...',
      'Edit transcription JSON...',
      'View transcription...',
      'Evaluate transcription...',
      'Import activity from JSON...',
      'Export activity as JSON...',
      'Export transcriptions as CSV...',
      'Start class session...',
      'Open class session...',
    ]);
    for (const command of registeredCommands()) {
      expect(command.allowed?.({ id: 'a', role: 'admin' })).toBe(true);
      expect(command.allowed?.({ id: 'i', role: 'instructor' })).toBe(false);
      expect(command.allowed?.({ id: 'v', role: 'advanced' })).toBe(false);
    }
  });

  it("'Import activity from JSON...' opens the file picker of the Import Activity button", async () => {
    await renderActivities();
    const picker = screen.getByLabelText('Activity file to import');
    const click = vi.spyOn(picker, 'click');
    runCommand('activities.import');
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('New activity opens the modal; Open activity... expands the card', async () => {
    await renderActivities();
    runCommand('activities.new');
    expect(screen.getByRole('dialog', { name: 'Create New Activity' })).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Cancel' }).click());
    const open = findCommand('activities.open');
    expect(await titles(open)).toEqual(['Week 1', 'Week 0']);
    const [first] = await itemsOf(open);
    chooseItems(open, first!);
    expect(screen.getByRole('button', { name: 'Hide the LEIAs of Week 1' })).toBeInTheDocument();
  });

  it('publish, delete and the LEIA pages list only what the action applies to', async () => {
    await renderActivities();
    expect(await titles(findCommand('activities.publish'))).toEqual(['Week 1']);
    expect(await titles(findCommand('activities.delete'))).toEqual(['Week 1']);
    expect(await titles(findCommand('activities.removeLeia'))).toEqual([
      'Bakery interview',
      'Library booking',
    ]);
    // Transcription actions: only transcription-mode LEIAs of unpublished activities.
    for (const id of [
      'activities.addLink',
      'activities.autoGenerate',
      'activities.record',
      'activities.editJson',
    ]) {
      expect(await titles(findCommand(id))).toEqual(['Library booking']);
    }
    expect(await titles(findCommand('activities.viewTranscription'))).toEqual(['Library booking']);
    const publish = findCommand('activities.publish');
    chooseItems(publish, (await itemsOf(publish))[0]!);
    expect(screen.getByRole('dialog', { name: 'Publish Week 1?' })).toBeInTheDocument();
  });

  it('Set mode... offers the other mode and saves it', async () => {
    mocked.setLeiaMode.mockResolvedValue(week1);
    await renderActivities();
    const setMode = findCommand('activities.setMode');
    const [standard] = await itemsOf(setMode);
    expect(await titles(setMode, 1, standard!.value)).toEqual(['transcription']);
    const [mode] = await argumentPage(setMode, 1, standard!.value).load!(new AbortController().signal);
    chooseItems(setMode, standard!, mode!);
    await waitFor(() =>
      expect(mocked.setLeiaMode).toHaveBeenCalledWith(
        week1.id,
        { id: 'cfg-standard', leia: 'leia-bakery-interview' },
        'transcription',
      ),
    );
  });

  it('a transcription command opens its flow on the expanded card', async () => {
    await renderActivities();
    const addLink = findCommand('activities.addLink');
    chooseItems(addLink, (await itemsOf(addLink))[0]!);
    expect(await screen.findByRole('textbox', { name: 'Transcription link' })).toBeInTheDocument();
    const view = findCommand('activities.viewTranscription');
    chooseItems(view, (await itemsOf(view))[0]!);
    expect(screen.getByRole('dialog', { name: 'Transcription of Library booking' })).toBeInTheDocument();
  });

  it('the exports download what the shared export functions write from the activity on screen', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((value) => {
      blobs.push(value as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    await renderActivities();
    for (const id of ['activities.exportCsv', 'activities.exportJson']) {
      const command = findCommand(id);
      chooseItems(command, (await itemsOf(command))[0]!);
    }
    expect(clicks).toEqual(['week-1-transcriptions.csv', 'week-1.json']);
    expect(await blobs[0]!.text()).toBe(transcriptionsCsv(week1));
    expect(JSON.parse(await blobs[1]!.text())).toEqual(activityExport(week1));
  });

  it("'Start class session...' lists the published activities only and opens the dialog with its settings", async () => {
    await renderActivities();
    const start = findCommand('class.start');
    expect(await titles(start)).toEqual(['Week 0']);
    chooseItems(start, (await itemsOf(start))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Start class session' });
    expect(within(dialog).getByRole('textbox', { name: 'Session name' })).toHaveValue('Week 0');
    expect(
      within(dialog).getByRole('checkbox', { name: 'Show students their report after they hand in' }),
    ).toBeChecked();
    expect(
      within(dialog).getByRole('checkbox', { name: 'Students may join again after finishing' }),
    ).not.toBeChecked();
    expect(within(dialog).getByRole('combobox', { name: 'Students identify with' })).toHaveValue('name');
  });

  it("'Open class session...' picks a published activity, then one of its sessions, and opens its live view", async () => {
    vi.mocked(listClassSessions).mockResolvedValue([
      {
        id: 'cs-9',
        experimentId: published.id,
        name: 'Monday lab',
        code: 'ABCDEF',
        joinPath: '/join/ABCDEF',
        status: 'open',
        createdAt: '2026-01-01T10:00:00.000Z',
        endsAt: null,
        closedAt: null,
        settings: { allowRejoin: false, showReport: true, showSolution: false, identity: 'name' },
        counts: { students: 3, handedIn: 1 },
      },
    ]);
    await renderActivities();
    const open = findCommand('class.open');
    const [activityItem] = await itemsOf(open);
    const sessions = await argumentPage(open, 1, activityItem!.value).load!(new AbortController().signal);
    expect(vi.mocked(listClassSessions).mock.calls[0]?.[0]).toBe(published.id);
    expect(sessions.map((item) => [item.title, item.subtitle])).toEqual([
      ['Monday lab', 'Open · ABCDEF · 3 students'],
    ]);
    chooseItems(open, activityItem!, sessions[0]!);
    expect(window.location.pathname).toBe('/class-sessions/cs-9');
  });
});
