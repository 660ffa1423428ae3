import { usePaletteCommands } from '@client/palette';
import { CHAT_STORAGE_KEY } from '@client/runner/storage';
import { screen, within } from '@testing-library/react';
import { registeredCommands, runCommand, runnableCommands } from '../support/palette';
import {
  ADMIN,
  bubbles,
  httpError,
  INSTRUCTOR,
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

beforeEach(() => {
  resetApi();
  vi.mocked(usePaletteCommands).mockReset();
});

describe('Chat screen: frame', () => {
  it('has the title, the subtitle, Instructions and Finish Conversation, and no navigation menu', async () => {
    await renderChat();
    expect(screen.getByRole('heading', { level: 1, name: 'Chat' })).toBeInTheDocument();
    expect(screen.getByText('Test and interact with a LEIA configuration')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Instructions' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finish Conversation' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /profile|search leias/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /menu/i })).toBeNull();
    expect(messageBoxPlaceholder()).toBe('Type a message... (Shift+Enter for new line)');
    expect(mocked.getSession).toHaveBeenCalledWith(SESSION_ID, expect.anything());
  });

  it('shows the conversation the server has, LEIA and user apart, with times', async () => {
    resetApi(session({ messages: [msg('Hello', false), msg('Hi, I am Ana.', true)] }));
    await renderChat();
    expect(bubbles()).toEqual([
      ['You', 'Hello'],
      ['LEIA', 'Hi, I am Ana.'],
    ]);
    const log = screen.getByRole('log');
    expect(log).toHaveAttribute('aria-live', 'polite');
    expect(within(log).getAllByRole('listitem')[0]).toHaveClass('msg--user');
    expect(log.querySelector('time')).toHaveAttribute('dateTime', '2025-06-01T12:00:00.000Z');
  });
});

const messageBoxPlaceholder = () =>
  screen.getByRole('textbox', { name: 'Message' }).getAttribute('placeholder');

