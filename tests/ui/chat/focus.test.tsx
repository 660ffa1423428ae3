import { activityTarget, CHAT_ORIGIN_TARGET, SEARCH_TARGET, useFocusTarget } from '@client/palette';
import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { Route } from 'wouter';
import { runCommand } from '../support/palette';
import { httpError, messageBox, msg, renderChat, resetApi, session } from './harness';

const { fakeModule, partlyFake } = await vi.hoisted(() => import('../support/mocks'));
vi.mock('@client/api/runner', fakeModule('getSession', 'sendMessage', 'regenerateReply'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('@client/auth', partlyFake('useAuth'));

/**
 * Issue 11.3: after an asynchronous action of the chat the focus goes where the next keystroke
 * belongs (the message box, or the place Finish Conversation returns to), never to the page,
 * and the status region says what happened.
 */

let calls: ReturnType<typeof resetApi>;
beforeEach(() => {
  calls = resetApi(session({ messages: [msg('Q', false), msg('A', true)] }));
});

const chatStatus = () => document.querySelector('.chat-status');

describe('Chat focus and status after a reply', () => {
  it('Regenerate: its button is disabled, so the focus goes to the message box; the outcome is announced', async () => {
    const { user } = await renderChat();
    const regenerate = screen.getByRole('button', { name: 'Regenerate' });
    await user.click(regenerate);
    expect(regenerate).toBeDisabled();
    expect(messageBox()).toHaveFocus();
    expect(chatStatus()).toHaveAttribute('role', 'status');
    expect(chatStatus()).toHaveTextContent('Regenerating the reply…');
    await act(async () => calls[0]?.finish('Another answer'));
    expect(messageBox()).toHaveFocus();
    expect(chatStatus()).toHaveTextContent('LEIA has replied.');
  });

  it('the Send button: once the reply is done the focus is back in the message box', async () => {
    const { user } = await renderChat();
    await user.type(messageBox(), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(chatStatus()).toHaveTextContent('');
    await act(async () => calls[0]?.finish('Hi'));
    expect(messageBox()).toHaveFocus();
    expect(chatStatus()).toHaveTextContent('LEIA has replied.');
  });

  it('a failed send: the focus is in the message box and the failure is announced', async () => {
    const { user } = await renderChat();
    await user.type(messageBox(), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await act(async () => calls[0]?.fail(httpError(502, { message: 'No model' })));
    expect(messageBox()).toHaveFocus();
    expect(chatStatus()).toHaveTextContent('The reply failed: Retry, or send your message again.');
  });

  it('Stop from the palette with the focus on the page: to the message box, and announced', async () => {
    await renderChat();
    runCommand('chat.regenerate');
    (document.activeElement as HTMLElement | null)?.blur();
    runCommand('chat.stop');
    expect(calls[0]?.options.signal?.aborted).toBe(true);
    expect(messageBox()).toHaveFocus();
    expect(chatStatus()).toHaveTextContent('Reply stopped.');
  });

  it('a reply that ends while the user reads the conversation leaves the focus there', async () => {
    const { user } = await renderChat();
    await user.type(messageBox(), 'Hello{Enter}');
    const log = screen.getByRole('region', { name: 'Conversation' });
    log.focus();
    await act(async () => calls[0]?.finish('Hi'));
    expect(log).toHaveFocus();
  });
});

/** A screen's element registered as a named focus target, as Search and the wizard do. */
function Target({ name, label }: { name: string; label: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useFocusTarget(name, ref);
  return <input ref={ref} aria-label={label} />;
}

describe('Finish Conversation puts the focus where the user returns to', () => {
  const renderWithDestinations = async (state: unknown) => {
    const chat = await renderChat({ state });
    render(
      <>
        <Route path="/">
          <Target name={SEARCH_TARGET} label="Search box" />
        </Route>
        <Route path="/create">
          <Target name={CHAT_ORIGIN_TARGET} label="Try" />
        </Route>
        <Target name={activityTarget('a-1')} label="Week 1's card" />
      </>,
    );
    return chat;
  };

  it("to the wizard: on its Try button, the chat's origin", async () => {
    const { user } = await renderWithDestinations({ wizardState: { step: 2 } });
    await user.click(screen.getByRole('button', { name: 'Finish Conversation' }));
    expect(await screen.findByRole('textbox', { name: 'Try' })).toHaveFocus();
  });

  it("to My Activities after recording a transcription: on that activity's card", async () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    const { user } = await renderWithDestinations({ experimentId: 'a-1', leiaConfigId: 'cfg-1' });
    await user.click(screen.getByRole('button', { name: 'Finish Conversation' }));
    expect(await screen.findByRole('textbox', { name: "Week 1's card" })).toHaveFocus();
  });

  it('to Search: on its search box', async () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    const { user } = await renderWithDestinations(null);
    await user.click(screen.getByRole('button', { name: 'Finish Conversation' }));
    expect(await screen.findByRole('textbox', { name: 'Search box' })).toHaveFocus();
  });
});
