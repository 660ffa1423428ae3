import { availability } from '@machines/action';
import { startOver } from '@machines/wizard/actions';
import { WIZARD_COMMAND_REASONS } from '@machines/wizard/contract';
import { hasUnsavedEdits } from '@machines/wizard/selectors';
import { admin, choose, startWizard } from './fixtures';

/** 'Design a new LEIA' (Start over): asks first when there are unsaved edits, never while finishing. */

const asked = (actor: ReturnType<typeof startWizard>['actor']) => {
  const questions: unknown[] = [];
  actor.on('ask.discard', (event) => void questions.push(event));
  return questions;
};

describe("wizard machine: 'Design a new LEIA' (wizard.startOver)", () => {
  it('without unsaved edits empties the design at once, on step 1 and step 2', () => {
    const { actor, send, snap } = startWizard({ viewer: admin });
    const questions = asked(actor);
    choose(send);
    expect(snap().can(startOver.event())).toBe(true);
    send(startOver.event());
    expect(snap().value).toBe('Selection');
    expect(snap().context.parts).toEqual({});

    choose(send);
    send({ type: 'wizard.next' });
    send(startOver.event());
    expect(snap().value).toBe('Selection');
    expect(snap().context.parts).toEqual({});
    expect(questions).toEqual([]);
  });

  it('with unsaved edits asks first and changes nothing; Discard then empties it', () => {
    const { actor, send, snap } = startWizard({ viewer: admin });
    const questions = asked(actor);
    choose(send);
    send({ type: 'wizard.next' });
    send({ type: 'part.save', kind: 'persona', spec: { fullName: 'Mary' }, apiVersion: 'v1' });
    expect(hasUnsavedEdits(snap())).toBe(true);
    const before = snap().context;
    send(startOver.event());
    expect(questions).toEqual([{ type: 'ask.discard' }]);
    expect(snap().value).toBe('Edit');
    expect(snap().context).toBe(before);

    send({ type: 'wizard.next' });
    send(startOver.event());
    expect(questions).toHaveLength(2);
    expect(snap().value).toEqual({ Create: 'Naming' });
    send({ type: 'wizard.discard' });
    expect(snap().value).toBe('Selection');
  });

  it('is refused while the LEIA is being created, with the reason, changing nothing', () => {
    const { actor, send, snap } = startWizard({ viewer: admin });
    const questions = asked(actor);
    choose(send);
    send({ type: 'wizard.next' });
    send({ type: 'wizard.next' });
    send({ type: 'name.change', key: 'leia', value: 'Library' });
    send({ type: 'wizard.finish' });
    expect(snap().matches({ Create: 'Finishing' })).toBe(true);
    expect(availability(snap(), startOver, undefined)).toEqual({
      applies: true,
      can: false,
      reason: WIZARD_COMMAND_REASONS.finishing,
    });
    const before = snap();
    send(startOver.event());
    expect(snap()).toBe(before);
    expect(questions).toEqual([]);
  });
});
