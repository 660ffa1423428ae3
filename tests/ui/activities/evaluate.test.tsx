import { evaluateTranscription } from '@client/api/evaluations';
import { EVALUATION_VIEW_TEXTS } from '@machines/evaluation';
import { act, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, week1 } from '../../support/activities';
import { sampleEvaluation } from '../../support/evaluation';
import { deferred } from '../support/http';
import { chooseItems, findCommand, pageItems } from '../support/palette';
import { expand, leiaRow, renderActivities, resetApi } from './harness';

const { ACTIVITY_CALLS } = await vi.hoisted(() => import('./calls'));
const { fakeModule, partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
vi.mock('@client/api/activities', fakeModule(...ACTIVITY_CALLS));
vi.mock('@client/api/runner', partlyFake('initializeSession', 'generateTranscription'));
vi.mock('@client/api/leias', partlyFake('getLeia', 'listLeias'));
vi.mock('@client/api/evaluations', partlyFake('evaluateTranscription'));
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);
vi.mock('@client/evaluation/CoverageChartImpl', () => ({
  default: () => <div data-testid="chart-canvas" />,
}));

const LIBRARY = 'Library booking';
const evaluate = vi.mocked(evaluateTranscription);

beforeEach(() => {
  resetApi([week1]);
  evaluate.mockReset();
});

describe('My Activities: evaluating a transcription', () => {
  it("the transcription's view offers Evaluate: the report of its messages with its LEIA", async () => {
    const answer = deferred<ReturnType<typeof sampleEvaluation>>();
    evaluate.mockReturnValue(answer.promise);
    const { user } = await renderActivities();
    await expand(user, 'Week 1');
    await user.click(leiaRow(LIBRARY).getByRole('button', { name: `View the transcription of ${LIBRARY}` }));
    const view = within(screen.getByRole('dialog', { name: `Transcription of ${LIBRARY}` }));
    await user.click(view.getByRole('button', { name: 'Evaluate' }));
    expect(evaluate).toHaveBeenCalledWith(
      { leia: 'leia-library-booking', messages: MESSAGES },
      { signal: expect.any(AbortSignal) },
    );
    const report = within(await screen.findByRole('dialog', { name: 'Elicitation report' }));
    expect(report.getByRole('status')).toHaveTextContent(EVALUATION_VIEW_TEXTS.evaluating);
    await act(async () => answer.resolve(sampleEvaluation({ source: 'transcription' })));
    expect(report.getByRole('region', { name: 'Coverage' })).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Elicitation report' })).toHaveAccessibleDescription(
      /^Library booking · offline matching/,
    );
  });

  it("the palette's 'Evaluate transcription...' lists the LEIAs with messages and evaluates the one chosen", async () => {
    evaluate.mockResolvedValue(sampleEvaluation({ source: 'transcription' }));
    await renderActivities();
    const command = findCommand('activities.evaluateTranscription');
    expect(command.allowed?.({ id: 'a', role: 'admin' })).toBe(true);
    expect(command.allowed?.({ id: 'i', role: 'instructor' })).toBe(false);
    const items = await pageItems(command);
    expect(items.map((item) => item.title)).toEqual([LIBRARY]);
    chooseItems(command, items[0]!);
    await screen.findByRole('dialog', { name: 'Elicitation report' });
    await waitFor(() => expect(evaluate).toHaveBeenCalledTimes(1));
    expect(evaluate.mock.calls[0]![0]).toEqual({ leia: 'leia-library-booking', messages: MESSAGES });
  });
});
