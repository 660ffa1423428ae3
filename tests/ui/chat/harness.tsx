import type { StreamOptions } from '@client/api/runner';
import * as runner from '@client/api/runner';
import { PaletteProvider } from '@client/palette';
import { Chat } from '@client/screens/Chat/Chat';
import type { SessionUser } from '@machines/auth';
import type { ChatMessage, RunnerSession } from '@shared/schemas/runner';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import { signInAs } from '../support/session';

/**
 * Shared by the chat UI tests. Each test file mocks '@client/api/runner', '@client/palette' and
 * '@client/auth' itself (vi.mock is hoisted per file), with ../support/mocks.ts:
 *
 *   vi.mock('@client/api/runner', fakeModule('getSession', 'sendMessage', 'regenerateReply'));
 *   vi.mock('@client/palette', partlyFake('usePaletteCommands'));
 *   vi.mock('@client/auth', partlyFake('useAuth'));
 */

export const SESSION_ID = '3f1c9a52-0000-4000-8000-000000000001';

export const msg = (text: string, isLeia: boolean, timestamp = '2025-06-01T12:00:00.000Z'): ChatMessage => ({
  text,
  timestamp,
  isLeia,
});

export const session = (overrides: Partial<RunnerSession> = {}): RunnerSession => ({
  sessionId: SESSION_ID,
  provider: 'simulator',
  model: 'offline-simulator',
  createdAt: '2025-06-01T11:59:00.000Z',
  leia: {
    id: 'leia-1',
    name: 'Bank clerk',
    problemDescription: 'Elicit the requirements of a savings account.',
  },
  messages: [],
  ...overrides,
});

export { httpError } from '../support/http';

/** One streamed call of sendMessage / regenerateReply, answered by the test. */
export interface StreamCall {
  text?: string;
  options: StreamOptions;
  delta: (text: string) => void;
  finish: (message: string, timestamp?: string) => void;
  fail: (error: unknown) => void;
}

export const mocked = {
  getSession: vi.mocked(runner.getSession),
  sendMessage: vi.mocked(runner.sendMessage),
  regenerateReply: vi.mocked(runner.regenerateReply),
};

/** Resets the API: GET answers `loaded`; every send/regenerate waits for the test (see `calls`). */
export const resetApi = (loaded: RunnerSession = session()) => {
  const calls: StreamCall[] = [];
  const streamCall = (text: string | undefined, options: StreamOptions = {}) =>
    new Promise<runner.ChatReply>((resolve, reject) => {
      calls.push({
        text,
        options,
        delta: (piece) => options.onDelta?.(piece),
        finish: (message, timestamp = '2025-06-01T12:00:05.000Z') => resolve({ message, timestamp }),
        fail: reject,
      });
    });
  mocked.getSession.mockReset().mockResolvedValue(loaded);
  mocked.sendMessage.mockReset().mockImplementation((_id, text, options) => streamCall(text, options));
  mocked.regenerateReply.mockReset().mockImplementation((_id, options) => streamCall(undefined, options));
  return calls;
};

export const ADMIN: SessionUser = { id: 'admin-1', email: 'admin@leia.local', role: 'admin' };
export const INSTRUCTOR: SessionUser = { id: 'instructor-1', email: 'ana@example.com', role: 'instructor' };

/** Renders /chat/{SESSION_ID} for `as` (an admin unless said), with `state` as the incoming navigation state. */
export const renderChat = async ({ state = null as unknown, waitForLoad = true, as = ADMIN } = {}) => {
  signInAs(as);
  window.history.replaceState(state, '', `/chat/${SESSION_ID}`);
  const user = userEvent.setup();
  // The palette's provider binds the chat's shortcut (E evaluates); its commands are the test's mock.
  const view = render(
    <PaletteProvider actor={null}>
      <Route path="/chat/:sessionId">
        <Chat />
      </Route>
    </PaletteProvider>,
  );
  if (waitForLoad) await screen.findByRole('textbox', { name: 'Message' });
  return { user, ...view };
};

export const messageBox = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;

/** The conversation's bubbles as [author, text]. */
export const bubbles = () =>
  Array.from(document.querySelectorAll('.chat-log__list > li')).map((li) => [
    li.querySelector('.msg__author')?.textContent ?? '',
    li.querySelector('.msg__text')?.textContent ?? li.textContent ?? '',
  ]);