describe('Chat screen: instructions', () => {
  it('toggles a panel with the problem description from the navigation state', async () => {
    const { user } = await renderChat({ state: { problemDescription: 'From the search row' } });
    const toggle = screen.getByRole('button', { name: 'Instructions' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAccessibleName('Hide Instructions');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('region', { name: 'Instructions' });
    expect(toggle).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('From the search row');
    await user.click(toggle);
    expect(screen.queryByRole('region', { name: 'Instructions' })).toBeNull();
    expect(toggle).toHaveAccessibleName('Instructions');
  });

  it("falls back to the session's problem description", async () => {
    const { user } = await renderChat();
    await user.click(screen.getByRole('button', { name: 'Instructions' }));
    expect(screen.getByRole('region', { name: 'Instructions' })).toHaveTextContent(
      'Elicit the requirements of a savings account.',
    );
  });
});

describe('Chat screen: who answers', () => {
  it("labels the simulator plainly as 'Offline simulator'; an admin is told how to connect a model", async () => {
    await renderChat({ as: ADMIN });
    expect(screen.getByText('Offline simulator')).toHaveClass('badge');
    const hint = screen.getByText(/LEIA_LLM_BASE_URL/);
    expect(hint).toHaveTextContent('LEIA_LLM_MODEL');
    expect(hint).toHaveTextContent('http://localhost:11434/v1');
    expect(hint).toHaveTextContent(/not a language model/i);
  });

  it('an instructor sees the simulator label but no note about the server settings', async () => {
    await renderChat({ as: INSTRUCTOR });
    expect(screen.getByText('Offline simulator')).toHaveClass('badge');
    expect(screen.queryByText(/LEIA_LLM_BASE_URL/)).toBeNull();
  });

  it('names the model of a real provider, without the simulator label', async () => {
    resetApi(session({ provider: 'openai-compatible', model: 'llama3.1:8b' }));
    await renderChat({ as: ADMIN });
    expect(screen.getByText('llama3.1:8b')).toBeInTheDocument();
    expect(screen.queryByText('Offline simulator')).toBeNull();
    expect(screen.queryByText(/LEIA_LLM_BASE_URL/)).toBeNull();
  });
});

describe('Chat screen: Finish Conversation', () => {
  it('goes to /create with the saved wizard state when the navigation state carries it', async () => {
    const wizardState = { step: 2, persona: 'p-1' };
    const { user } = await renderChat({ state: { wizardState, problemDescription: 'x' } });
    await user.click(screen.getByRole('button', { name: 'Finish Conversation' }));
    expect(window.location.pathname).toBe('/create');
    expect(window.history.state).toEqual({ wizardState });
  });

  it('goes back one page otherwise', async () => {
    window.history.replaceState(null, '', '/');
    window.history.pushState(null, '', '/somewhere');
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => {});
    const { user } = await renderChat();
    await user.click(screen.getByRole('button', { name: 'Finish Conversation' }));
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('goes to / when there is no page to go back to', async () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    const { user } = await renderChat();
    await user.click(screen.getByRole('button', { name: 'Finish Conversation' }));
    expect(window.location.pathname).toBe('/');
  });
});

describe('Chat screen: loading', () => {
  it("shows 'Loading conversation...' first", async () => {
    mocked.getSession.mockReturnValue(new Promise(() => {}));
    await renderChat({ waitForLoad: false });
    expect(screen.getByRole('status')).toHaveTextContent('Loading conversation...');
  });

  it('an unknown session says so, with a way back and no Retry', async () => {
    mocked.getSession.mockRejectedValue(httpError(404, { message: 'Session not found' }));
    const { user } = await renderChat({ waitForLoad: false });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this chat session');
    expect(alert).toHaveTextContent('This chat session does not exist, or it belongs to someone else.');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to Search' }));
    expect(window.location.pathname).toBe('/');
  });

  it('another failure offers Retry', async () => {
    mocked.getSession.mockRejectedValueOnce(httpError(500, { message: 'Database unavailable' }));
    const { user } = await renderChat({ waitForLoad: false });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Database unavailable');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });

  it("offline, shows this session's conversation as the browser stored it", async () => {
    localStorage.setItem(
      CHAT_STORAGE_KEY,
      JSON.stringify({
        sessionId: SESSION_ID,
        messages: [msg('Stored question', false), msg('Stored answer', true)],
      }),
    );
    mocked.getSession.mockRejectedValue(new TypeError('Failed to fetch'));
    await renderChat();
    expect(bubbles().map(([, text]) => text)).toEqual(['Stored question', 'Stored answer']);
    expect(screen.getByText(/you are offline/i)).toHaveAttribute('role', 'status');
  });
});

describe('Chat screen: palette commands', () => {
  it('an empty conversation: Finish conversation and Show instructions only', async () => {
    await renderChat();
    expect(runnableCommands().map((c) => c.title)).toEqual(['Finish conversation', 'Show instructions']);
  });

  it('with a conversation: Regenerate reply and the two exports; Stop reply only while replying', async () => {
    const calls = resetApi(session({ messages: [msg('Q', false), msg('A', true)] }));
    await renderChat();
    expect(runnableCommands().map((c) => c.title)).toEqual([
      'Finish conversation',
      'Show instructions',
      'Regenerate reply',
      'Export as Markdown',
      'Export as JSON',
    ]);
    runCommand('chat.instructions');
    expect(screen.getByRole('region', { name: 'Instructions' })).toBeInTheDocument();
    expect(registeredCommands().find((c) => c.id === 'chat.instructions')?.title).toBe('Hide instructions');
    runCommand('chat.regenerate');
    expect(calls).toHaveLength(1);
    expect(runnableCommands().map((c) => c.id)).toContain('chat.stop');
    runCommand('chat.stop');
    expect(calls[0]?.options.signal?.aborted).toBe(true);
    expect(runnableCommands().map((c) => c.id)).not.toContain('chat.stop');
  });
});
