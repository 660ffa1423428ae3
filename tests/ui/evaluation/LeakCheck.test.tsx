import { cancelJob, followJob, listLeakChecks, startLeakCheck } from '@client/api/evaluations';
import { type Command, usePaletteCommands } from '@client/palette';
import { LEAK_CHECK_VIEW_TEXTS } from '@machines/leakCheck/contract';
import { type Job, type JobProgressEvent, LEAK_CHECK_TEXTS } from '@shared/schemas/leak-check';
import { act, screen, waitFor, within } from '@testing-library/react';
import { completedJob, queuedJob } from '../../support/evaluation';
import { bank, deferred, dialog, httpError, inRow, mocked, renderSearch, resetApi } from '../search/harness';
import { pageItems } from '../support/palette';

const { partlyFake, fakeToasts } = await vi.hoisted(() => import('../support/mocks'));
vi.mock('@client/api/leias', partlyFake('listLeias', 'getLeia', 'deleteLeia'));
vi.mock('@client/api/evaluations', partlyFake('listLeakChecks', 'startLeakCheck', 'followJob', 'cancelJob'));
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
  start: vi.mocked(startLeakCheck),
  follow: vi.mocked(followJob),
  cancel: vi.mocked(cancelJob),
};
const TITLE = 'Leak check: Bank interview v1.2.0';

/** followJob calls, each settled by the test. */
let follows: {
  jobId: string;
  progress: (event: JobProgressEvent) => void;
  done: ReturnType<typeof deferred<Job>>;
  signal?: AbortSignal;
}[];

beforeEach(() => {
  resetApi();
  vi.mocked(usePaletteCommands).mockReset();
  for (const fn of Object.values(api)) fn.mockReset();
  api.list.mockResolvedValue([]);
  follows = [];
  api.follow.mockImplementation((jobId, options) => {
    const done = deferred<Job>();
    follows.push({ jobId, progress: (event) => options?.onProgress?.(event), done, signal: options?.signal });
    return done.promise;
  });
});

/** Search, View on Bank interview, then 'Check this design' in its footer. */
async function openCheck() {
  const view = await renderSearch();
  await view.user.click(inRow('Bank interview').getByRole('button', { name: /^View / }));
  await screen.findByRole('tab', { name: 'Problem' });
  await view.user.click(dialog('Bank interview').getByRole('button', { name: 'Check this design' }));
  const check = await screen.findByRole('dialog', { name: TITLE });
  return { ...view, check: within(check) };
}

/** The form, set to 1 interview of 2 styles of 3 questions, started. */
async function startSmallCheck() {
  const view = await openCheck();
  const { user, check } = view;
  await check.findByRole('group', { name: 'Simulated students' });
  await user.click(check.getByRole('checkbox', { name: /^Pushy/ }));
  await user.clear(check.getByRole('spinbutton', { name: 'Interviews per style' }));
  await user.type(check.getByRole('spinbutton', { name: 'Interviews per style' }), '1');
  await user.clear(check.getByRole('spinbutton', { name: 'Questions per interview, at most' }));
  await user.type(check.getByRole('spinbutton', { name: 'Questions per interview, at most' }), '3');
  expect(check.getByText('2 interviews in all.')).toBeInTheDocument();
  api.start.mockResolvedValue(queuedJob());
  await user.click(check.getByRole('button', { name: 'Start check' }));
  await check.findByRole('progressbar');
  return view;
}

