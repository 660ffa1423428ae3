import { evaluateSession } from '@client/api/evaluations';
import { type Command, usePaletteCommands } from '@client/palette';
import { EVALUATION_VIEW_TEXTS } from '@machines/evaluation';
import type { Evaluation } from '@shared/schemas/evaluation';
import { act, screen, waitFor, within } from '@testing-library/react';
import { sampleEvaluation } from '../../support/evaluation';
import { deferred } from '../support/http';
import { httpError, messageBox, msg, renderChat, resetApi, SESSION_ID, session } from './harness';

const { fakeModule, partlyFake } = await vi.hoisted(() => import('../support/mocks'));
vi.mock('@client/api/runner', fakeModule('getSession', 'sendMessage', 'regenerateReply'));
vi.mock('@client/api/evaluations', partlyFake('evaluateSession'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/evaluation/CoverageChartImpl', () => ({
  default: () => <div data-testid="chart-canvas" />,
}));

const evaluate = vi.mocked(evaluateSession);
const withReply = () => session({ messages: [msg('What do you sell?', false), msg('Tickets.', true)] });

/** The newest registration of a command (the chat registers 'Evaluate' beside its own commands). */
const command = (id: string): Command => {
  const calls = vi.mocked(usePaletteCommands).mock.calls;
  for (let index = calls.length - 1; index >= 0; index--) {
    const found = calls[index]![0].find((candidate) => candidate.id === id);
    if (found) return found;
  }
  throw new Error(`no command ${id}`);
};

const evaluateButton = () => screen.getByRole('button', { name: 'Evaluate' });
const report = () => screen.findByRole('dialog', { name: 'Elicitation report' });

beforeEach(() => {
  vi.mocked(usePaletteCommands).mockReset();
  evaluate.mockReset();
});

describe("Chat: 'Evaluate'", () => {
  it('cannot run before the LEIA has replied: button, command and the E key', async () => {
    resetApi();
    const { user } = await renderChat();
    expect(evaluateButton()).toBeDisabled();
    expect(command('chat.evaluate')).toMatchObject({
      title: 'Evaluate conversation',
      shortcut: 'e',
      disabled: EVALUATION_VIEW_TEXTS.nothingYet,
    });
    await user.click(document.body);
    await user.keyboard('e');
    expect(evaluate).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("opens the report of the session: 'Evaluating...' then coverage, the chart and the elements", async () => {
    resetApi(withReply());
    const answer = deferred<Evaluation>();
    evaluate.mockReturnValue(answer.promise);
    const { user } = await renderChat();
    await user.click(evaluateButton());
    const dialog = await report();
    expect(within(dialog).getByRole('status')).toHaveTextContent(EVALUATION_VIEW_TEXTS.evaluating);
    expect(evaluate).toHaveBeenCalledWith(SESSION_ID, undefined, { signal: expect.any(AbortSignal) });
    await act(async () => answer.resolve(sampleEvaluation()));
    expect(within(dialog).getByRole('region', { name: 'Coverage' })).toHaveTextContent(
      /5 of 7 elements revealed \(71%\)/,
    );
    expect(await within(dialog).findByTestId('chart-canvas')).toBeInTheDocument();
    expect(within(dialog).getByRole('table', { name: 'Solution elements' })).toBeInTheDocument();
    expect(dialog).toHaveAccessibleDescription(/Bank clerk · offline matching · /);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(evaluateButton()).toHaveFocus();
  });

  it('the E key opens it outside the message box, never while typing there', async () => {
    resetApi(withReply());
    evaluate.mockResolvedValue(sampleEvaluation());
    const { user } = await renderChat();
    await user.click(messageBox());
    await user.keyboard('e');
    expect(messageBox()).toHaveValue('e');
    expect(evaluate).not.toHaveBeenCalled();
    messageBox().blur();
    await user.keyboard('e');
    await report();
    expect(evaluate).toHaveBeenCalledTimes(1);
  });

  it("the palette command 'Evaluate conversation' opens it too", async () => {
    resetApi(withReply());
    evaluate.mockResolvedValue(sampleEvaluation());
    await renderChat();
    expect(command('chat.evaluate').disabled).toBeUndefined();
    act(() => command('chat.evaluate').run());
    await report();
    expect(evaluate).toHaveBeenCalledTimes(1);
  });

  it("a refusal shows the server's message; Retry asks again", async () => {
    resetApi(withReply());
    evaluate.mockRejectedValueOnce(
      httpError(400, { message: "This LEIA's problem has no solution to compare the conversation with" }),
    );
    evaluate.mockResolvedValueOnce(sampleEvaluation());
    const { user } = await renderChat();
    await user.click(evaluateButton());
    const alert = await within(await report()).findByRole('alert');
    expect(alert).toHaveTextContent(EVALUATION_VIEW_TEXTS.failed);
    expect(alert).toHaveTextContent("This LEIA's problem has no solution to compare the conversation with");
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('region', { name: 'Score' })).toBeInTheDocument());
    // Retry went with the failure: the focus stays in the dialog, not on the page behind it.
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);
    expect(evaluate).toHaveBeenCalledTimes(2);
  });

  it('closing while it evaluates stops the request', async () => {
    resetApi(withReply());
    evaluate.mockReturnValue(new Promise(() => {}));
    const { user } = await renderChat();
    await user.click(evaluateButton());
    await report();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(evaluate.mock.calls[0]![2]!.signal!.aborted).toBe(true);
  });

  it('waits while a reply is on its way', async () => {
    const calls = resetApi(withReply());
    const { user } = await renderChat();
    await user.type(messageBox(), 'And the prices?{Enter}');
    expect(calls).toHaveLength(1);
    expect(evaluateButton()).toBeDisabled();
    expect(command('chat.evaluate').disabled).toBe(EVALUATION_VIEW_TEXTS.replying);
    await act(async () => calls[0]!.finish('Ten euros.'));
    expect(evaluateButton()).toBeEnabled();
  });
});
