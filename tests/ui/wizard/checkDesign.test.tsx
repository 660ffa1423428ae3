import {
  cancelJob,
  followJob,
  listLeakChecks,
  startDesignCheck,
  startLeakCheck,
} from '@client/api/evaluations';
import { usePaletteCommands } from '@client/palette';
import { LEAK_CHECK_VIEW_TEXTS } from '@machines/leakCheck/contract';
import type { Job, JobProgressEvent } from '@shared/schemas/leak-check';
import { act, screen, within } from '@testing-library/react';
import { completedJob, queuedJob } from '../../support/evaluation';
import { card, deferred, renderWizard, resetApi, toStep2 } from './harness';

const { partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
vi.mock(
  '@client/api/resources',
  partlyFake('listResources', 'getResource', 'createResource', 'deleteResource', 'resourceExists'),
);
vi.mock('@client/api/leias', partlyFake('createLeia', 'leiaExists', 'listLeias'));
vi.mock('@client/api/history', partlyFake('listVersions'));
vi.mock('@client/api/runner', partlyFake('initializeSession'));
vi.mock(
  '@client/api/evaluations',
  partlyFake('listLeakChecks', 'startLeakCheck', 'startDesignCheck', 'followJob', 'cancelJob'),
);
vi.mock('@client/auth', partlyFake('useAuth'));
vi.mock('@client/palette', partlyFake('usePaletteCommands'));
vi.mock('sonner', fakeToasts);
vi.mock('@client/evaluation/CoverageChartImpl', () => ({
  default: ({ series }: { series: { label: string }[] }) => (
    <div data-testid="chart-canvas">{series.map((line) => line.label).join(', ')}</div>
  ),
}));

const api = {
  list: vi.mocked(listLeakChecks),
  startSaved: vi.mocked(startLeakCheck),
  start: vi.mocked(startDesignCheck),
  follow: vi.mocked(followJob),
  cancel: vi.mocked(cancelJob),
};
const TITLE = 'Leak check: this design (not saved)';
const DESIGN = { persona: 'p-aisha', problem: 'q-library', behaviour: 'b-interviewee' };

/** followJob calls, each settled by the test. */
let follows: {
  jobId: string;
  progress: (event: JobProgressEvent) => void;
  done: ReturnType<typeof deferred<Job>>;
}[];

beforeEach(() => {
  resetApi();
  vi.mocked(usePaletteCommands).mockReset();
  for (const fn of Object.values(api)) fn.mockReset();
  follows = [];
  api.follow.mockImplementation((jobId, options) => {
    const done = deferred<Job>();
    follows.push({ jobId, progress: (event) => options?.onProgress?.(event), done });
    return done.promise;
  });
});

const registered = (id: string) =>
  vi
    .mocked(usePaletteCommands)
    .mock.calls.flatMap(([commands]) => commands)
    .findLast((command) => command.id === id);

/** Step 2, 'Check this design', the form set to 1 interview of 2 styles of 3 questions, started. */
async function startCheck() {
  const { user } = await renderWizard();
  await toStep2(user);
  await user.click(screen.getByRole('button', { name: 'Check this design' }));
  const check = within(await screen.findByRole('dialog', { name: TITLE }));
  expect(check.getByText(LEAK_CHECK_VIEW_TEXTS.designAsItIs)).toBeInTheDocument();
  await user.click(check.getByRole('checkbox', { name: /^Pushy/ }));
  await user.clear(check.getByRole('spinbutton', { name: 'Interviews per style' }));
  await user.type(check.getByRole('spinbutton', { name: 'Interviews per style' }), '1');
  await user.clear(check.getByRole('spinbutton', { name: 'Questions per interview, at most' }));
  await user.type(check.getByRole('spinbutton', { name: 'Questions per interview, at most' }), '3');
  api.start.mockResolvedValue(queuedJob());
  await user.click(check.getByRole('button', { name: 'Start check' }));
  await check.findByRole('progressbar');
  return { user, check };
}

describe("Design wizard: 'Check this design'", () => {
  it('checks the design on screen, unsaved: the parts Try sends, the progress bar, Cancel', async () => {
    const { user, check } = await startCheck();
    expect(api.start).toHaveBeenCalledWith(
      { spec: DESIGN, runs: 1, maxTurns: 3, styles: ['naive', 'systematic'] },
      expect.anything(),
    );
    expect(api.list).not.toHaveBeenCalled();
    expect(api.startSaved).not.toHaveBeenCalled();
    const bar = check.getByRole('progressbar', { name: LEAK_CHECK_VIEW_TEXTS.running });
    expect(bar).toHaveAttribute('max', '6');
    act(() => follows[0]!.progress({ status: 'running', progress: { done: 4, total: 6 } }));
    expect(bar).toHaveAttribute('value', '4');
    expect(check.getByText('4 of 6 interview turns')).toBeInTheDocument();
    api.cancel.mockResolvedValue({ ...queuedJob(), status: 'cancelled', progress: { done: 4, total: 6 } });
    await user.click(check.getByRole('button', { name: 'Cancel check' }));
    expect(api.cancel).toHaveBeenCalledWith('job-1', expect.anything());
    expect(
      await check.findByText('The check was cancelled after 4 of 6 interview turns.'),
    ).toBeInTheDocument();
  });

  it('shows the result: the verdict, the chart; reopened on the same design it shows it again', async () => {
    const { user, check } = await startCheck();
    const done = completedJob();
    await act(async () => follows[0]!.done.resolve(done));
    expect(check.getByRole('region', { name: 'Verdict' })).toHaveTextContent(done.result!.verdict.line);
    const chart = check.getByRole('figure', { name: 'Solution revealed by turn, per style' });
    expect(await within(chart).findByTestId('chart-canvas')).toHaveTextContent('Naive, Systematic');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
    expect(screen.getByRole('button', { name: 'Check this design' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Check this design' }));
    const again = within(await screen.findByRole('dialog', { name: TITLE }));
    expect(again.getByRole('region', { name: 'Verdict' })).toHaveTextContent(done.result!.verdict.line);
    expect(api.start).toHaveBeenCalledTimes(1);
  });

  it('is disabled, with the reason, while the design cannot be generated', async () => {
    const { user } = await renderWizard();
    expect(registered('evaluation.checkDesign')?.disabled).toBe(LEAK_CHECK_VIEW_TEXTS.chooseParts);
    await user.click(card('Requirements interviewee'));
    await user.click(card('Mystery object game'));
    await user.click(card('Aisha Okafor'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('alert');
    const button = screen.getByRole('button', { name: 'Check this design' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(LEAK_CHECK_VIEW_TEXTS.notGenerated);
    expect(registered('evaluation.checkDesign')?.disabled).toBe(LEAK_CHECK_VIEW_TEXTS.notGenerated);
  });

  it("is a palette command too, beside 'Check LEIA design...' for saved LEIAs", async () => {
    const { user } = await renderWizard();
    await toStep2(user);
    expect(registered('evaluation.checkLeia')?.title).toBe('Check LEIA design...');
    const command = registered('evaluation.checkDesign')!;
    expect(command.title).toBe('Check this design');
    expect(command.disabled).toBeUndefined();
    act(() => command.run());
    const check = within(screen.getByRole('dialog', { name: TITLE }));
    expect(check.getByRole('button', { name: 'Start check' })).toBeEnabled();
    expect(api.list).not.toHaveBeenCalled();
  });
});
