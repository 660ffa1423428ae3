import {
  ACTIVITY_IMPORT_TEXTS,
  activityImportMachine,
  hasImportEdits,
  importDialog,
  isImportDialogOpen,
  isImporting,
} from '@machines/activityImport';
import type { Activity, ActivityExport } from '@shared/schemas/activities';
import { createActor, fromPromise } from 'xstate';

const LEIA_ID = '00000000-0000-4000-8000-000000000001';
const file: ActivityExport = {
  format: 'leia-activity',
  version: 1,
  name: 'Week 1',
  leias: [{ leia: { id: LEIA_ID, name: 'Bakery', version: '1.0.0' }, configuration: { mode: 'standard' } }],
};
const activityNamed = (name: string) => ({ id: 'a-1', name }) as Activity;

const start = ({
  text = JSON.stringify(file),
  read = async () => text,
  send = async (body: ActivityExport): Promise<Activity> => activityNamed(body.name),
  taken = [],
}: {
  text?: string;
  read?: () => Promise<string>;
  send?: (body: ActivityExport) => Promise<Activity>;
  taken?: string[];
} = {}) => {
  const notify = vi.fn();
  const imported = vi.fn();
  const sent: ActivityExport[] = [];
  const actor = createActor(
    activityImportMachine.provide({
      actors: {
        readText: fromPromise(read),
        importActivity: fromPromise(({ input }) => {
          sent.push(input);
          return send(input);
        }),
      },
      actions: { notify: (_, notice) => notify(notice), imported: (_, output) => imported(output) },
    }),
  ).start();
  actor.send({ type: 'import.file', file: new Blob(['ignored']), taken });
  const settled = () => vi.waitFor(() => expect(actor.getSnapshot().value).toBe('Idle'));
  const naming = () => vi.waitFor(() => expect(actor.getSnapshot().value).toBe('Naming'));
  return { actor, notify, imported, sent, settled, naming };
};

