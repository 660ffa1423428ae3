import { REPLACE_DESIGN_TEXTS } from '@machines/wizard/contract';
import type { WizardDraft } from '@machines/wizard/draft';
import { hasUnsavedEdits, replaceQuestion, wizardDraft, wizardStep } from '@machines/wizard/selectors';
import { ada, admin, choose, grace, guessing, interviewee, library, startWizard } from './fixtures';

/**
 * 'Design from this' over a design kept in progress (issue 9, "nothing typed is lost"): a preset
 * that would replace unsaved edits waits for the user's answer; one over a design with only
 * choices (or none) opens at once.
 */
const preset = { persona: grace, problem: guessing, behaviour: interviewee };
const source = { id: 'leia-mystery', name: 'Mystery', version: '1.0.0' };

/** A design at step 2 with the persona edited, as session storage keeps it. */
const editedDraft = (): WizardDraft => {
  const { send, snap } = startWizard({ viewer: admin });
  choose(send);
  send({ type: 'wizard.next' });
  send({
    type: 'part.save',
    kind: 'persona',
    spec: { fullName: 'Ada Byron', firstName: 'Ada' },
    apiVersion: 'v1',
  });
  return wizardDraft(snap())!;
};

/** A design at step 3 with only the LEIA's name typed (no part edited). */
const namedDraft = (): WizardDraft => {
  const { send, snap } = startWizard({ viewer: admin });
  choose(send);
  send({ type: 'wizard.next' });
  send({ type: 'wizard.next' });
  send({ type: 'name.change', key: 'leia', value: 'My library' });
  return wizardDraft(snap())!;
};

describe('wizard machine: a preset over a design in progress', () => {
  it('asks first, showing nothing of the preset, and keeps the kept design as it was meanwhile', () => {
    const draft = editedDraft();
    const { snap } = startWizard({ viewer: admin, draft, preset, source });
    expect(snap().value).toBe('ReplaceQuestion');
    expect(replaceQuestion(snap())).toEqual({
      title: REPLACE_DESIGN_TEXTS.title,
      message: REPLACE_DESIGN_TEXTS.message('Mystery'),
      accept: REPLACE_DESIGN_TEXTS.accept,
      cancel: REPLACE_DESIGN_TEXTS.cancel,
    });
    expect(snap().context.parts.persona?.id).toBe(ada.id);
    // What is kept in session storage while the question is open is the design in progress itself.
    expect(wizardDraft(snap())).toEqual(draft);
    expect(hasUnsavedEdits(snap())).toBe(true);
    // Nothing else happens until it is answered.
    expect(snap().can({ type: 'wizard.next' })).toBe(false);
    expect(snap().can({ type: 'wizard.discard' })).toBe(false);
  });

  it('keep: the kept design opens at its step with its edits, and the preset is dropped', () => {
    const draft = editedDraft();
    const { send, snap } = startWizard({ viewer: admin, draft, preset, source });
    send({ type: 'preset.keep' });
    expect(snap().value).toBe('Edit');
    expect(snap().context.parts.persona).toMatchObject({ id: ada.id, edited: true });
    expect(snap().context.source).toBeNull();
    expect(replaceQuestion(snap())).toBeNull();
    expect(wizardDraft(snap())).toEqual(draft);
  });

  it('replace: the preset opens at step 2 with its source, and the kept design is gone', () => {
    const { send, snap } = startWizard({ viewer: admin, draft: editedDraft(), preset, source });
    send({ type: 'preset.replace' });
    expect(snap().value).toBe('Edit');
    expect(snap().context.parts).toEqual(preset);
    expect(snap().context.originals).toEqual(preset);
    expect(snap().context.source).toEqual(source);
    expect(hasUnsavedEdits(snap())).toBe(false);
    expect(wizardDraft(snap())?.parts).toEqual(preset);
  });

  it('names typed in step 3 are work too: asked, and keep returns to step 3 with them', () => {
    const { send, snap } = startWizard({ viewer: admin, draft: namedDraft(), preset });
    expect(snap().value).toBe('ReplaceQuestion');
    expect(replaceQuestion(snap())?.message).toBe(REPLACE_DESIGN_TEXTS.message(undefined));
    send({ type: 'preset.keep' });
    expect(wizardStep(snap())).toBe(3);
    expect(snap().context.names.leia?.value).toBe('My library');
  });

  it('a kept design with choices only (nothing typed or edited) is replaced without asking', () => {
    const { send, snap } = startWizard({ viewer: admin });
    choose(send, { persona: ada, problem: library });
    send({ type: 'wizard.next' });
    const started = startWizard({ viewer: admin, draft: wizardDraft(snap()), preset, source });
    expect(started.snap().value).toBe('Edit');
    expect(started.snap().context.parts).toEqual(preset);
    expect(started.snap().context.source).toEqual(source);
  });
});
