import { ACTIVITY_IMPORT_TEXTS, activityImportMachine, isImporting } from '@machines/activityImport';
import type { Activity, ActivityExport } from '@shared/schemas/activities';
import { createActor, fromPromise } from 'xstate';

const LEIA_ID = '00000000-0000-4000-8000-000000000001';
const file: ActivityExport = {
  format: 'leia-activity',
  version: 1,
  name: 'Week 1',
  leias: [{ leia: { id: LEIA_ID, name: 'Bakery', version: '1.0.0' }, configuration: { mode: 'standard' } }],
};
const activity = { id: 'a-1', name: 'Week 1' } as Activity;

const start = ({
  text = JSON.stringify(file),
  read = async () => text,
  send = async (_: ActivityExport): Promise<Activity> => activity,
}: {
  text?: string;
  read?: () => Promise<string>;
  send?: (body: ActivityExport) => Promise<Activity>;
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
  actor.send({ type: 'import.file', file: new Blob(['ignored']) });
  const settled = () => vi.waitFor(() => expect(actor.getSnapshot().value).toBe('Idle'));
  return { actor, notify, imported, sent, settled };
};

describe('activityImport machine', () => {
  it('reads, checks and sends an export; the list is told and a toast says so', async () => {
    const { actor, notify, imported, sent, settled } = start();
    expect(isImporting(actor.getSnapshot())).toBe(true);
    await settled();
    expect(sent).toEqual([file]);
    expect(imported).toHaveBeenCalledWith(activity);
    expect(notify).toHaveBeenCalledWith({
      tone: 'success',
      message: ACTIVITY_IMPORT_TEXTS.imported('Week 1'),
    });
    expect(isImporting(actor.getSnapshot())).toBe(false);
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
    const gone = start({ send: () => Promise.reject({ status: 404, message: 'LEIA not found' }) });
    await gone.settled();
    expect(gone.notify).toHaveBeenCalledWith({
      tone: 'error',
      message: ACTIVITY_IMPORT_TEXTS.failed('LEIA not found'),
    });
    const down = start({ send: () => Promise.reject({ status: 503 }) });
    await down.settled();
    expect(down.notify).toHaveBeenCalledWith({
      tone: 'error',
      message: ACTIVITY_IMPORT_TEXTS.failed(ACTIVITY_IMPORT_TEXTS.serverFailed),
    });
  });
});
