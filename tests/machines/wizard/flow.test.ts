import { availability } from '@machines/action';
import { finish, nextStep, previousStep, tryDesign } from '@machines/wizard/actions';
import { WIZARD_COMMAND_REASONS, WIZARD_TEXTS } from '@machines/wizard/contract';
import {
  canGoForward,
  forwardEvent,
  hasUnsavedEdits,
  nameFields,
  wizardDraft,
  wizardStep,
} from '@machines/wizard/selectors';
import {
  ada,
  admin,
  advanced,
  choose,
  grace,
  guessing,
  hiddenInterviewee,
  instructor,
  interviewee,
  library,
  startWizard,
} from './fixtures';

describe('wizard machine: steps', () => {
  it('starts on step 1; Next needs all three parts; Previous is not possible on step 1', () => {
    const { send, snap } = startWizard({ viewer: admin });
    expect(snap().value).toBe('Selection');
    expect(wizardStep(snap())).toBe(1);
    send({ type: 'part.select', kind: 'persona', part: ada });
    send({ type: 'part.select', kind: 'problem', part: library });
    expect(canGoForward(snap())).toBe(false);
    send({ type: 'wizard.next' });
    expect(snap().value).toBe('Selection');
    expect(snap().can({ type: 'wizard.previous' })).toBe(false);
    send({ type: 'part.select', kind: 'behaviour', part: interviewee });
    expect(canGoForward(snap())).toBe(true);
    send({ type: 'wizard.next' });
    expect(snap().value).toBe('Edit');
    expect(wizardStep(snap())).toBe(2);
  });

  it('step 1 -> 2 snapshots the originals and generates the LEIA with the shared engine', () => {
    const { send, snap } = startWizard({ viewer: admin });
    choose(send);
    send({ type: 'wizard.next' });
    const { originals, generation } = snap().context;
    expect(originals).toEqual({
      persona: { ...ada, edited: false },
      problem: { ...library, edited: false },
      behaviour: { ...interviewee, edited: false },
    });
    expect(generation?.errors).toEqual([]);
    expect(generation?.leia?.problem.spec.description).toBe('A library for Ada');
    expect(generation?.leia?.behaviour.spec.description).toBe('You are Ada Lovelace. A library for Ada');
  });

  it('a failed generation records its errors, keeps no LEIA, and Next stays disabled', () => {
    const { send, snap } = startWizard({ viewer: admin });
    choose(send, { problem: guessing });
    send({ type: 'wizard.next' });
    const { generation } = snap().context;
    expect(generation?.leia).toBeNull();
    expect(generation?.errors).toEqual([
      'Constraint not met: behaviour.spec.process. No compatible processes found. Expected: ["game"], actual: ["requirements-elicitation"]',
    ]);
    expect(canGoForward(snap())).toBe(false);
    send({ type: 'wizard.next' });
    expect(snap().value).toBe('Edit');
  });

  it('save marks a part edited and regenerates; saving the original content unmarks it; reset restores it', () => {
    const { send, snap } = startWizard({ viewer: admin });
    choose(send);
    send({ type: 'wizard.next' });
    send({
      type: 'part.save',
      kind: 'persona',
      spec: { fullName: 'Mary Shelley', firstName: 'Mary' },
      apiVersion: 'v1',
    });
    expect(snap().context.parts.persona).toMatchObject({
      id: ada.id,
      edited: true,
      spec: { fullName: 'Mary Shelley' },
    });
    expect(snap().context.generation?.leia?.problem.spec.description).toBe('A library for Mary');
    expect(hasUnsavedEdits(snap())).toBe(true);
    send({ type: 'part.save', kind: 'persona', spec: { ...ada.spec }, apiVersion: 'v1' });
    expect(snap().context.parts.persona?.edited).toBe(false);
    send({ type: 'part.save', kind: 'persona', spec: { fullName: 'Mary Shelley' }, apiVersion: 'v1' });
    send({ type: 'part.reset', kind: 'persona' });
    expect(snap().context.parts.persona).toEqual({ ...ada, edited: false });
    expect(snap().context.generation?.leia?.problem.spec.description).toBe('A library for Ada');
  });

  it('an edit survives going back to step 1 and forward again; choosing another part replaces it', () => {
    const { send, snap } = startWizard({ viewer: admin });
    choose(send);
    send({ type: 'wizard.next' });
    send({ type: 'part.save', kind: 'persona', spec: { fullName: 'Mary' }, apiVersion: 'v1' });
    send({ type: 'wizard.previous' });
    expect(snap().value).toBe('Selection');
    send({ type: 'part.select', kind: 'persona', part: ada }); // the chosen one: keeps its edit
    send({ type: 'wizard.next' });
    expect(snap().context.parts.persona?.edited).toBe(true);
    expect(snap().context.originals.persona?.spec).toEqual(ada.spec);
    send({ type: 'wizard.previous' });
    send({ type: 'part.select', kind: 'persona', part: grace });
    expect(snap().context.parts.persona).toEqual({ ...grace, edited: false });
  });

  it('instructors never edit the behaviour (the server would refuse it anyway)', () => {
    const { send, snap } = startWizard({ viewer: instructor });
    choose(send, { behaviour: hiddenInterviewee });
    send({ type: 'wizard.next' });
    send({ type: 'part.save', kind: 'behaviour', spec: { description: 'x' }, apiVersion: 'v1' });
    expect(snap().context.parts.behaviour?.edited).toBe(false);
    // The preview is made with the behaviour as they may see it: role and process only.
    expect(snap().context.generation?.leia?.behaviour.spec).toEqual({
      role: 'Client',
      process: ['requirements-elicitation'],
    });
  });

  it('Previous goes back one step at a time; step 2 -> 3 prepares blank names for the LEIA and edited parts', () => {
    const { send, snap } = startWizard({ viewer: advanced });
    choose(send);
    send({ type: 'wizard.next' });
    send({ type: 'part.save', kind: 'behaviour', spec: { description: 'Be brief.' }, apiVersion: 'v1' });
    send(forwardEvent(snap()));
    expect(snap().value).toEqual({ Create: 'Naming' });
    expect(nameFields(snap()).map(({ key, field }) => [key, field.value])).toEqual([
      ['leia', ''],
      ['behaviour', ''],
    ]);
    expect(forwardEvent(snap())).toEqual({ type: 'wizard.finish' });
    send({ type: 'wizard.previous' });
    expect(snap().value).toBe('Edit');
    send({ type: 'wizard.previous' });
    expect(snap().value).toBe('Selection');
  });

  it('a deleted resource that was chosen is chosen no more', () => {
    const { send, snap } = startWizard({ viewer: admin });
    choose(send);
    send({ type: 'part.deleted', kind: 'persona', id: grace.id });
    expect(snap().context.parts.persona).toBeDefined();
    send({ type: 'part.deleted', kind: 'persona', id: ada.id });
    expect(snap().context.parts.persona).toBeUndefined();
  });

  it('discard empties the design and returns to step 1', () => {
    const { send, snap } = startWizard({ viewer: admin });
    choose(send);
    send({ type: 'wizard.next' });
    send({ type: 'wizard.next' });
    send({ type: 'name.change', key: 'leia', value: 'Draft' });
    send({ type: 'wizard.discard' });
    expect(snap().value).toBe('Selection');
    expect(snap().context.parts).toEqual({});
    expect(snap().context.names).toEqual({});
    expect(wizardDraft(snap())).toBeNull();
  });
});

