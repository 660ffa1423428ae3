import { exportConversation, NOTHING_TO_EXPORT } from '@client/screens/Chat/exportConversation';
import { CHAT_ACTION_TEXTS } from '@machines/chat/actions';
import { validateTranscriptionJson } from '@shared/schemas/transcription';
import { screen } from '@testing-library/react';
import { mocked, msg, renderChat, resetApi, session } from './harness';

const { fakeModule, partlyFake } = await vi.hoisted(() => import('../support/mocks'));
vi.mock('@client/api/runner', fakeModule('getSession', 'sendMessage', 'regenerateReply'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('@client/auth', partlyFake('useAuth'));

const conversation = [
  msg('Hello, who are you?', false, '2025-06-01T12:00:00.000Z'),
  msg('I am Ana, the bank clerk.\nHow can I help?', true, '2025-06-01T12:00:04.000Z'),
];
const meta = {
  sessionId: 's-1',
  leiaName: 'Bank Clerk (São Paulo)',
  exportedAt: new Date('2025-06-02T08:00:00Z'),
};

describe('export formats', () => {
  it('JSON is the transcription format, and passes its schema', () => {
    const result = exportConversation('json', conversation, meta);
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.fileName).toBe('bank-clerk-sao-paulo-2025-06-02.json');
    expect(result.type).toBe('application/json');
    expect(JSON.parse(result.content)).toEqual(conversation);
    expect(validateTranscriptionJson(result.content)).toEqual({ ok: true, messages: conversation });
  });

  it('JSON keeps only text, timestamp and isLeia', () => {
    const extra = [{ ...conversation[0], id: 7 } as (typeof conversation)[number]];
    const result = exportConversation('json', extra, meta);
    if (!result.ok) throw new Error(result.errors.join());
    expect(Object.keys(JSON.parse(result.content)[0])).toEqual(['text', 'timestamp', 'isLeia']);
  });

  it('a stopped reply reads as the screen shows it: its text, then (stopped), in both formats', () => {
    const stopped = [
      conversation[0]!,
      { ...msg('I am Ana, the ', true, '2025-06-01T12:00:04.000Z'), stopped: true as const },
    ];
    const json = exportConversation('json', stopped, meta);
    if (!json.ok) throw new Error(json.errors.join());
    expect(JSON.parse(json.content)[1]).toEqual({
      text: 'I am Ana, the (stopped)',
      timestamp: '2025-06-01T12:00:04.000Z',
      isLeia: true,
    });
    const markdown = exportConversation('markdown', stopped, meta);
    if (!markdown.ok) throw new Error(markdown.errors.join());
    expect(markdown.content).toContain('\n\nI am Ana, the (stopped)\n');
  });

  it('an invalid conversation is not exported, with the schema texts', () => {
    const result = exportConversation('json', [msg('x', true, 'yesterday')], meta);
    expect(result).toEqual({
      ok: false,
      errors: [expect.stringMatching(/^Message at index 0, field "timestamp"/)],
    });
  });

  it('Markdown names who spoke and when, message by message', () => {
    const result = exportConversation('markdown', conversation, meta);
    if (!result.ok) throw new Error(result.errors.join());
    expect(result.fileName).toBe('bank-clerk-sao-paulo-2025-06-02.md');
    expect(result.content).toBe(
      [
        '# Conversation with Bank Clerk (São Paulo)',
        '',
        '- Session: s-1',
        '- Exported: 2025-06-02T08:00:00.000Z',
        '- Messages: 2',
        '',
        '### You · 2025-06-01T12:00:00.000Z',
        '',
        'Hello, who are you?',
        '',
        '### Bank Clerk (São Paulo) · 2025-06-01T12:00:04.000Z',
        '',
        'I am Ana, the bank clerk.\nHow can I help?',
        '',
      ].join('\n'),
    );
  });

  it('nothing to export without messages; an unnamed LEIA is "LEIA"', () => {
    expect(exportConversation('markdown', [], meta)).toEqual({ ok: false, errors: [NOTHING_TO_EXPORT] });
    expect(exportConversation('json', [], meta)).toEqual({ ok: false, errors: [NOTHING_TO_EXPORT] });
    const result = exportConversation('markdown', conversation, { ...meta, leiaName: undefined });
    expect(result.ok && result.content.startsWith('# Conversation with LEIA\n')).toBe(true);
    expect(result.ok && result.fileName).toBe('leia-chat-2025-06-02.md');
  });
});

describe('export buttons', () => {
  const downloads: { name: string; blob: Blob }[] = [];

  beforeEach(() => {
    downloads.length = 0;
    let blob: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((value) => {
      blob = value as Blob;
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (blob) downloads.push({ name: this.download, blob });
    });
  });

  it('download the conversation as JSON and as Markdown', async () => {
    resetApi(session({ messages: conversation }));
    const { user } = await renderChat();
    await user.click(screen.getByRole('button', { name: 'Export as JSON' }));
    await user.click(screen.getByRole('button', { name: 'Export as Markdown' }));
    expect(downloads.map((d) => d.name)).toEqual([
      expect.stringMatching(/^bank-clerk-\d{4}-\d{2}-\d{2}\.json$/),
      expect.stringMatching(/^bank-clerk-\d{4}-\d{2}-\d{2}\.md$/),
    ]);
    expect(JSON.parse(await downloads[0]!.blob.text())).toEqual(conversation);
    expect(await downloads[1]!.blob.text()).toContain('### Bank clerk · 2025-06-01T12:00:04.000Z');
  });

  it('are disabled while there is nothing to export', async () => {
    resetApi(session({ messages: [] }));
    await renderChat();
    expect(mocked.getSession).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Export as JSON' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export as Markdown' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Export as JSON' })).toHaveAttribute(
      'title',
      CHAT_ACTION_TEXTS.nothingToExport,
    );
  });
});
