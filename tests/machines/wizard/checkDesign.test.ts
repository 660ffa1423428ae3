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