describe('wizard machine: arriving with a preset or a kept draft', () => {
  it('a preset preloads the three parts and jumps to step 2, with the preset as the originals', () => {
    const { snap } = startWizard({
      viewer: admin,
      preset: { persona: ada, problem: library, behaviour: interviewee },
    });
    expect(snap().value).toBe('Edit');
    expect(snap().context.originals.problem).toEqual(library);
    expect(snap().context.generation?.errors).toEqual([]);
  });

  it('a draft restores the step, choices, snapshot, names and visibility', () => {
    const { send, snap } = startWizard({ viewer: admin });
    choose(send);
    send({ type: 'wizard.next' });
    send({ type: 'part.save', kind: 'persona', spec: { fullName: 'Mary' }, apiVersion: 'v1' });
    send({ type: 'wizard.next' });
    send({ type: 'name.change', key: 'persona', value: 'Mary persona' });
    send({ type: 'visibility.set', key: 'leia', value: true });
    const draft = wizardDraft(snap())!;
    expect(draft.step).toBe(3);
    const restored = startWizard({ viewer: admin, draft });
    expect(restored.snap().value).toEqual({ Create: 'Naming' });
    expect(restored.snap().context.parts).toEqual(snap().context.parts);
    expect(restored.snap().context.originals).toEqual(snap().context.originals);
    expect(nameFields(restored.snap()).map(({ field }) => field.value)).toEqual(['', 'Mary persona']);
    expect(restored.snap().context.visibility).toEqual({ leia: true });
    // A non-admin restoring the same draft gets no visibility flags.
    expect(startWizard({ viewer: advanced, draft }).snap().context.visibility).toEqual({});
  });

  it('a draft at step 2 or 3 that lacks a part starts at step 1', () => {
    const { snap } = startWizard({
      viewer: admin,
      draft: { step: 2, parts: { persona: ada }, originals: {}, names: {}, visibility: {} },
    });
    expect(snap().value).toBe('Selection');
    expect(snap().context.parts.persona).toEqual(ada);
  });
});