describe("'Check this design' from the View modal", () => {
  it('opens on top of the View, for that LEIA: the form with the three styles, 2 interviews each', async () => {
    const { check } = await openCheck();
    expect(api.list).toHaveBeenCalledWith(bank.id, expect.objectContaining({ signal: expect.anything() }));
    const styles = await check.findByRole('group', { name: 'Simulated students' });
    expect(
      within(styles)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).checked),
    ).toEqual([true, true, true]);
    expect(check.getByRole('spinbutton', { name: 'Interviews per style' })).toHaveValue(2);
    expect(check.getByRole('spinbutton', { name: 'Questions per interview, at most' })).toHaveValue(12);
    expect(check.getByText('6 interviews in all.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Bank interview' })).toBeInTheDocument();
  });

  it('checks the form before starting: each field says what is wrong', async () => {
    const { user, check } = await openCheck();
    await check.findByRole('group', { name: 'Simulated students' });
    for (const box of check.getAllByRole('checkbox')) await user.click(box);
    await user.clear(check.getByRole('spinbutton', { name: 'Interviews per style' }));
    await user.click(check.getByRole('button', { name: 'Start check' }));
    expect(check.getByText(LEAK_CHECK_TEXTS.styles)).toBeInTheDocument();
    expect(check.getByRole('spinbutton', { name: 'Interviews per style' })).toHaveAccessibleDescription(
      LEAK_CHECK_TEXTS.runs,
    );
    expect(api.start).not.toHaveBeenCalled();
  });

  it('starts, shows the progress bar moving with the events, and Cancel stops it', async () => {
    const { user, check } = await startSmallCheck();
    expect(api.start).toHaveBeenCalledWith(
      bank.id,
      { runs: 1, maxTurns: 3, styles: ['naive', 'systematic'] },
      expect.anything(),
    );
    expect(follows[0]!.jobId).toBe('job-1');
    const bar = check.getByRole('progressbar', { name: LEAK_CHECK_VIEW_TEXTS.running });
    expect(bar).toHaveAttribute('max', '6');
    expect(bar).toHaveAttribute('value', '0');
    act(() => follows[0]!.progress({ status: 'running', progress: { done: 2, total: 6 } }));
    expect(bar).toHaveAttribute('value', '2');
    expect(bar).toHaveAttribute('aria-valuetext', '2 of 6 interview turns');
    expect(check.getByText('2 of 6 interview turns')).toBeInTheDocument();
    expect(check.getByText(LEAK_CHECK_VIEW_TEXTS.keepsRunning)).toBeInTheDocument();

    const cancelled = deferred<Job>();
    api.cancel.mockReturnValue(cancelled.promise);
    await user.click(check.getByRole('button', { name: 'Cancel check' }));
    expect(api.cancel).toHaveBeenCalledWith('job-1', expect.anything());
    expect(check.getByRole('button', { name: 'Cancelling...' })).toBeDisabled();
    await act(async () =>
      cancelled.resolve({ ...queuedJob(), status: 'cancelled', progress: { done: 2, total: 6 } }),
    );
    expect(check.getByText('The check was cancelled after 2 of 6 interview turns.')).toBeInTheDocument();
    expect(check.queryByRole('progressbar')).toBeNull();
    expect(follows[0]!.signal?.aborted).toBe(true);
  });

  it('shows the result: verdict with its figures, the per-style curves and table; Check again', async () => {
    const { user, check } = await startSmallCheck();
    const done = completedJob();
    await act(async () => follows[0]!.done.resolve(done));
    const verdict = check.getByRole('region', { name: 'Verdict' });
    expect(verdict).toHaveTextContent(done.result!.verdict.line);
    expect(
      within(verdict)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(done.result!.verdict.figures);
    const chart = check.getByRole('figure', { name: 'Solution revealed by turn, per style' });
    expect(await within(chart).findByTestId('chart-canvas')).toHaveTextContent('Naive, Systematic');
    expect(chart).toHaveAccessibleDescription(
      /^Mean share of the solution revealed after each of 3 questions/,
    );
    const table = check.getByRole('table', { name: 'Leak check per style' });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.firstChild?.textContent),
    ).toEqual(['Naive', 'Systematic']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Turn 3 on average (1 of 1 interview)');
    await user.click(check.getByRole('button', { name: 'Change settings' }));
    expect(check.getByRole('spinbutton', { name: 'Interviews per style' })).toHaveValue(1);
    expect(check.getByRole('checkbox', { name: /^Pushy/ })).not.toBeChecked();
  });

  it('Check again runs the check again at once, with the same settings', async () => {
    const { user, check } = await startSmallCheck();
    await act(async () => follows[0]!.done.resolve(completedJob()));
    await user.click(check.getByRole('button', { name: 'Check again' }));
    expect(api.start).toHaveBeenCalledTimes(2);
    expect(api.start).toHaveBeenLastCalledWith(
      bank.id,
      { runs: 1, maxTurns: 3, styles: ['naive', 'systematic'] },
      expect.anything(),
    );
  });

  it('a refused start says why, and the form stays', async () => {
    const { user, check } = await openCheck();
    await check.findByRole('group', { name: 'Simulated students' });
    api.start.mockRejectedValue(httpError(409, { message: LEAK_CHECK_TEXTS.tooManyJobs(2) }));
    await user.click(check.getByRole('button', { name: 'Start check' }));
    expect(await check.findByRole('alert')).toHaveTextContent(LEAK_CHECK_TEXTS.tooManyJobs(2));
    expect(check.getByRole('button', { name: 'Start check' })).toBeEnabled();
  });

  it('a check of that LEIA still running is followed at once; a failed one says why', async () => {
    api.list.mockResolvedValue([
      { ...queuedJob('job-7'), status: 'running', progress: { done: 4, total: 6 } },
    ]);
    const { check } = await openCheck();
    expect(await check.findByRole('progressbar')).toHaveAttribute('value', '4');
    expect(follows[0]!.jobId).toBe('job-7');
    await act(async () =>
      follows[0]!.done.resolve({
        ...queuedJob('job-7'),
        status: 'failed',
        error: LEAK_CHECK_TEXTS.interrupted,
      }),
    );
    expect(check.getByRole('alert')).toHaveTextContent(LEAK_CHECK_TEXTS.interrupted);
  });

  it('Escape closes it and gives the focus back; the View stays open and the job is not cancelled', async () => {
    const { user } = await startSmallCheck();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: TITLE })).toBeNull();
    expect(dialog('Bank interview').getByRole('button', { name: 'Check this design' })).toHaveFocus();
    expect(api.cancel).not.toHaveBeenCalled();
    expect(follows[0]!.signal?.aborted).toBe(true);
  });
});

describe("'Check LEIA design...' in the palette", () => {
  const checkCommand = (): Command => {
    const calls = vi.mocked(usePaletteCommands).mock.calls;
    const found = calls
      .flatMap(([commands]) => commands)
      .findLast((command) => command.id === 'evaluation.checkLeia');
    if (!found) throw new Error('no Check LEIA design... command');
    return found;
  };

  it('searches the LEIAs by name as the user types, and opens the check of the one chosen', async () => {
    await renderSearch();
    const command = checkCommand();
    expect(command.title).toBe('Check LEIA design...');
    expect(command.allowed?.({ id: 'i', role: 'instructor' })).toBe(true);
    const items = await pageItems(command, 'bank');
    expect(mocked.listLeias).toHaveBeenLastCalledWith(
      expect.objectContaining({ text: 'bank', version: 'latest' }),
    );
    const item = items.find((candidate) => candidate.id === bank.id)!;
    act(() => command.run(item.value));
    expect(await screen.findByRole('dialog', { name: TITLE })).toBeInTheDocument();
    await waitFor(() => expect(api.list).toHaveBeenCalledWith(bank.id, expect.anything()));
  });
});
