import { nameCheckMachine } from '@machines/nameCheck';
import type { WizardInput } from '@machines/wizard/contract';
import { wizardMachine } from '@machines/wizard/machine';
import { saveAsFields, wizardDraft } from '@machines/wizard/selectors';
import { HISTORY_TEXTS } from '@shared/schemas/history';
import { createActor, fromPromise } from 'xstate';
import { ada, admin, flush, instructor, interviewee, library, startWizard } from './fixtures';

/** Issue 13: step 3 saves each item under a new name or as a new version, with a change note. */

const adminViewer = { ...admin, actor: { id: 'u-admin', role: 'admin' as const } };
const teacherViewer = { ...instructor, actor: { id: 'u-teacher', role: 'instructor' as const } };
const source = {
  id: 'leia-source',
  name: 'Library interview',
  version: '1.0.0',
  user: { id: 'u-admin', email: 'admin@leia.local', role: 'admin' as const },
};
const preset = { persona: ada, problem: library, behaviour: interviewee };

/** From 'Design from this' to step 3 with the problem edited. */
const designedFrom = (input: Partial<WizardInput> = {}, options: Parameters<typeof startWizard>[1] = {}) => {
  const wizard = startWizard({ viewer: adminViewer, preset, source, ...input }, options);
  wizard.send({
    type: 'part.save',
    kind: 'problem',
    spec: { description: 'A riverside library' },
    apiVersion: 'v1',
  });
  wizard.send({ type: 'wizard.next' });
  return wizard;
};

const fieldOf = (snap: Parameters<typeof saveAsFields>[0], key: string) =>
  saveAsFields(snap).find((field) => field.key === key)!;

