import { NAME_CHECK_DEBOUNCE_MS } from '@machines/nameCheck';
import { NAME_TEXTS } from '@machines/wizard/names';
import { isCheckingName, madePublic, nameFields, visibilityOf } from '@machines/wizard/selectors';
import { admin, advanced, choose, flush, grace, instructor, startWizard } from './fixtures';

const errors = (snap: Parameters<typeof nameFields>[0]) =>
  Object.fromEntries(nameFields(snap).map(({ key, field }) => [key, field.error]));

/** At step 3 with the persona (and optionally the problem) edited. */
const atStep3 = (options: Parameters<typeof startWizard>[1] = {}, viewer = admin, editProblem = false) => {
  const wizard = startWizard({ viewer }, options);
  choose(wizard.send);
  wizard.send({ type: 'wizard.next' });
  wizard.send({ type: 'part.save', kind: 'persona', spec: { fullName: 'Mary Shelley' }, apiVersion: 'v1' });
  if (editProblem) {
    wizard.send({ type: 'part.save', kind: 'problem', spec: { description: 'A zoo' }, apiVersion: 'v1' });
  }
  wizard.send({ type: 'wizard.next' });
  return wizard;
};

describe('wizard machine: names (step 3)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks a name after a pause in typing, once, and shows "Name already exists"', async () => {
    vi.useFakeTimers();
    const { send, snap, calls } = atStep3({ exists: { Taken: true } });
    send({ type: 'name.change', key: 'leia', value: 'Ta' });
    send({ type: 'name.change', key: 'leia', value: 'Taken ' });
    expect(isCheckingName(snap(), 'leia')).toBe(true);
    await vi.advanceTimersByTimeAsync(NAME_CHECK_DEBOUNCE_MS - 1);
    expect(calls.exists).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.exists).toEqual(['leia:Taken']);
    expect(errors(snap())).toEqual({ leia: NAME_TEXTS.exists, persona: null });
    expect(isCheckingName(snap(), 'leia')).toBe(false);
  });

  it('an error clears as soon as the field is edited; a failed check says so', async () => {
    vi.useFakeTimers();
    const { send, snap } = atStep3({ exists: { Taken: true, Broken: new Error('offline') } });
    send({ type: 'name.change', key: 'persona', value: 'Taken' });
    await vi.advanceTimersByTimeAsync(NAME_CHECK_DEBOUNCE_MS);
    expect(errors(snap()).persona).toBe(NAME_TEXTS.exists);
    send({ type: 'name.change', key: 'persona', value: 'Broken' });
    expect(errors(snap()).persona).toBeNull();
    await vi.advanceTimersByTimeAsync(NAME_CHECK_DEBOUNCE_MS);
    expect(errors(snap()).persona).toBe(NAME_TEXTS.checkFailed);
  });

  it('a late answer about an older name is ignored', () => {
    const { send, snap } = atStep3();
    send({ type: 'name.change', key: 'leia', value: 'New' });
    send({ type: 'name.checked', key: 'leia', name: 'Old', exists: true });
    expect(errors(snap()).leia).toBeNull();
  });

  it('a name the shared rule refuses is flagged at once, without asking the server', () => {
    const { send, snap, calls } = atStep3();
    send({ type: 'name.change', key: 'leia', value: 'x'.repeat(121) });
    expect(errors(snap()).leia).toBe('Name must be at most 120 characters');
    expect(isCheckingName(snap(), 'leia')).toBe(false);
    expect(calls.exists).toEqual([]);
  });

  it('Finish with blank names shows "Name is required" on each and stays', () => {
    const { send, snap, calls } = atStep3();
    send({ type: 'name.change', key: 'leia', value: '   ' });
    send({ type: 'wizard.finish' });
    expect(snap().value).toEqual({ Create: 'Naming' });
    expect(errors(snap())).toEqual({ leia: NAME_TEXTS.required, persona: NAME_TEXTS.required });
    expect(calls.createResource).toEqual([]);
    // The first field in error takes the focus; asked again, a new request (the view moves it again).
    const first = snap().context.focus;
    expect(first).toEqual({ key: 'leia', field: 'name' });
    send({ type: 'name.change', key: 'leia', value: 'Zoo interview' });
    send({ type: 'wizard.finish' });
    expect(snap().context.focus).toEqual({ key: 'persona', field: 'name' });
  });

  it('Finish with a field error does nothing but focus it', () => {
    const { send, snap } = atStep3();
    send({ type: 'name.change', key: 'leia', value: 'A' });
    send({ type: 'name.change', key: 'persona', value: 'B' });
    send({ type: 'name.checked', key: 'leia', name: 'A', exists: true });
    send({ type: 'wizard.finish' });
    expect(snap().value).toEqual({ Create: 'Naming' });
    expect(snap().context.focus).toEqual({ key: 'leia', field: 'name' });
  });
});

