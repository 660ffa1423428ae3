import { updateLeiaConfig } from '@client/api/activities';
import { usePaletteCommands } from '@client/palette';
import { BRIEF_NOTICE_TOAST } from '@client/toasts';
import { screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { deferred } from '../support/http';
import { httpError, msg, renderChat, resetApi, session } from './harness';

const { fakeModule, partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
vi.mock('@client/api/runner', fakeModule('getSession', 'sendMessage', 'regenerateReply'));
vi.mock('@client/api/activities', fakeModule('updateLeiaConfig'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('sonner', fakeToasts);

const save = vi.mocked(updateLeiaConfig);
const EXPERIMENT = '6d1f2c3a-0000-4000-8000-000000000001';
const CONFIG = '6d1f2c3a-0000-4000-8000-0000000000c1';
const conversation = [msg('What do you sell?', false), msg('Bread and pastries.', true)];

/** The navigation state My Activities' Generate hands the chat. */
const recording = (mode = 'transcription') => ({
  problemDescription: 'A bakery',
  experimentId: EXPERIMENT,
  leiaConfigId: CONFIG,
  leiaConfig: { leia: 'leia-1', configuration: { mode } },
});

beforeEach(() => {
  resetApi(session({ messages: conversation }));
  save.mockReset();
  vi.mocked(usePaletteCommands).mockReset();
});

const button = () => screen.getByRole('button', { name: 'Save Transcription' });

describe("Chat: 'Save Transcription'", () => {
  it('is not there in an ordinary chat', async () => {
    await renderChat();
    expect(screen.queryByRole('button', { name: 'Save Transcription' })).toBeNull();
  });

  it("saves the conversation as the configuration's messages ('Saving...'), then the toast bottom-right for 3 s", async () => {
    const pending = deferred<never>();
    save.mockReturnValue(pending.promise);
    const { user } = await renderChat({ state: recording() });
    await user.click(button());
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(save).toHaveBeenCalledWith(EXPERIMENT, CONFIG, {
      leia: 'leia-1',
      configuration: { mode: 'transcription', data: { messages: conversation } },
      source: 'recorded',
    });
    pending.resolve(undefined as never);
    await waitFor(() => expect(button()).toBeEnabled());
    expect(toast.success).toHaveBeenCalledWith('Transcription added successfully', BRIEF_NOTICE_TOAST);
    expect(BRIEF_NOTICE_TOAST).toEqual({ position: 'bottom-right', duration: 3000 });
  });

  it('reads the activity from the session when the navigation state is gone (a reload in a new tab)', async () => {
    resetApi(
      session({
        messages: conversation,
        experimentContext: { experimentId: EXPERIMENT, leiaConfigId: CONFIG },
      }),
    );
    save.mockResolvedValue(undefined as never);
    const { user } = await renderChat();
    await user.click(button());
    expect(save).toHaveBeenCalledWith(
      EXPERIMENT,
      CONFIG,
      expect.objectContaining({ leia: 'leia-1', source: 'recorded' }),
    );
  });

  it.each([
    ['no messages yet', 'No messages to save as transcription', recording(), []],
    ['a standard-mode LEIA', 'Transcription option is not enabled', recording('standard'), conversation],
    [
      'no experiment',
      'Missing experiment or LEIA configuration information',
      { leiaConfig: { leia: 'leia-1', configuration: { mode: 'transcription' } } },
      conversation,
    ],
  ])('%s: %s, nothing sent', async (_, text, state, messages) => {
    resetApi(session({ messages }));
    const { user } = await renderChat({ state });
    await user.click(button());
    expect(save).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith(text, BRIEF_NOTICE_TOAST);
  });

  it.each([
    [
      409,
      'This activity is published and can no longer be changed',
      'This activity is published and can no longer be changed',
    ],
    [500, 'boom', 'Failed to add transcription'],
  ])("a %i: '%s' shows '%s'", async (status, message, text) => {
    save.mockRejectedValue(httpError(status, { message }));
    const { user } = await renderChat({ state: recording() });
    await user.click(button());
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith(text, BRIEF_NOTICE_TOAST));
  });

  it("is a palette command too: 'Save transcription'", async () => {
    save.mockResolvedValue(undefined as never);
    await renderChat({ state: recording() });
    const command = vi
      .mocked(usePaletteCommands)
      .mock.calls.flatMap(([commands]) => commands)
      .findLast((item) => item.id === 'chat.saveTranscription');
    expect(command?.title).toBe('Save transcription');
    command?.run();
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
  });
});