describe('wizard machine: New name or New version (step 3)', () => {
  it("offers 'New version of {name}' for the LEIA designed from and the edited part; New name by default", () => {
    const { snap } = designedFrom();
    expect(saveAsFields(snap()).map(({ key, versionOf, mode }) => ({ key, versionOf, mode }))).toEqual([
      { key: 'leia', versionOf: 'Library interview', mode: 'name' },
      { key: 'problem', versionOf: 'Library', mode: 'name' },
    ]);
    expect(fieldOf(snap(), 'problem').bump).toBe('minor');
    expect(fieldOf(snap(), 'problem').bumps).toEqual([
      { bump: 'patch', version: '1.0.1' },
      { bump: 'minor', version: '1.1.0' },
      { bump: 'major', version: '2.0.0' },
    ]);
  });

  it('a new version sends the same name with the bumped version, its note and where it came from; no name is asked', async () => {
    const { send, calls } = designedFrom();
    send({ type: 'saveAs.mode', key: 'problem', mode: 'version' });
    send({ type: 'note.change', key: 'problem', value: '  Riverside branch  ' });
    send({ type: 'saveAs.mode', key: 'leia', mode: 'version' });
    send({ type: 'saveAs.bump', key: 'leia', bump: 'major' });
    send({ type: 'wizard.finish' });
    await flush();
    await flush();
    expect(calls.exists).toEqual([]);
    expect(calls.createResource).toEqual([
      {
        kind: 'problem',
        body: {
          apiVersion: 'v1',
          metadata: { name: 'Library', version: '1.1.0' },
          spec: { description: 'A riverside library' },
          note: 'Riverside branch',
          derivedFrom: 'q-library',
        },
        publish: false,
      },
    ]);
    expect(calls.createLeia).toEqual([
      {
        body: {
          metadata: { name: 'Library interview', version: '2.0.0' },
          spec: { persona: 'p-ada', problem: 'new-problem-1', behaviour: 'b-int' },
          derivedFrom: 'leia-source',
        },
        publish: false,
      },
    ]);
    expect(calls.finished).toEqual([{ id: 'leia-1', name: 'Library interview' }]);
  });

  it('a design from a LEIA under a new name still records the LEIA it came from', async () => {
    const { send, calls } = designedFrom();
    send({ type: 'name.change', key: 'leia', value: 'Night library' });
    send({ type: 'name.change', key: 'problem', value: 'Night booking' });
    send({ type: 'note.change', key: 'leia', value: 'For the night shift' });
    send({ type: 'wizard.finish' });
    await flush();
    await flush();
    expect(calls.createResource[0]?.body).toMatchObject({
      metadata: { name: 'Night booking', version: '1.0.0' },
      derivedFrom: 'q-library',
    });
    expect(calls.createLeia[0]?.body).toEqual({
      metadata: { name: 'Night library', version: '1.0.0' },
      spec: { persona: 'p-ada', problem: 'new-problem-1', behaviour: 'b-int' },
      note: 'For the night shift',
      derivedFrom: 'leia-source',
    });
  });

  it('bumps from the latest visible version of the name, which step 3 asks for', async () => {
    const requests: unknown[] = [];
    const actor = createActor(
      wizardMachine.provide({
        actors: {
          nameCheck: nameCheckMachine.provide({ actors: { nameExists: fromPromise(async () => false) } }),
          loadLatest: fromPromise(async ({ input }) => {
            requests.push(input);
            return { problem: { version: '1.3.0', user: source.user } };
          }),
        },
      }),
      { input: { viewer: adminViewer, preset, source } },
    ).start();
    actor.send({ type: 'part.save', kind: 'problem', spec: { description: 'B' }, apiVersion: 'v1' });
    actor.send({ type: 'wizard.next' });
    expect(requests).toEqual([
      [
        { key: 'leia', kind: 'leia', id: 'leia-source' },
        { key: 'problem', kind: 'problem', id: 'q-library' },
      ],
    ]);
    await flush();
    expect(fieldOf(actor.getSnapshot(), 'problem').bumps.map((b) => b.version)).toEqual([
      '1.3.1',
      '1.4.0',
      '2.0.0',
    ]);
    // The LEIA had no answer: its own version is the base.
    expect(fieldOf(actor.getSnapshot(), 'leia').bumps[1]?.version).toBe('1.1.0');
  });

  it("an instructor may version only what they own, and the latest version's owner decides", async () => {
    const own = { ...library, user: { id: 'u-teacher', email: 't@x.io', role: 'instructor' as const } };
    const { send, snap } = startWizard({
      viewer: teacherViewer,
      preset: { persona: ada, problem: own, behaviour: interviewee },
      source,
    });
    send({ type: 'part.save', kind: 'problem', spec: { description: 'Mine' }, apiVersion: 'v1' });
    send({ type: 'part.save', kind: 'persona', spec: { fullName: 'Mary' }, apiVersion: 'v1' });
    send({ type: 'wizard.next' });
    expect(saveAsFields(snap()).map(({ key, versionOf }) => [key, versionOf])).toEqual([
      ['leia', null],
      ['persona', null],
      ['problem', 'Library'],
    ]);
    send({ type: 'saveAs.mode', key: 'leia', mode: 'version' });
    send({ type: 'saveAs.mode', key: 'persona', mode: 'version' });
    expect(fieldOf(snap(), 'leia').mode).toBe('name');
    expect(fieldOf(snap(), 'persona').mode).toBe('name');
    send({ type: 'saveAs.mode', key: 'problem', mode: 'version' });
    expect(fieldOf(snap(), 'problem').mode).toBe('version');
  });

  it('a note over 500 characters says so and stops Finish; back to New name asks for the name again', () => {
    const { send, snap, calls } = designedFrom();
    send({ type: 'saveAs.mode', key: 'leia', mode: 'version' });
    send({ type: 'saveAs.mode', key: 'problem', mode: 'version' });
    send({ type: 'note.change', key: 'problem', value: 'x'.repeat(501) });
    expect(fieldOf(snap(), 'problem').note.error).toBe(HISTORY_TEXTS.noteTooLong);
    send({ type: 'wizard.finish' });
    expect(snap().value).toEqual({ Create: 'Naming' });
    send({ type: 'note.change', key: 'problem', value: 'Short' });
    expect(fieldOf(snap(), 'problem').note.error).toBeNull();
    send({ type: 'saveAs.mode', key: 'problem', mode: 'name' });
    send({ type: 'wizard.finish' });
    expect(snap().value).toEqual({ Create: 'Naming' });
    expect(snap().context.names.problem?.error).toBe('Name is required');
    expect(snap().context.names.leia?.error ?? null).toBeNull();
    expect(calls.createResource).toEqual([]);
  });

  it('the draft keeps the source, the choices and the notes, and a kept draft brings them back', () => {
    const { send, snap } = designedFrom();
    send({ type: 'saveAs.mode', key: 'problem', mode: 'version' });
    send({ type: 'note.change', key: 'problem', value: 'Riverside' });
    const draft = wizardDraft(snap())!;
    expect(draft).toMatchObject({
      source,
      saveAs: { problem: { mode: 'version', bump: 'minor' } },
      notes: { problem: 'Riverside' },
    });
    const again = startWizard({ viewer: adminViewer, draft });
    expect(fieldOf(again.snap(), 'problem')).toMatchObject({ mode: 'version', note: { value: 'Riverside' } });
    expect(again.snap().context.source).toEqual(source);
  });

  it('a design without a source offers no version of the LEIA, and keeps no source in its draft', () => {
    const { send, snap } = startWizard({ viewer: adminViewer, preset });
    send({ type: 'wizard.next' });
    expect(fieldOf(snap(), 'leia').versionOf).toBeNull();
    expect(wizardDraft(snap())).not.toHaveProperty('source');
  });
});
