import { DELETE_RESOURCE_INPUT, deleteResourceMachine, openDeleteResource } from '@machines/deleteResource';
import { createActor, fromPromise } from 'xstate';
import { ada } from './wizard/fixtures';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const attempt = async (error: unknown) => {
  const onDeleted = vi.fn();
  const actor = createActor(
    deleteResourceMachine.provide({
      actors: { deleteItem: fromPromise(() => (error ? Promise.reject(error) : Promise.resolve())) },
      actions: { onDeleted },
    }),
    { input: DELETE_RESOURCE_INPUT },
  ).start();
  actor.send(openDeleteResource('persona', ada));
  actor.send({ type: 'dialog.type', value: 'Ada' });
  actor.send({ type: 'dialog.confirm' });
  await flush();
  return { snap: actor.getSnapshot(), onDeleted };
};

describe('resource delete dialog', () => {
  it('opens on a card with the name to type, and closes at once after a delete', async () => {
    const { snap, onDeleted } = await attempt(null);
    expect(snap.value).toBe('Closed');
    expect(onDeleted).toHaveBeenCalledWith(expect.anything(), {
      target: { id: ada.id, kind: 'persona', name: 'Ada', version: '1.0.0', createdAt: ada.createdAt },
    });
  });

  it.each([
    [{ status: 403 }, "You don't have permission to delete this resource"],
    [{ status: 404 }, 'Resource not found'],
    [{ status: 500 }, 'An error occurred while deleting the resource'],
    [{ status: 409, message: 'Something else' }, 'Something else'],
  ])('%o: %s', async (error, message) => {
    const { snap } = await attempt(error);
    expect(snap.context.error).toEqual({ message });
  });

  it('a resource in use lists the LEIAs that use it', async () => {
    const data = [
      { id: 'l1', name: 'Bank' },
      { id: 'l2', name: 'Zoo' },
    ];
    const { snap } = await attempt({ status: 400, message: 'x', data });
    expect(snap.context.error).toEqual({
      message: 'Cannot delete resource: it is being used in 2 LEIAs: Bank, Zoo.',
      dependents: data,
    });
  });
});