describe('wizard machine: Finish', () => {
  it('checks the names again, creates the edited parts cleaned up (each records the part it was edited from), then the LEIA with their ids', async () => {
    const { send, snap, calls } = atStep3({}, admin, true);
    send({ type: 'name.change', key: 'leia', value: ' Zoo interview ' });
    send({ type: 'name.change', key: 'persona', value: 'Mary' });
    send({ type: 'name.change', key: 'problem', value: 'Zoo' });
    send({ type: 'wizard.finish' });
    expect(snap().value).toEqual({ Create: { Finishing: 'Verifying' } });
    expect(snap().hasTag('loading')).toBe(true);
    await flush();
    await flush();
    expect(calls.exists.sort()).toEqual(['leia:Zoo interview', 'persona:Mary', 'problem:Zoo']);
    expect(calls.createResource).toEqual([
      {
        kind: 'persona',
        body: {
          apiVersion: 'v1',
          metadata: { name: 'Mary', version: '1.0.0' },
          spec: { fullName: 'Mary Shelley' },
          derivedFrom: 'p-ada',
        },
        publish: false,
      },
      {
        kind: 'problem',
        body: {
          apiVersion: 'v1',
          metadata: { name: 'Zoo', version: '1.0.0' },
          spec: { description: 'A zoo' },
          derivedFrom: 'q-library',
        },
        publish: false,
      },
    ]);
    expect(calls.createLeia).toEqual([
      {
        body: {
          metadata: { name: 'Zoo interview', version: '1.0.0' },
          spec: { persona: 'new-persona-1', problem: 'new-problem-2', behaviour: 'b-int' },
        },
        publish: false,
      },
    ]);
    expect(calls.finished).toEqual([{ id: 'leia-1', name: 'Zoo interview' }]);
    expect(snap().status).toBe('done');
  });

  it('Finish stops on a name found taken by the check it makes again', async () => {
    const { send, snap, calls } = atStep3({ exists: { Mary: true } });
    send({ type: 'name.change', key: 'leia', value: 'Zoo' });
    send({ type: 'name.change', key: 'persona', value: 'Mary' });
    send({ type: 'wizard.finish' }); // before the typing check has run
    await flush();
    expect(snap().value).toEqual({ Create: 'Naming' });
    expect(errors(snap())).toEqual({ leia: null, persona: NAME_TEXTS.exists });
    expect(calls.createResource).toEqual([]);
  });

  it('a failed part stops with its text; the next Finish never creates a created part twice', async () => {
    const { send, snap, calls } = atStep3(
      { created: [{ id: 'made-persona' }, new Error('boom')] },
      admin,
      true,
    );
    send({ type: 'name.change', key: 'leia', value: 'Zoo interview' });
    send({ type: 'name.change', key: 'persona', value: 'Mary' });
    send({ type: 'name.change', key: 'problem', value: 'Zoo' });
    send({ type: 'wizard.finish' });
    await flush();
    await flush();
    expect(snap().value).toEqual({ Create: 'Naming' });
    expect(snap().context.pageError).toEqual({
      message: 'Failed to create problem resource',
      detail: 'boom',
    });
    expect(calls.createLeia).toEqual([]);

    calls.exists.length = 0;
    send({ type: 'wizard.finish' });
    await flush();
    await flush();
    // The persona is ours now: its name is not checked again, nor is it created again.
    expect(calls.exists.sort()).toEqual(['leia:Zoo interview', 'problem:Zoo']);
    expect(calls.createResource.map(({ kind }) => kind)).toEqual(['persona', 'problem', 'problem']);
    expect(calls.createLeia[0]?.body.spec).toEqual({
      persona: 'made-persona',
      problem: 'new-problem-3',
      behaviour: 'b-int',
    });
    expect(snap().status).toBe('done');
  });

  it("a failed LEIA says 'Failed to create LEIA' with the server's message; a part renamed is created again", async () => {
    const conflict = Object.assign(new Error('409'), {
      status: 409,
      message: 'A LEIA named "Zoo" with version 1.0.0 already exists',
    });
    const { send, snap, calls } = atStep3({ leias: [conflict] });
    send({ type: 'name.change', key: 'leia', value: 'Zoo' });
    send({ type: 'name.change', key: 'persona', value: 'Mary' });
    send({ type: 'wizard.finish' });
    await flush();
    await flush();
    expect(snap().context.pageError).toEqual({
      message: 'Failed to create LEIA',
      detail: 'A LEIA named "Zoo" with version 1.0.0 already exists',
    });
    send({ type: 'name.change', key: 'persona', value: 'Mary 2' });
    send({ type: 'wizard.finish' });
    expect(snap().context.pageError).toBeNull();
    await flush();
    await flush();
    expect(calls.createResource.map(({ body }) => body.metadata.name)).toEqual(['Mary', 'Mary 2']);
    expect(snap().status).toBe('done');
  });

  it('non-admins send no publish flag', async () => {
    const { send, calls } = atStep3({}, advanced);
    send({ type: 'name.change', key: 'leia', value: 'L' });
    send({ type: 'name.change', key: 'persona', value: 'P' });
    send({ type: 'wizard.finish' });
    await flush();
    await flush();
    expect(calls.createResource[0]?.publish).toBeUndefined();
    expect(calls.createLeia[0]?.publish).toBeUndefined();
  });
});

