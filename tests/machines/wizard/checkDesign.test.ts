import { availability } from '@machines/action';
import { LEAK_CHECK_VIEW_TEXTS } from '@machines/leakCheck/contract';
import { checkThisDesign } from '@machines/wizard/actions';
import type { DesignCheckEmitted } from '@machines/wizard/contract';
import { designGenerated, designToCheck } from '@machines/wizard/selectors';
import {
  ada,
  admin,
  choose,
  guessing,
  hiddenInterviewee,
  instructor,
  interviewee,
  library,
  startWizard,
} from './fixtures';

/** 'Check this design': the leak check takes the design as Try sends it, once it is generated. */

describe('wizard machine: the design to check', () => {
  it("is Try's body on step 2, with unsaved edits as they are, and the LEIA's name once typed", () => {
    const { send, snap, calls } = startWizard({ viewer: admin });
    choose(send);
    expect(designToCheck(snap())).toBeNull();
    expect(designGenerated(snap())).toBe(false);
    send({ type: 'wizard.next' });
    send({
      type: 'part.save',
      kind: 'persona',
      spec: { fullName: 'Mary', firstName: 'Mary' },
      apiVersion: 'v1',
    });
    expect(designGenerated(snap())).toBe(true);
    send({ type: 'wizard.try' });
    const check = designToCheck(snap());
    expect(check).toEqual({ design: calls.tries[0]!.body, name: '' });
    expect(check?.design.spec.persona).toMatchObject({
      id: ada.id,
      edited: true,
      spec: { fullName: 'Mary' },
    });
    expect(check?.design.spec.problem).toBe(library.id);

    send({ type: 'wizard.next' });
    send({ type: 'name.change', key: 'leia', value: ' Library, draft ' });
    expect(designToCheck(snap())).toMatchObject({
      design: { metadata: { name: 'Library, draft' } },
      name: 'Library, draft',
    });
  });

  it("sends an instructor's behaviour by id", () => {
    const { send, snap } = startWizard({ viewer: instructor });
    choose(send, { behaviour: { ...hiddenInterviewee, edited: true } });
    send({ type: 'wizard.next' });
    expect(designToCheck(snap())?.design.spec.behaviour).toBe(interviewee.id);
  });

  it('is none while the design cannot be generated', () => {
    const { send, snap } = startWizard({ viewer: admin });
    choose(send, { problem: guessing });
    send({ type: 'wizard.next' });
    expect(snap().value).toBe('Edit');
    expect(snap().context.generation?.errors.length).toBeGreaterThan(0);
    expect(designGenerated(snap())).toBe(false);
    expect(designToCheck(snap())).toBeNull();
  });
});

describe("wizard machine: 'Check this design' (design.check)", () => {
  const opened = (actor: ReturnType<typeof startWizard>['actor']) => {
    const events: DesignCheckEmitted[] = [];
    actor.on('open.check', (event) => void events.push(event as unknown as DesignCheckEmitted));
    return events;
  };

  it('is refused on step 1 and while the design cannot be generated, changing nothing, with the reason', () => {
    const { actor, send, snap } = startWizard({ viewer: admin });
    const events = opened(actor);
    choose(send, { problem: guessing });
    expect(snap().can(checkThisDesign.event())).toBe(false);
    expect(availability(snap(), checkThisDesign, undefined).reason).toBe(LEAK_CHECK_VIEW_TEXTS.chooseParts);
    let before = snap();
    actor.send(checkThisDesign.event());
    expect(snap()).toBe(before);

    send({ type: 'wizard.next' });
    expect(snap().value).toBe('Edit');
    expect(snap().can(checkThisDesign.event())).toBe(false);
    expect(availability(snap(), checkThisDesign, undefined).reason).toBe(LEAK_CHECK_VIEW_TEXTS.notGenerated);
    before = snap();
    actor.send(checkThisDesign.event());
    expect(snap()).toBe(before);
    expect(events).toEqual([]);
  });

  it('on steps 2 and 3 with a generated design, asks to open the check of the design as Try sends it', () => {
    const { actor, send, snap } = startWizard({ viewer: admin });
    const events = opened(actor);
    choose(send);
    send({ type: 'wizard.next' });
    expect(snap().can(checkThisDesign.event())).toBe(true);
    actor.send(checkThisDesign.event());
    expect(events).toEqual([{ type: 'open.check', ...designToCheck(snap())! }]);

    send({ type: 'wizard.next' });
    send({ type: 'name.change', key: 'leia', value: 'Library' });
    expect(snap().can(checkThisDesign.event())).toBe(true);
    actor.send(checkThisDesign.event());
    expect(events[1]).toMatchObject({ type: 'open.check', name: 'Library' });
  });
});
