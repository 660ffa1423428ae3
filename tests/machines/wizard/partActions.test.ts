import { availability } from '@machines/action';
import { deletePart, editPart, partHistory, resetPart, selectPart } from '@machines/wizard/actions';
import { WIZARD_COMMAND_REASONS, type WizardEmitted } from '@machines/wizard/contract';
import { ada, admin, choose, grace, instructor, interviewee, part, startWizard } from './fixtures';

/** The wizard's part actions: each is taken only where its guard says, and a refused one changes nothing. */

const opened = (actor: ReturnType<typeof startWizard>['actor']) => {
  const events: WizardEmitted[] = [];
  for (const type of ['open.editor', 'open.history', 'open.delete'] as const) {
    actor.on(type, (event) => void events.push(event as unknown as WizardEmitted));
  }
  return events;
};

const adminActor = { id: 'u-admin', role: 'admin' as const };
const someoneElse = { id: 'u-other', role: 'advanced' as const };
const theirs = { ...part('p-theirs', 'Theirs', { fullName: 'T' }), user: { ...ada.user!, id: 'u-other' } };

describe('wizard machine: what is done with a part', () => {
  it('Select and Delete are step 1 actions; Delete only of what the viewer owns, or by an admin', () => {
    const { actor, snap } = startWizard({ viewer: { ...instructor, actor: someoneElse } });
    const events = opened(actor);
    expect(snap().can(selectPart.persona.event(ada))).toBe(true);
    // ada is the admin's: an instructor who is not its owner may not delete it.
    expect(availability(snap(), deletePart.persona, ada).can).toBe(false);
    const before = snap();
    actor.send(deletePart.persona.event(ada));
    expect(snap()).toBe(before);
    expect(events).toEqual([]);

    expect(snap().can(deletePart.persona.event(theirs))).toBe(true);
    actor.send(deletePart.persona.event(theirs));
    expect(events).toEqual([{ type: 'open.delete', kind: 'persona', part: theirs }]);
  });

  it('an admin deletes any listed part; on step 2 Select and Delete are refused, with their reason', () => {
    const { actor, send, snap } = startWizard({ viewer: { ...admin, actor: adminActor } });
    expect(snap().can(deletePart.persona.event(grace))).toBe(true);
    choose(send);
    send({ type: 'wizard.next' });
    expect(snap().value).toBe('Edit');
    expect(availability(snap(), selectPart.persona, grace)).toEqual({
      applies: true,
      can: false,
      reason: WIZARD_COMMAND_REASONS.notSelecting,
    });
    const before = snap();
    actor.send(selectPart.persona.event(grace));
    actor.send(deletePart.persona.event(grace));
    expect(snap()).toBe(before);
  });

  it('Edit and History open on step 2 only; Reset only once the part is edited', () => {
    const { actor, send, snap } = startWizard({ viewer: admin });
    const events = opened(actor);
    choose(send);
    expect(availability(snap(), editPart.persona, undefined).reason).toBe(WIZARD_COMMAND_REASONS.notEditing);
    expect(availability(snap(), partHistory, 'persona').reason).toBe(WIZARD_COMMAND_REASONS.historyOnEdit);
    send(editPart.persona.event());
    send(partHistory.event('persona'));
    expect(events).toEqual([]);

    send({ type: 'wizard.next' });
    expect(availability(snap(), resetPart.persona, undefined).reason).toBe(WIZARD_COMMAND_REASONS.notEdited);
    const before = snap();
    send(resetPart.persona.event());
    expect(snap()).toBe(before);

    send(editPart.persona.event());
    send(partHistory.event('behaviour'));
    expect(events).toEqual([
      { type: 'open.editor', kind: 'persona', part: snap().context.parts.persona },
      { type: 'open.history', kind: 'behaviour', part: snap().context.parts.behaviour },
    ]);
    send({
      type: 'part.save',
      kind: 'persona',
      spec: { fullName: 'Ada B.', firstName: 'Ada' },
      apiVersion: 'v1',
    });
    expect(snap().can(resetPart.persona.event())).toBe(true);
  });

  it('an instructor may not edit the behaviour, but sees its History', () => {
    const { actor, send, snap } = startWizard({ viewer: instructor });
    const events = opened(actor);
    choose(send, { behaviour: interviewee });
    send({ type: 'wizard.next' });
    expect(snap().can(editPart.behaviour.event())).toBe(false);
    expect(editPart.behaviour.allowed?.({ id: 'i', role: 'instructor' })).toBe(false);
    send(editPart.behaviour.event());
    expect(events).toEqual([]);
    expect(snap().can(partHistory.event('behaviour'))).toBe(true);
  });
});