describe('activityImport machine', () => {
  it("reads and checks an export, asks for its name (the file's), sends it; the list is told and a toast says so", async () => {
    const { actor, notify, imported, sent, settled, naming } = start();
    expect(isImporting(actor.getSnapshot())).toBe(true);
    await naming();
    expect(isImportDialogOpen(actor.getSnapshot())).toBe(true);
    expect(importDialog(actor.getSnapshot())).toMatchObject({
      name: 'Week 1',
      nameError: null,
      takenFileName: null,
    });
    expect(sent).toEqual([]);
    actor.send({ type: 'import.confirm' });
    await settled();
    expect(sent).toEqual([file]);
    expect(imported).toHaveBeenCalledWith(activityNamed('Week 1'));
    expect(notify).toHaveBeenCalledWith({
      tone: 'success',
      message: ACTIVITY_IMPORT_TEXTS.imported('Week 1'),
    });
    expect(isImporting(actor.getSnapshot())).toBe(false);
    expect(isImportDialogOpen(actor.getSnapshot())).toBe(false);
  });

  it('offers the next free name when the name is taken, and sends the name as the user edited it', async () => {
    const { actor, sent, settled, naming } = start({ taken: ['Week 1', 'Week 1 (2)'] });
    await naming();
    expect(importDialog(actor.getSnapshot())).toMatchObject({ name: 'Week 1 (3)', takenFileName: 'Week 1' });
    actor.send({ type: 'import.name', name: 'Week 1' });
    expect(importDialog(actor.getSnapshot()).nameError).toBe('An activity named "Week 1" already exists');
    actor.send({ type: 'import.confirm' });
    expect(actor.getSnapshot().value).toBe('Naming');
    actor.send({ type: 'import.name', name: '  ' });
    expect(importDialog(actor.getSnapshot()).nameError).toBe('Activity name is required');
    actor.send({ type: 'import.name', name: '  Week 1 again ' });
    actor.send({ type: 'import.confirm' });
    await settled();
    expect(sent).toEqual([{ ...file, name: 'Week 1 again' }]);
  });

  it("a name the server refuses (someone else's activity) keeps the dialog open with its reason and the next name", async () => {
    const refused = () =>
      Promise.reject({ status: 409, message: 'An activity named "Week 1" already exists' });
    const { actor, sent, naming } = start({ send: refused });
    await naming();
    actor.send({ type: 'import.confirm' });
    await vi.waitFor(() => expect(importDialog(actor.getSnapshot()).refusal).not.toBeNull());
    expect(actor.getSnapshot().value).toBe('Naming');
    expect(importDialog(actor.getSnapshot())).toMatchObject({
      name: 'Week 1 (2)',
      refusal: 'An activity named "Week 1" already exists',
    });
    expect(sent).toHaveLength(1);
    actor.send({ type: 'import.name', name: 'Week 1 (2) b' });
    expect(importDialog(actor.getSnapshot()).refusal).toBeNull();
  });

  it('a name typed over is an edit (closing asks); the name it offered, again after a refusal, is not', async () => {
    const refused = () => Promise.reject({ status: 409, message: 'Taken' });
    const { actor, naming } = start({ send: refused });
    await naming();
    expect(hasImportEdits(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'import.name', name: 'Week 1 b' });
    expect(hasImportEdits(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'import.name', name: 'Week 1' });
    expect(hasImportEdits(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'import.confirm' });
    await vi.waitFor(() => expect(importDialog(actor.getSnapshot()).refusal).not.toBeNull());
    expect(importDialog(actor.getSnapshot()).name).toBe('Week 1 (2)');
    expect(hasImportEdits(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'import.cancel' });
    expect(hasImportEdits(actor.getSnapshot())).toBe(false);
  });

  it('Cancel closes the dialog and sends nothing', async () => {
    const { actor, sent, notify, naming } = start();
    await naming();
    actor.send({ type: 'import.cancel' });
    expect(actor.getSnapshot().value).toBe('Idle');
    expect(sent).toEqual([]);
    expect(notify).not.toHaveBeenCalled();
  });

  it.each([
    ['not JSON', '{', 'Invalid JSON format'],
    ['another JSON file', '{"hello":1}', 'This is not an activity export (format leia-activity, version 1)'],
    [
      'an export with a bad LEIA id',
      JSON.stringify({
        ...file,
        leias: [{ ...file.leias[0], leia: { id: 'x', name: 'B', version: '1.0.0' } }],
      }),
      'leias.0.leia.id: ',
    ],
  ])('never sends %s, and names the problem', async (_, text, reason) => {
    const { notify, sent, settled, imported } = start({ text });
    await settled();
    expect(sent).toEqual([]);
    expect(imported).not.toHaveBeenCalled();
    expect(notify.mock.calls[0]?.[0].tone).toBe('error');
    expect(notify.mock.calls[0]?.[0].message).toContain(ACTIVITY_IMPORT_TEXTS.failed(reason));
  });

  it('a file that cannot be read says so', async () => {
    const { notify, sent, settled } = start({ read: () => Promise.reject(new Error('gone')) });
    await settled();
    expect(sent).toEqual([]);
    expect(notify).toHaveBeenCalledWith({
      tone: 'error',
      message: ACTIVITY_IMPORT_TEXTS.failed(ACTIVITY_IMPORT_TEXTS.unreadable),
    });
  });

  it("shows the server's message on 404 (a LEIA that is gone), a default one when the server says nothing", async () => {
    const refusalOf = async (send: () => Promise<Activity>) => {
      const { actor, naming } = start({ send });
      await naming();
      actor.send({ type: 'import.confirm' });
      await vi.waitFor(() => expect(importDialog(actor.getSnapshot()).refusal).not.toBeNull());
      return importDialog(actor.getSnapshot()).refusal;
    };
    expect(await refusalOf(() => Promise.reject({ status: 404, message: 'LEIA not found' }))).toBe(
      ACTIVITY_IMPORT_TEXTS.failed('LEIA not found'),
    );
    expect(await refusalOf(() => Promise.reject({ status: 503 }))).toBe(
      ACTIVITY_IMPORT_TEXTS.failed(ACTIVITY_IMPORT_TEXTS.serverFailed),
    );
  });
});
