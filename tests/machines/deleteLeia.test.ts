import { canConfirm, confirmMismatch, isDeleting } from '@machines/deleteDialog';
import { DELETE_LEIA_INPUT, deleteLeiaMachine, openDeleteLeia } from '@machines/deleteLeia';
import type { LeiaListItem } from '@shared/schemas/leias';
import { createActor, fromPromise } from 'xstate';

/** The delete dialog as the Search screen uses it: LEIA targets and section 8's LEIA texts. */

const leia: LeiaListItem = {
  id: '00000000-0000-4000-8000-000000000001',
  metadata: { name: 'Bank interview', version: '1.2.0' },
  isPublished: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  user: { id: 'u-1', email: 'a@b.co', role: 'instructor' },
  description: 'A bank',
  parts: { persona: 'p', problem: 'q', behaviour: 'b' },
};

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const start = (outcome: { error?: unknown } = {}) => {
  const deleted: string[] = [];
  const deleteItem = fromPromise<unknown, { target: LeiaListItem }>(async ({ input }) => {
    if (outcome.error) throw outcome.error;
    deleted.push(input.target.id);
  });
  const onDeleted = vi.fn();
  const actor = createActor(deleteLeiaMachine.provide({ actors: { deleteItem }, actions: { onDeleted } }), {
    input: DELETE_LEIA_INPUT,
  }).start();
  actor.send(openDeleteLeia(leia));
  const confirmWith = async (typed = 'Bank interview') => {
    actor.send({ type: 'dialog.type', value: typed });
    actor.send({ type: 'dialog.confirm' });
    await flush();
  };
  return { actor, deleted, onDeleted, confirmWith, snap: () => actor.getSnapshot() };
};

describe('Delete LEIA dialog (deleteDialog with the LEIA texts)', () => {
  it('expects the LEIA name; shows the mismatch message until it is typed exactly', () => {
    const { actor, snap } = start();
    expect(snap().context.expected).toBe('Bank interview');
    actor.send({ type: 'dialog.type', value: 'bank interview' });
    expect(confirmMismatch(snap())).toBe('Name doesn\'t match. Type "Bank interview" exactly.');
    expect(canConfirm(snap())).toBe(false);
    actor.send({ type: 'dialog.type', value: 'Bank interview' });
    expect(canConfirm(snap())).toBe(true);
  });

  it('deletes, closes at once and hands the LEIA to onDeleted (toast + reload)', async () => {
    const { snap, deleted, onDeleted, actor } = start();
    actor.send({ type: 'dialog.type', value: 'Bank interview' });
    actor.send({ type: 'dialog.confirm' });
    expect(isDeleting(snap())).toBe(true);
    await flush();
    expect(deleted).toEqual([leia.id]);
    expect(snap().value).toBe('Closed');
    expect(onDeleted).toHaveBeenCalledTimes(1);
    expect(onDeleted.mock.calls[0]![1]).toEqual({ target: leia });
  });

  it.each([
    [{ status: 403, message: 'Forbidden' }, 'You do not have permission to delete this LEIA'],
    [{ status: 404, message: 'gone' }, 'LEIA not found'],
    [{ status: 409, message: 'Server says no' }, 'Server says no'],
    [{ status: 500 }, 'An error occurred while deleting the resource'],
    [{}, 'An error occurred while deleting the resource'],
  ])('a failure %j shows %s and keeps the dialog open', async (error, message) => {
    const { snap, confirmWith, onDeleted } = start({ error });
    await confirmWith();
    expect(snap().value).toEqual({ Open: 'Editing' });
    expect(snap().context.error).toEqual({ message });
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('a 400 in-use conflict names the activities, with the plural that agrees', async () => {
    const data = [
      { id: 'e-1', name: 'Week 1' },
      { id: 'e-2', name: 'Week 2' },
    ];
    const { snap, confirmWith } = start({
      error: {
        status: 400,
        message: 'Cannot delete LEIA: it is being used in 2 activities: Week 1, Week 2.',
        data,
      },
    });
    await confirmWith();
    expect(snap().context.error).toEqual({
      message: 'Cannot delete LEIA: it is being used in 2 activities: Week 1, Week 2.',
      dependents: data,
    });
  });

  it('one activity is one activity; past ten, the rest are counted', async () => {
    const one = start({ error: { status: 400, message: 'x', data: [{ id: 'e-1', name: 'Week 1' }] } });
    await one.confirmWith();
    expect(one.snap().context.error?.message).toBe(
      'Cannot delete LEIA: it is being used in 1 activity: Week 1.',
    );
    const data = Array.from({ length: 12 }, (_, i) => ({ id: `e-${i}`, name: `W${i + 1}` }));
    const many = start({ error: { status: 400, message: 'x', data } });
    await many.confirmWith();
    expect(many.snap().context.error?.message).toBe(
      'Cannot delete LEIA: it is being used in 12 activities: W1, W2, W3, W4, W5, W6, W7, W8, W9, W10 and 2 more.',
    );
  });
});