describe('wizard machine: Try', () => {
  it('starts a session with stored parts by id and edited parts as unsaved edits, carrying the draft', () => {
    const { send, snap, calls } = startWizard({ viewer: admin });
    choose(send);
    send({ type: 'wizard.next' });
    send({
      type: 'part.save',
      kind: 'persona',
      spec: { fullName: 'Mary', firstName: 'Mary' },
      apiVersion: 'v1',
    });
    send({ type: 'wizard.try' });
    expect(calls.tries).toHaveLength(1);
    const [request] = calls.tries;
    expect(request?.body).toEqual({
      spec: {
        persona: {
          id: ada.id,
          apiVersion: 'v1',
          metadata: ada.metadata,
          spec: { fullName: 'Mary', firstName: 'Mary' },
          edited: true,
        },
        problem: library.id,
        behaviour: interviewee.id,
      },
    });
    expect(request?.problemDescription).toBe('A library for Mary');
    expect(request?.draft).toEqual(wizardDraft(snap()));
    expect(request?.draft.step).toBe(2);
  });

  it("an instructor's behaviour always goes by id", () => {
    const { send, calls } = startWizard({ viewer: instructor });
    choose(send, { behaviour: { ...hiddenInterviewee, edited: true } });
    send({ type: 'wizard.next' });
    send({ type: 'wizard.try' });
    expect(calls.tries[0]?.body.spec?.behaviour).toBe(interviewee.id);
  });

  it('with no generated LEIA it logs an error and does nothing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { send, calls } = startWizard({ viewer: admin });
    choose(send, { problem: guessing });
    send({ type: 'wizard.next' });
    send({ type: 'wizard.try' });
    expect(calls.tries).toEqual([]);
    expect(error).toHaveBeenCalledWith(WIZARD_TEXTS.noGeneratedLeia);
  });
});

describe('wizard machine: its actions (Next, Previous, Finish, Try) and why each is unavailable', () => {
  it('asks the machine where the flow is: step 1, step 2, step 3', () => {
    const { send, snap } = startWizard({ viewer: admin });
    expect(availability(snap(), nextStep, undefined)).toEqual({
      applies: true,
      can: false,
      reason: WIZARD_TEXTS.missing,
    });
    expect(availability(snap(), previousStep, undefined).reason).toBe(WIZARD_COMMAND_REASONS.firstStep);
    expect(availability(snap(), finish, undefined).reason).toBe(WIZARD_COMMAND_REASONS.notCreating);
    expect(availability(snap(), tryDesign, undefined).reason).toBe(WIZARD_COMMAND_REASONS.nothingToTry);
    choose(send);
    expect(availability(snap(), nextStep, undefined).can).toBe(true);
    send(nextStep.event());
    expect(wizardStep(snap())).toBe(2);
    for (const action of [nextStep, previousStep, tryDesign]) {
      expect(availability(snap(), action, undefined).can).toBe(true);
    }
    send(nextStep.event());
    expect(wizardStep(snap())).toBe(3);
    expect(availability(snap(), nextStep, undefined).reason).toBe(WIZARD_COMMAND_REASONS.lastStep);
    expect(availability(snap(), finish, undefined).can).toBe(true);
  });
});
