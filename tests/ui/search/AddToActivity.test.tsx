import * as activities from '@client/api/activities';
import { usePaletteCommands } from '@client/palette';
import type { Command } from '@client/palette/types';
import { NOTICE_TOAST } from '@client/toasts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { activity, OTHER_ACTIVITY_ID, week1 } from '../../support/activities';
import { argumentPage } from '../support/palette';
import {
  advancedUser,
  bank,
  deferred,
  dialog,
  httpError,
  inRow,
  mocked,
  renderSearch,
  resetApi,
  teacherUser,
} from './harness';

const { fakeModule, partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
vi.mock('@client/api/leias', partlyFake('listLeias', 'getLeia', 'deleteLeia'));
vi.mock('@client/api/activities', fakeModule('listActivities', 'createActivity', 'addLeiaToActivity'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);

const api = {
  listActivities: vi.mocked(activities.listActivities),
  createActivity: vi.mocked(activities.createActivity),
  addLeiaToActivity: vi.mocked(activities.addLeiaToActivity),
};
const week2 = activity({ id: OTHER_ACTIVITY_ID, name: 'Week 2' });
const TITLE = 'Add Bank interview LEIA to an Activity';

beforeEach(() => {
  resetApi();
  vi.mocked(usePaletteCommands).mockReset();
  api.listActivities.mockReset().mockResolvedValue([week1, week2]);
  api.createActivity.mockReset();
  api.addLeiaToActivity
    .mockReset()
    .mockResolvedValue({ id: 'c', leia: bank.id, configuration: { mode: 'standard' } });
});

const openModal = async () => {
  const rendered = await renderSearch();
  await rendered.user.click(inRow('Bank interview').getByRole('button', { name: /^Add to Activity / }));
  return rendered;
};
const combobox = () => dialog(TITLE).getByRole('combobox', { name: 'Activity' });

describe("Search row action 'Add to Activity'", () => {
  it.each([
    ['an instructor', teacherUser],
    ['an advanced user', advancedUser],
  ])('is not offered to %s', async (_, user) => {
    resetApi(undefined, user);
    await renderSearch();
    for (const name of ['Bank interview', 'Library']) {
      expect(inRow(name).queryByRole('button', { name: /^Add to Activity / })).toBeNull();
    }
  });

  it('opens the modal on the draft activities; choosing one and adding closes it with the toast', async () => {
    const { user } = await openModal();
    const modal = dialog(TITLE);
    await waitFor(() => expect(combobox()).toBeInTheDocument());
    expect(api.listActivities).toHaveBeenCalledWith({ visibility: 'private' }, expect.anything());
    expect(combobox()).toHaveAttribute('placeholder', 'Choose or create an activity...');
    const add = modal.getByRole('button', { name: 'Add to Activity' });
    expect(add).toBeDisabled();
    await user.click(combobox());
    const options = within(screen.getByRole('listbox', { name: 'Activity' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Week 1', 'Week 2']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(combobox()).toHaveValue('Week 2');
    const pending = deferred<never>();
    api.addLeiaToActivity.mockReturnValue(pending.promise);
    await user.click(add);
    expect(modal.getByRole('button', { name: 'Adding...' })).toBeDisabled();
    expect(api.addLeiaToActivity).toHaveBeenCalledWith(OTHER_ACTIVITY_ID, bank.id);
    pending.resolve(undefined as never);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('LEIA added to activity successfully', NOTICE_TOAST);
  });

  it('typing filters and offers \'Create activity: "…"\' first; the new activity is selected', async () => {
    api.createActivity.mockResolvedValue(activity({ id: 'w3', name: 'Week 3' }));
    const { user } = await openModal();
    await waitFor(() => expect(combobox()).toBeInTheDocument());
    await user.type(combobox(), 'Week');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Create activity: "Week"', 'Week 1', 'Week 2']);
    await user.clear(combobox());
    await user.type(combobox(), ' Week 3 ');
    await user.keyboard('{Enter}');
    expect(api.createActivity).toHaveBeenCalledWith('Week 3');
    await waitFor(() => expect(combobox()).toHaveValue('Week 3'));
    expect(toast.success).toHaveBeenCalledWith("Activity 'Week 3' created", NOTICE_TOAST);
    await user.click(dialog(TITLE).getByRole('button', { name: 'Clear selection' }));
    expect(combobox()).toHaveValue('');
    expect(dialog(TITLE).getByRole('button', { name: 'Add to Activity' })).toBeDisabled();
  });

  it("no drafts: 'No activities found'; a failure to create toasts its message", async () => {
    api.listActivities.mockResolvedValue([]);
    api.createActivity.mockRejectedValue(
      httpError(409, { message: 'An activity named "Week 1" already exists' }),
    );
    const { user } = await openModal();
    await waitFor(() => expect(combobox()).toBeInTheDocument());
    await user.click(combobox());
    expect(screen.getByRole('listbox')).toHaveTextContent('No activities found');
    await user.type(combobox(), 'Week 1{Enter}');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Could not create new activity: An activity named "Week 1" already exists',
        NOTICE_TOAST,
      ),
    );
  });

  it("a load failure shows 'Could not load draft activities' with 'Try Again'; Escape closes the list, then the modal", async () => {
    api.listActivities.mockRejectedValueOnce(httpError(500));
    const { user } = await openModal();
    const modal = dialog(TITLE);
    expect(await modal.findByText('Could not load draft activities')).toBeInTheDocument();
    await user.click(modal.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(combobox()).toBeInTheDocument());
    await user.click(combobox());
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
  });

  it("a failed add keeps the modal: 'Could not add LEIA to activity: {message}'", async () => {
    api.addLeiaToActivity.mockRejectedValue(
      httpError(409, { message: 'This activity is published and can no longer be changed' }),
    );
    const { user } = await openModal();
    await waitFor(() => expect(combobox()).toBeInTheDocument());
    await user.click(combobox());
    await user.keyboard('{Enter}');
    await user.click(dialog(TITLE).getByRole('button', { name: 'Add to Activity' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Could not add LEIA to activity: This activity is published and can no longer be changed',
        NOTICE_TOAST,
      ),
    );
    expect(combobox()).toHaveValue('Week 1');
  });
});

describe("palette: 'Add LEIA to activity...'", () => {
  /** Every registration of the screen, latest first: the Search screen registers two lists. */
  const command = (): Command => {
    for (const [commands] of [...vi.mocked(usePaletteCommands).mock.calls].reverse()) {
      const found = commands.find((item) => item.id === 'activities.addLeia');
      if (found) return found;
    }
    throw new Error('no activities.addLeia');
  };

  it('admins only: which LEIA, then an activity or a new one by name; it adds without the modal', async () => {
    await renderSearch();
    const add = command();
    expect(add.allowed?.({ id: 'a', role: 'admin' })).toBe(true);
    expect(add.allowed?.({ id: 't', role: 'instructor' })).toBe(false);
    const leiaPage = argumentPage(add);
    const leias = await leiaPage.search!('bank', new AbortController().signal);
    expect(mocked.listLeias).toHaveBeenLastCalledWith(
      expect.objectContaining({ text: 'bank', version: 'latest' }),
    );
    const first = (Array.isArray(leias) ? leias : leias.items)[0]!;
    expect(first.value).toEqual({ id: bank.id, name: 'Bank interview' });
    const activityPage = argumentPage(add, 1, first.value);
    const answer = await activityPage.search!('week', new AbortController().signal);
    const items = Array.isArray(answer) ? answer : answer.items;
    expect(items.map((item) => item.title)).toEqual(['Week 1', 'Week 2', 'Create activity: "week"']);
    const exact = await activityPage.search!('Week 2', new AbortController().signal);
    expect((Array.isArray(exact) ? exact : exact.items).map((item) => item.title)).toEqual(['Week 2']);
    api.createActivity.mockResolvedValue(activity({ id: 'w9', name: 'week' }));
    act(() => add.run(first.value, items[2]!.value));
    await waitFor(() => expect(api.addLeiaToActivity).toHaveBeenCalledWith('w9', bank.id));
    expect(api.createActivity).toHaveBeenCalledWith('week');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("lists the LEIAs of the screen's Version filter (All: every version)", async () => {
    await renderSearch();
    fireEvent.change(screen.getByLabelText('Version'), { target: { value: 'all' } });
    await argumentPage(command()).search!('bank', new AbortController().signal);
    expect(mocked.listLeias).toHaveBeenLastCalledWith(expect.objectContaining({ text: 'bank', version: '' }));
  });
});
