import { type DesignPresetEvent, designPresetMachine, presetLoadingKey } from '@machines/designPreset';
import type { WizardPreset } from '@machines/wizard/draft';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ada, interviewee, library } from './wizard/fixtures';

const preset: WizardPreset = { persona: ada, problem: library, behaviour: interviewee };
const ids = { persona: ada.id, problem: library.id, behaviour: interviewee.id };
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const start = (answer: WizardPreset | Error) => {
  const opened: WizardPreset[] = [];
  const notified: string[] = [];
  const actor = createActor(
    designPresetMachine.provide({
      actors: {
        loadPreset: fromPromise(async () => {
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
      actions: {
        openDesign: (_, p) => void opened.push(p),
        notify: (_, { message }) => void notified.push(message),
      },
    }),
  ).start();
  return { actor, opened, notified };
};

describe('designPreset machine', () => {
  it('loads the three parts, marks the LEIA busy, then opens the design with them', async () => {
    const { actor, opened } = start(preset);
    actor.send({ type: 'preset.load', request: { key: 'leia-1', ids } });
    expect(presetLoadingKey(actor.getSnapshot())).toBe('leia-1');
    await flush();
    expect(opened).toEqual([preset]);
    expect(presetLoadingKey(actor.getSnapshot())).toBeNull();
  });

  it('the LEIA whose parts are loading is refused (the refused event changes nothing); another is taken', () => {
    const { actor } = start(preset);
    actor.send({ type: 'preset.load', request: { key: 'leia-1', ids } });
    const loading = actor.getSnapshot();
    expect(loading.can({ type: 'preset.load', request: { key: 'leia-1', ids } })).toBe(false);
    actor.send({ type: 'preset.load', request: { key: 'leia-1', ids } });
    expect(actor.getSnapshot()).toBe(loading);
    expect(loading.can({ type: 'preset.load', request: { key: 'leia-2', ids } })).toBe(true);
  });

  it("a failure says 'Could not load preset data'", async () => {
    const { actor, opened, notified } = start(new Error('404'));
    actor.send({ type: 'preset.load', request: { key: 'leia-1', ids } });
    await flush();
    expect(opened).toEqual([]);
    expect(notified).toEqual(['Could not load preset data']);
  });

  it('every state is reachable (xstate/graph)', () => {
    const events = [
      { type: 'preset.load', request: { key: 'k', ids } },
      { type: 'xstate.done.actor.0.designPreset.Loading', output: preset },
    ] as unknown as DesignPresetEvent[];
    const machine = designPresetMachine.provide({ actions: { openDesign: () => {}, notify: () => {} } });
    const reached = getShortestPaths(machine, { events }).map((path) => path.state.value);
    expect(reached.sort()).toEqual(['Idle', 'Loading']);
  });
});
