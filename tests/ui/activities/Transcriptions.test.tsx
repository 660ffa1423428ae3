import { BRIEF_NOTICE_TOAST } from '@client/toasts';
import { ACTIVITY_TEXTS, type Activity } from '@shared/schemas/activities';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'sonner';
import { library, MESSAGES, message, week1 } from '../../support/activities';
import {
  deferred,
  dialog,
  expand,
  httpError,
  leiaRow,
  mocked,
  renderActivities,
  resetApi,
  typeInEditor,
} from './harness';

const { fakeModule, partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
const { ACTIVITY_CALLS } = await vi.hoisted(() => import('./calls'));
vi.mock('@client/api/activities', fakeModule(...ACTIVITY_CALLS));
vi.mock('@client/api/runner', partlyFake('initializeSession', 'generateTranscription'));
vi.mock('@client/api/leias', partlyFake('getLeia', 'listLeias'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);

const LIBRARY = library.metadata.name;
const transcribedRef = { id: 'cfg-transcribed', leia: library.id };

/** The activity as the server answers after a save: this configuration's data replaced. */
const withData = (data: { link?: string; messages?: typeof MESSAGES }, source: string): Activity => ({
  ...week1,
  leias: week1.leias.map((item) =>
    item.id === 'cfg-transcribed'
      ? {
          ...item,
          configuration: { mode: 'transcription', data },
          transcription: { source: source as 'link', updatedAt: '2025-03-06T08:00:00.000Z' },
        }
      : item,
  ),
});

const openRow = async () => {
  const rendered = await renderActivities();
  await expand(rendered.user, 'Week 1');
  return { ...rendered, row: leiaRow(LIBRARY) };
};

beforeEach(() => resetApi([week1]));

describe('a stored link', () => {
  it.each(['javascript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>'])(
    'of another scheme than http(s) (%s, an older row) never reaches an href',
    async (link) => {
      resetApi([withData({ link }, 'link')]);
      const { row } = await openRow();
      expect(row.getByText('External Link')).toBeInTheDocument();
      expect(row.queryByRole('link', { name: `View the transcription link of ${LIBRARY}` })).toBeNull();
      expect(row.getByText(ACTIVITY_TEXTS.linkNotOpened)).toBeInTheDocument();
      for (const anchor of document.querySelectorAll('a[href]')) {
        expect(anchor.getAttribute('href')).not.toMatch(/^(javascript|data):/i);
      }
    },
  );

  it('an http(s) one opens from View', async () => {
    resetApi([withData({ link: 'https://example.org/t' }, 'link')]);
    const { row } = await openRow();
    expect(row.getByRole('link', { name: `View the transcription link of ${LIBRARY}` })).toHaveAttribute(
      'href',
      'https://example.org/t',
    );
  });
});

describe('Add Link', () => {
  it("shows the URL input: 'Please enter a valid URL' with a red border, Add disabled until valid; saves trimmed", async () => {
    mocked.saveTranscription.mockResolvedValue(withData({ link: 'https://example.org/t' }, 'link'));
    const { user, row } = await openRow();
    await user.click(row.getByRole('button', { name: 'Add Link' }));
    const input = row.getByRole('textbox', { name: 'Transcription link' });
    expect(input).toHaveFocus();
    const add = row.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.type(input, 'not a url');
    expect(row.getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.closest('.field')).toHaveClass('field--invalid');
    expect(add).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'javascript:alert(1)');
    expect(row.getByText('The link must be an http or https URL')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '  https://example.org/t  ');
    expect(add).toBeEnabled();
    await user.click(add);
    expect(mocked.saveTranscription).toHaveBeenCalledWith(week1.id, transcribedRef, {
      link: 'https://example.org/t',
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith('Transcription link added successfully', BRIEF_NOTICE_TOAST),
    );
    expect(leiaRow(LIBRARY).getByText('External Link')).toBeInTheDocument();
    expect(leiaRow(LIBRARY).queryByRole('textbox', { name: 'Transcription link' })).toBeNull();
  });

  it("Cancel (or Escape) closes it; a failure toasts 'Failed to add transcription link' and keeps it", async () => {
    mocked.saveTranscription.mockRejectedValue(httpError(500));
    const { user, row } = await openRow();
    await user.click(row.getByRole('button', { name: 'Add Link' }));
    await user.click(row.getByRole('button', { name: 'Cancel' }));
    expect(row.queryByRole('textbox', { name: 'Transcription link' })).toBeNull();
    await user.click(row.getByRole('button', { name: 'Add Link' }));
    await user.keyboard('{Escape}');
    expect(row.queryByRole('textbox', { name: 'Transcription link' })).toBeNull();
    await user.click(row.getByRole('button', { name: 'Add Link' }));
    await user.type(row.getByRole('textbox', { name: 'Transcription link' }), 'https://example.org{Enter}');
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to add transcription link', BRIEF_NOTICE_TOAST),
    );
    expect(row.getByRole('textbox', { name: 'Transcription link' })).toHaveValue('https://example.org');
  });
});

describe('Auto Generate: the Transcription Preview modal', () => {
  it('cannot be closed while generating; shows the messages; Save Transcription stores them as generated', async () => {
    const generated = deferred<typeof MESSAGES>();
    mocked.generateTranscription.mockReturnValue(generated.promise);
    mocked.saveTranscription.mockResolvedValue(withData({ messages: MESSAGES }, 'generated'));
    const { user, row } = await openRow();
    await user.click(row.getByRole('button', { name: 'Auto Generate' }));
    const preview = dialog('Transcription Preview');
    expect(preview.getByText('Generating transcription...')).toBeInTheDocument();
    expect(preview.getByText('This may take a few moments')).toBeInTheDocument();
    expect(preview.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('dialog', { name: 'Transcription Preview' }), { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: 'Transcription Preview' })).toBeInTheDocument();
    expect(mocked.generateTranscription).toHaveBeenCalledWith({ leia: library.id }, expect.anything());
    generated.resolve(MESSAGES);
    const list = await dialog('Transcription Preview').findByRole('list', { name: 'Generated messages' });
    expect(list).toHaveTextContent('Hello, what does your bakery need?');
    expect(list).toHaveTextContent('Interviewer');
    expect(list).toHaveTextContent('LEIA');
    await user.click(dialog('Transcription Preview').getByRole('button', { name: 'Save Transcription' }));
    expect(mocked.saveTranscription).toHaveBeenCalledWith(week1.id, transcribedRef, {
      messages: MESSAGES,
      source: 'generated',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transcription Preview' })).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Transcription saved successfully', BRIEF_NOTICE_TOAST);
  });

  it("no messages: 'No messages generated' and only Cancel; a failed generation closes with its toast", async () => {
    mocked.generateTranscription.mockResolvedValueOnce([]);
    mocked.generateTranscription.mockRejectedValueOnce(httpError(502, { message: 'model down' }));
    const { user, row } = await openRow();
    await user.click(row.getByRole('button', { name: 'Auto Generate' }));
    const preview = dialog('Transcription Preview');
    expect(await preview.findByText('No messages generated')).toBeInTheDocument();
    expect(preview.getByText('Something went wrong during generation')).toBeInTheDocument();
    expect(preview.queryByRole('button', { name: 'Save Transcription' })).toBeNull();
    await user.click(preview.getByRole('button', { name: 'Cancel' }));
    await user.click(row.getByRole('button', { name: 'Auto Generate' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transcription Preview' })).toBeNull());
    expect(toast.error).toHaveBeenCalledWith('Failed to generate transcription', BRIEF_NOTICE_TOAST);
    expect(mocked.saveTranscription).not.toHaveBeenCalled();
  });
});

describe('Generate: a chat records the transcription', () => {
  it('disables all four actions while the session starts, then opens /chat/{id} with the experiment context', async () => {
    const started = deferred<{ sessionId: string }>();
    mocked.initializeSession.mockReturnValue(started.promise);
    const { user, row } = await openRow();
    await user.click(row.getByRole('button', { name: 'Generate' }));
    for (const name of ['Add Link', 'Auto Generate', 'JSON Edit']) {
      expect(row.getByRole('button', { name })).toBeDisabled();
    }
    expect(row.getByRole('button', { name: 'Generate' })).toBeDisabled();
    expect(mocked.initializeSession).toHaveBeenCalledWith(
      { leia: library.id, experimentContext: { experimentId: week1.id, leiaConfigId: 'cfg-transcribed' } },
      expect.anything(),
    );
    started.resolve({ sessionId: 's-1' });
    await waitFor(() => expect(window.location.pathname).toBe('/chat/s-1'));
    expect(window.history.state).toEqual({
      problemDescription: 'Library booking: the problem',
      experimentId: week1.id,
      leiaConfigId: 'cfg-transcribed',
      leiaConfig: { leia: library.id, configuration: week1.leias[1]!.configuration },
    });
  });

  it("a failure: 'Failed to create transcription session'", async () => {
    mocked.initializeSession.mockRejectedValue(httpError(500));
    const { user, row } = await openRow();
    await user.click(row.getByRole('button', { name: 'Generate' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith('Failed to create transcription session', BRIEF_NOTICE_TOAST),
    );
    expect(row.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });
});

describe('JSON Edit: the JSON Editor modal', () => {
  it('edits the messages as JSON; an invalid edit names its field, blocks Preview and Save', async () => {
    mocked.saveTranscription.mockResolvedValue(withData({ messages: [message('Edited', false)] }, 'edited'));
    const { user, row } = await openRow();
    await user.click(row.getByRole('button', { name: 'JSON Edit' }));
    const editor = dialog('JSON Editor');
    expect(editor.getByRole('tab', { name: 'Editor' })).toHaveAttribute('aria-selected', 'true');
    const content = await editor.findByRole('textbox', { name: 'Transcription JSON' }, { timeout: 15_000 });
    expect(content).toHaveTextContent('"text": "Hello, what does your bakery need?"');

    await typeInEditor(
      'Transcription JSON',
      '[{"text": "", "timestamp": "2025-03-04T09:00:00Z", "isLeia": false}]',
    );
    expect(editor.getByRole('alert')).toHaveTextContent(
      'Message at index 0, field "text": Message text cannot be empty',
    );
    expect(editor.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await user.click(editor.getByRole('tab', { name: 'Preview' }));
    expect(editor.getByRole('tab', { name: 'Editor' })).toHaveAttribute('aria-selected', 'true');

    await typeInEditor(
      'Transcription JSON',
      '[{"text": "Edited", "timestamp": "2025-03-04T09:00:00.000Z", "isLeia": false}]',
    );
    expect(editor.queryByRole('alert')).toBeNull();
    await user.click(editor.getByRole('tab', { name: 'Preview' }));
    expect(editor.getByRole('list', { name: 'Preview' })).toHaveTextContent('Edited');
    await user.click(editor.getByRole('button', { name: 'Save Changes' }));
    expect(mocked.saveTranscription).toHaveBeenCalledWith(week1.id, transcribedRef, {
      messages: [message('Edited', false)],
      source: 'edited',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'JSON Editor' })).toBeNull());
    expect(toast.success).toHaveBeenCalledWith('Transcription updated successfully', BRIEF_NOTICE_TOAST);
    expect(leiaRow(LIBRARY).getByText('Chat Messages (1 message)')).toBeInTheDocument();
  });

  it("'Invalid JSON format' for broken syntax; an empty list previews 'No messages'", async () => {
    const { user } = await openRow();
    await user.click(leiaRow(LIBRARY).getByRole('button', { name: 'JSON Edit' }));
    const editor = dialog('JSON Editor');
    await typeInEditor('Transcription JSON', '[{"text": ');
    expect(editor.getByRole('alert')).toHaveTextContent('Invalid JSON format');
    await typeInEditor('Transcription JSON', '[]');
    expect(editor.getByRole('alert')).toHaveTextContent('At least one message is required');
    await user.click(editor.getByRole('tab', { name: 'Preview' }));
    expect(editor.getByText('No messages')).toBeInTheDocument();
    expect(editor.getByText('Add messages in the editor to see the preview')).toBeInTheDocument();
    expect(editor.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it("a failed save keeps the editor open: the server's 400 text", async () => {
    mocked.saveTranscription.mockRejectedValue(
      httpError(400, { message: 'Message at index 0, field "timestamp": Timestamp is required' }),
    );
    const { user, row } = await openRow();
    await user.click(row.getByRole('button', { name: 'JSON Edit' }));
    await screen.findByRole('textbox', { name: 'Transcription JSON' }, { timeout: 15_000 });
    await user.click(dialog('JSON Editor').getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Message at index 0, field "timestamp": Timestamp is required',
        BRIEF_NOTICE_TOAST,
      ),
    );
    expect(screen.getByRole('dialog', { name: 'JSON Editor' })).toBeInTheDocument();
  });
});

describe('the Transcription Messages modal', () => {
  it('shows the messages read-only with their count', async () => {
    const { user, row } = await openRow();
    await user.click(row.getByRole('button', { name: `View the transcription of ${LIBRARY}` }));
    const modal = dialog(`Transcription of ${LIBRARY}`);
    expect(modal.getByText('2 messages')).toBeInTheDocument();
    const list = modal.getByRole('list', { name: 'Transcription messages' });
    expect(list).toHaveTextContent('An order system for our cafés.');
    await user.click(modal.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: `Transcription of ${LIBRARY}` })).toBeNull();
  });
});