describe('wizard machine: visibility (admins)', () => {
  it('is private by default; a public LEIA forces and locks every new part public and lists what changes', async () => {
    const { send, snap, calls } = startWizard({ viewer: admin });
    choose(send, { persona: grace }); // grace is unpublished
    send({ type: 'wizard.next' });
    send({ type: 'part.save', kind: 'problem', spec: { description: 'A zoo' }, apiVersion: 'v1' });
    send({ type: 'wizard.next' });
    expect(visibilityOf(snap(), 'problem')).toEqual({ isPublic: false, locked: false });
    expect(madePublic(snap())).toEqual([]);
    send({ type: 'visibility.set', key: 'leia', value: true });
    expect(visibilityOf(snap(), 'problem')).toEqual({ isPublic: true, locked: true });
    expect(madePublic(snap())).toEqual([
      { kind: 'persona', name: 'Grace', isNew: false },
      { kind: 'problem', name: 'Library', isNew: true },
    ]);
    send({ type: 'visibility.set', key: 'problem', value: false }); // locked: ignored
    expect(visibilityOf(snap(), 'problem').isPublic).toBe(true);
    send({ type: 'name.change', key: 'leia', value: 'L' });
    send({ type: 'name.change', key: 'problem', value: 'Q' });
    send({ type: 'wizard.finish' });
    await flush();
    await flush();
    expect(calls.createResource[0]?.publish).toBe(true);
    expect(calls.createLeia[0]?.publish).toBe(true);
  });

  it('a per-kind toggle publishes just that part; non-admins cannot set any', () => {
    const { send, snap } = atStep3();
    send({ type: 'visibility.set', key: 'persona', value: true });
    expect(visibilityOf(snap(), 'persona')).toEqual({ isPublic: true, locked: false });
    expect(visibilityOf(snap(), 'leia').isPublic).toBe(false);
    const other = atStep3({}, instructor);
    other.send({ type: 'visibility.set', key: 'leia', value: true });
    expect(other.snap().context.visibility).toEqual({});
  });
});
