import { CHAT_STORAGE_KEY } from '@client/runner/storage';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  bubbles,
  httpError,
  messageBox,
  mocked,
  msg,
  renderChat,
  resetApi,
  SESSION_ID,
  session,
} from './harness';

const { fakeModule, partlyFake } = await vi.hoisted(() => import('../support/mocks'));
vi.mock('@client/api/runner', fakeModule('getSession', 'sendMessage', 'regenerateReply'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('@client/auth', partlyFake('useAuth'));

const RETRY_TEXT = 'Your message is taking a bit longer to send. Retry?';
let calls: ReturnType<typeof resetApi>;

beforeEach(() => {
  calls = resetApi();
});

const stored = () => JSON.parse(localStorage.getItem(CHAT_STORAGE_KEY) ?? 'null');

describe('message box', () => {
  it('Enter sends and clears the box; Shift+Enter adds a line', async () => {
    const { user } = await renderChat();
    await user.type(messageBox(), 'First line{Shift>}{Enter}{/Shift}second line');
    expect(messageBox()).toHaveValue('First line\nsecond line');
    expect(mocked.sendMessage).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(mocked.sendMessage).toHaveBeenCalledWith(SESSION_ID, 'First line\nsecond line', expect.anything());
    expect(messageBox()).toHaveValue('');
    expect(bubbles()[0]).toEqual(['You', 'First line\nsecond line']);
  });

  it('does not send a blank message (Enter or the Send button)', async () => {
    const { user } = await renderChat();
    await user.type(messageBox(), '   {Enter}');
    expect(mocked.sendMessage).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    expect(bubbles()).toEqual([]);
  });

  it('the Send button sends too', async () => {
    const { user } = await renderChat();
    await user.type(messageBox(), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(mocked.sendMessage).toHaveBeenCalledWith(SESSION_ID, 'Hello', expect.anything());
  });

  it('grows with its text up to 150 px, then scrolls', async () => {
    let contentHeight = 60;
    vi.spyOn(HTMLTextAreaElement.prototype, 'scrollHeight', 'get').mockImplementation(() => contentHeight);
    await renderChat();
    fireEvent.change(messageBox(), { target: { value: 'a\nb' } });
    expect(messageBox().style.height).toBe('60px');
    expect(messageBox().style.overflowY).toBe('hidden');
    contentHeight = 400;
    fireEvent.change(messageBox(), { target: { value: 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj' } });
    expect(messageBox().style.height).toBe('150px');
    expect(messageBox().style.overflowY).toBe('auto');
  });

  it('keeps what is typed while a reply streams, and sends it once the reply is done', async () => {
    const { user } = await renderChat();
    await user.type(messageBox(), 'One{Enter}');
    await user.type(messageBox(), 'Two{Enter}');
    expect(mocked.sendMessage).toHaveBeenCalledTimes(1);
    expect(messageBox()).toHaveValue('Two');
    await act(async () => calls[0]?.finish('Reply one'));
    await user.type(messageBox(), '{Enter}');
    expect(mocked.sendMessage).toHaveBeenLastCalledWith(SESSION_ID, 'Two', expect.anything());
  });
});

describe('replies', () => {
  it('shows the typing indicator until the first token, then the reply as it streams', async () => {
    const { user } = await renderChat();
    await user.type(messageBox(), 'Hi{Enter}');
    expect(screen.getByText('LEIA is typing…')).toBeInTheDocument();
    expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'true');
    act(() => calls[0]?.delta('Hel'));
    expect(screen.queryByText('LEIA is typing…')).toBeNull();
    expect(bubbles().at(-1)).toEqual(['LEIA', 'Hel']);
    act(() => calls[0]?.delta('lo!'));
    expect(bubbles().at(-1)).toEqual(['LEIA', 'Hello!']);
    await act(async () => calls[0]?.finish('Hello!'));
    expect(bubbles()).toEqual([
      ['You', 'Hi'],
      ['LEIA', 'Hello!'],
    ]);
    expect(screen.getByRole('log')).toHaveAttribute('aria-busy', 'false');
    expect(stored()).toEqual({
      sessionId: SESSION_ID,
      messages: [
        expect.objectContaining({ text: 'Hi', isLeia: false }),
        msg('Hello!', true, '2025-06-01T12:00:05.000Z'),
      ],
    });
  });

  it('a send refused by a fair-use limit says what was limited and when to retry, with Retry', async () => {
    const { user } = await renderChat();
    await user.type(messageBox(), 'Again?{Enter}');
    const limited = { limit: 'chatReplies', max: 120, windowSeconds: 600, retryAfterSeconds: 30 };
    await act(async () => calls[0]?.fail(httpError(429, { message: 'Too many', data: limited })));
    expect(bubbles().at(-1)?.[1]).toBe(
      'Too many chat messages sent: at most 120 per 10 minutes. Try again in 30 seconds.',
    );
    expect(screen.queryByText(RETRY_TEXT)).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('a failed send adds the LEIA-side notice; Retry sends the same text and the message stays once', async () => {
    const { user } = await renderChat();
    await user.type(messageBox(), 'Are you there?{Enter}');
    await act(async () => calls[0]?.fail(httpError(502, { message: 'The language model did not answer' })));
    expect(bubbles().at(-1)?.[1]).toBe(RETRY_TEXT);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    // The Retry button is gone: the focus goes back to the message box, not to the page.
    expect(messageBox()).toHaveFocus();
    expect(mocked.sendMessage).toHaveBeenCalledTimes(2);
    expect(mocked.sendMessage).toHaveBeenLastCalledWith(SESSION_ID, 'Are you there?', expect.anything());
    expect(screen.queryByText(RETRY_TEXT)).toBeNull();
    await act(async () => calls[1]?.finish('Yes, I am here.'));
    expect(bubbles()).toEqual([
      ['You', 'Are you there?'],
      ['LEIA', 'Yes, I am here.'],
    ]);
  });

  it('Esc stops a streaming reply (the request is aborted) and keeps the partial text', async () => {
    const { user } = await renderChat();
    await user.type(messageBox(), 'Tell me{Enter}');
    act(() => calls[0]?.delta('Well, it all'));
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(calls[0]?.options.signal?.aborted).toBe(true);
    expect(bubbles().at(-1)).toEqual(['LEIA', 'Well, it all']);
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('a stopped reply is marked (stopped) beside its time, as after a reload', async () => {
    calls = resetApi(
      session({ messages: [msg('Q', false), { ...msg('Half an ans', true), stopped: true }] }),
    );
    const { user } = await renderChat();
    const marker = () => Array.from(document.querySelectorAll('.chat-log__list > li .msg__stopped'));
    expect(marker().map((m) => m.textContent)).toEqual(['(stopped)']);
    expect(bubbles().at(-1)).toEqual(['LEIA', 'Half an ans']);
    await user.type(messageBox(), 'Go on{Enter}');
    act(() => calls[0]?.delta('Well'));
    await user.keyboard('{Escape}');
    expect(bubbles().at(-1)).toEqual(['LEIA', 'Well']);
    expect(marker()).toHaveLength(2);
    expect(document.querySelector('.chat-log__list > li:last-child .msg__stopped')).not.toBeNull();
  });

  it('a reply stopped before its first word says so under the question, with Regenerate, which asks again', async () => {
    const { user } = await renderChat();
    await user.type(messageBox(), 'Tell me{Enter}');
    await user.keyboard('{Escape}');
    expect(bubbles()).toEqual([
      ['You', 'Tell me'],
      ['LEIA', 'Stopped before any words'],
    ]);
    const log = screen.getByRole('log');
    await user.click(within(log).getByRole('button', { name: 'Regenerate' }));
    expect(mocked.regenerateReply).toHaveBeenCalledWith(SESSION_ID, expect.anything());
    expect(bubbles().map(([, text]) => text)).toEqual(['Tell me', 'LEIA is typing…']);
  });

  it('a stopped reply has Regenerate beside it; a finished one does not', async () => {
    calls = resetApi(
      session({ messages: [msg('Q', false), { ...msg('Half an ans', true), stopped: true }] }),
    );
    const { user } = await renderChat();
    const log = screen.getByRole('log');
    await user.click(within(log).getByRole('button', { name: 'Regenerate' }));
    expect(mocked.regenerateReply).toHaveBeenCalled();
    await act(async () => calls[0]?.finish('A whole answer'));
    expect(bubbles().at(-1)).toEqual(['LEIA', 'A whole answer']);
    expect(within(log).queryByRole('button', { name: 'Regenerate' })).toBeNull();
  });

  it("the LEIA's bubbles carry the persona's name", async () => {
    calls = resetApi(
      session({
        leia: { name: 'Bank clerk', problemDescription: 'Savings', personaName: 'Ana Ruiz' },
        messages: [msg('Hello', false), msg('Hello, I am Ana.', true)],
      }),
    );
    await renderChat();
    expect(bubbles()).toEqual([
      ['You', 'Hello'],
      ['Ana Ruiz', 'Hello, I am Ana.'],
    ]);
  });

  it('the Stop button stops too', async () => {
    const { user } = await renderChat();
    await user.type(messageBox(), 'Tell me{Enter}');
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(calls[0]?.options.signal?.aborted).toBe(true);
    expect(messageBox()).toHaveFocus();
    expect(screen.queryByText('LEIA is typing…')).toBeNull();
  });

  it('Regenerate redoes the last reply', async () => {
    calls = resetApi(session({ messages: [msg('Q', false), msg('First answer', true)] }));
    const { user } = await renderChat();
    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(mocked.regenerateReply).toHaveBeenCalledWith(SESSION_ID, expect.anything());
    expect(bubbles().map(([, text]) => text)).toEqual(['Q', 'LEIA is typing…']);
    act(() => calls[0]?.delta('Second'));
    await act(async () => calls[0]?.finish('Second answer'));
    expect(bubbles().map(([, text]) => text)).toEqual(['Q', 'Second answer']);
  });

  it('Regenerate is disabled before the user has said anything', async () => {
    await renderChat();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeDisabled();
  });
});

describe('local storage', () => {
  it('opening a session replaces the stored conversation of another one', async () => {
    localStorage.setItem(
      CHAT_STORAGE_KEY,
      JSON.stringify({ sessionId: 'other', messages: [msg('old', false)] }),
    );
    calls = resetApi(session({ messages: [msg('Server side', false)] }));
    await renderChat();
    await waitFor(() =>
      expect(stored()).toEqual({ sessionId: SESSION_ID, messages: [msg('Server side', false)] }),
    );
  });
});
