import { NAME_CHECK_DEBOUNCE_MS, type NameCheckReport, nameCheckMachine } from '@machines/nameCheck';
import { createActor, createMachine, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

/** Runs a check under a parent that records its reports, as the wizard does. */
const check = (delayMs: number, answer: boolean | Error) => {
  const reports: NameCheckReport[] = [];
  const asked: string[] = [];
  const child = nameCheckMachine.provide({
    actors: {
      nameExists: fromPromise(async ({ input }) => {
        asked.push(`${input.key}:${input.name}`);
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  const parent = createActor(
    createMachine({
      invoke: { id: 'check', src: child, input: { key: 'persona', name: 'Aisha', delayMs } },
      on: { '*': { actions: ({ event }) => void reports.push(event as NameCheckReport) } },
    }),
  ).start();
  return { parent, reports, asked };
};

describe('nameCheck machine', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the pause in typing, asks once, and reports whether the name exists', async () => {
    vi.useFakeTimers();
    const { reports, asked } = check(NAME_CHECK_DEBOUNCE_MS, true);
    await vi.advanceTimersByTimeAsync(NAME_CHECK_DEBOUNCE_MS - 1);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual(['persona:Aisha']);
    expect(reports.filter((r) => r.type.startsWith('name.'))).toEqual([
      { type: 'name.checked', key: 'persona', name: 'Aisha', exists: true },
    ]);
  });

  it('asks at once with no delay (Finish), and reports a failed check', async () => {
    const { reports, asked } = check(0, new Error('offline'));
    expect(asked).toEqual(['persona:Aisha']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reports.filter((r) => r.type.startsWith('name.'))).toEqual([
      { type: 'name.checkFailed', key: 'persona', name: 'Aisha' },
    ]);
  });

  it('stopped while waiting, it never asks', async () => {
    vi.useFakeTimers();
    const { parent, asked } = check(NAME_CHECK_DEBOUNCE_MS, false);
    parent.stop();
    await vi.advanceTimersByTimeAsync(NAME_CHECK_DEBOUNCE_MS * 2);
    expect(asked).toEqual([]);
  });

  it('every state is reachable (xstate/graph)', () => {
    const events = [
      { type: 'xstate.after.debounce.nameCheck.Waiting' },
      { type: 'xstate.done.actor.0.nameCheck.Checking', output: true },
    ] as never[];
    const machine = nameCheckMachine.provide({
      actions: { reportChecked: () => {}, reportFailed: () => {} },
    });
    const paths = getShortestPaths(machine, { events, input: { key: 'leia', name: 'L', delayMs: 300 } });
    expect(paths.map((p) => JSON.stringify(p.state.value)).sort()).toEqual([
      '"Checking"',
      '"Done"',
      '"Waiting"',
    ]);
    const atOnce = getShortestPaths(machine, { events, input: { key: 'leia', name: 'L', delayMs: 0 } });
    expect(atOnce[0]?.state.value).toBe('Checking');
  });
});
