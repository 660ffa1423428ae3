import type { WizardEvent, WizardInput } from '@machines/wizard/contract';
import { ada, admin, guessing, interviewee, library } from './fixtures';
import { as, edgeLabel, expectLiveAgrees, graphEdges, shortestPaths, stateOf } from './graph';

/**
 * Model-based coverage of the wizard (xstate/graph): from an empty design and from a preset, the
 * traversal reaches every resting state and takes every guarded transition; the live actor then
 * follows each shortest path to the same state. Kept designs, step 3's save choices and notes, and
 * Try: ./paths-kept.test.ts.
 */
const events: WizardEvent[] = [
  { type: 'part.select', kind: 'persona', part: ada },
  { type: 'part.select', kind: 'problem', part: library },
  { type: 'part.select', kind: 'problem', part: guessing },
  { type: 'part.select', kind: 'behaviour', part: interviewee },
  { type: 'part.deleted', kind: 'persona', id: ada.id },
  { type: 'part.save', kind: 'persona', spec: { fullName: 'Mary' }, apiVersion: 'v1' },
  { type: 'part.reset', kind: 'persona' },
  { type: 'name.change', key: 'leia', value: 'L' },
  { type: 'name.change', key: 'persona', value: 'P' },
  { type: 'name.checked', key: 'leia', name: 'L', exists: false },
  { type: 'name.checked', key: 'persona', name: 'P', exists: false },
  { type: 'name.checked', key: 'persona', name: 'P', exists: true },
  { type: 'name.checkFailed', key: 'leia', name: 'L' },
  { type: 'visibility.set', key: 'leia', value: true },
  { type: 'wizard.next' },
  { type: 'wizard.previous' },
  { type: 'wizard.finish' },
  { type: 'wizard.discard' },
  as({ type: 'xstate.done.actor.createResource', output: { id: 'new-persona' } }),
  as({ type: 'xstate.error.actor.createResource', error: { status: 500 } }),
  as({ type: 'xstate.done.actor.createLeia', output: { id: 'leia-1' } }),
  as({ type: 'xstate.error.actor.createLeia', error: { status: 500 } }),
];

const traverse = (input: WizardInput) => shortestPaths(input, { events });

/** Every transition of the reachable graph as 'from --event--> to'. */
const edges = (input: WizardInput) => new Set(graphEdges(input, { events }).map((edge) => edgeLabel(edge)));

describe('wizard machine paths (xstate/graph)', () => {
  const fromEmpty = traverse({ viewer: admin });
  const fromPreset = traverse({
    viewer: admin,
    preset: { persona: ada, problem: library, behaviour: interviewee },
  });

  it('reaches every resting state; Starting and NextPart are always left in the same step', () => {
    const reached = new Set([...fromEmpty, ...fromPreset].map((path) => stateOf(path.state)));
    expect([...reached].sort()).toEqual(
      [
        '"Selection"',
        '"Edit"',
        '{"Create":"Naming"}',
        '{"Create":{"Finishing":"Verifying"}}',
        '{"Create":{"Finishing":"CreatingPart"}}',
        '{"Create":{"Finishing":"CreatingLeia"}}',
        '"Finished"',
      ].sort(),
    );
  });

  it('takes every guarded transition', () => {
    const taken = edges({ viewer: admin });
    const verifying = '{"Create":{"Finishing":"Verifying"}}';
    for (const edge of [
      '"Selection" --wizard.next--> "Edit"', // allChosen
      '"Edit" --wizard.next--> {"Create":"Naming"}', // generated
      '"Edit" --wizard.previous--> "Selection"',
      '{"Create":"Naming"} --wizard.previous--> "Edit"',
      `{"Create":"Naming"} --wizard.finish--> ${verifying}`, // namesReady
      `${verifying} --name.checked--> {"Create":{"Finishing":"CreatingPart"}}`, // verified, partLeft
      `${verifying} --name.checked--> {"Create":{"Finishing":"CreatingLeia"}}`, // verified, no part left
      `${verifying} --name.checked--> {"Create":"Naming"}`, // verificationDone with an error
      `${verifying} --name.checkFailed--> {"Create":"Naming"}`,
      '{"Create":{"Finishing":"CreatingPart"}} --xstate.done.actor.createResource--> {"Create":{"Finishing":"CreatingLeia"}}',
      '{"Create":{"Finishing":"CreatingPart"}} --xstate.error.actor.createResource--> {"Create":"Naming"}',
      '{"Create":{"Finishing":"CreatingLeia"}} --xstate.done.actor.createLeia--> "Finished"',
      '{"Create":{"Finishing":"CreatingLeia"}} --xstate.error.actor.createLeia--> {"Create":"Naming"}',
      '"Edit" --wizard.discard--> "Selection"',
      '{"Create":"Naming"} --wizard.discard--> "Selection"',
    ]) {
      expect(taken, edge).toContain(edge);
    }
    // Guarded transitions within a state, told apart by what they change.
    const states = fromEmpty.map((path) => path.state);
    expect(states.some((s) => s.matches('Edit') && s.context.parts.persona?.edited)).toBe(true); // canSave
    expect(states.some((s) => s.matches({ Create: 'Naming' }) && s.context.visibility.leia)).toBe(true); // mayPublish
    expect(
      states.some(
        (s) => s.matches({ Create: 'Naming' }) && s.context.names.leia?.error === 'Name is required',
      ),
    ).toBe(true);
    expect(
      fromEmpty.some((path) =>
        path.steps.some(
          (step, i) =>
            step.event.type === 'part.reset' &&
            path.steps[i - 1]?.state.context.parts.persona?.edited === true &&
            step.state.context.parts.persona?.edited === false,
        ),
      ),
    ).toBe(true); // canReset
  });

  it('arrives at step 2 with a preset, and a preset design can be finished', () => {
    expect(stateOf(fromPreset[0]!.steps[0]!.state)).toBe('"Edit"');
    expect(fromPreset.some((path) => path.state.matches('Finished'))).toBe(true);
  });

  it('the live actor agrees with every shortest path', () => {
    const presetInput = { viewer: admin, preset: { persona: ada, problem: library, behaviour: interviewee } };
    expectLiveAgrees({ viewer: admin }, fromEmpty);
    expectLiveAgrees(presetInput, fromPreset);
  }, 60_000);
});
