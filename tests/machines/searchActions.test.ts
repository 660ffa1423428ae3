import { availability } from '@machines/action';
import { type ActivityOption, addToActivityMachine } from '@machines/addToActivity';
import { DELETE_LEIA_INPUT, deleteLeiaMachine } from '@machines/deleteLeia';
import { leiaViewMachine } from '@machines/leiaView';
import {
  addLeiaToActivity,
  addToActivity,
  deleteLeia,
  showLeiaHistory,
  viewLeia,
} from '@machines/searchList/actions';
import type { Leia, LeiaListItem } from '@shared/schemas/leias';
import { createActor, fromPromise } from 'xstate';

/** The actions of a LEIA list's rows (machines/searchList/actions.ts), asked of their flows. */

const leia = {
  id: 'leia-1',
  metadata: { name: 'Bakery interview', version: '1.0.0' },
  description: 'How does the bakery take orders?',
  isPublished: true,
  user: { id: 'u-owner', email: 'owner@leia.local', role: 'advanced' },
} as LeiaListItem;
const owner = { id: 'u-owner', role: 'advanced' as const };
const other = { id: 'u-other', role: 'instructor' as const };
const admin = { id: 'u-admin', role: 'admin' as const };

describe('LEIA row actions', () => {
  it('Delete applies only to what the viewer may delete (owner or admin), and opens the dialog on it', () => {
    const dialog = createActor(deleteLeiaMachine, { input: DELETE_LEIA_INPUT }).start();
    expect(availability(dialog.getSnapshot(), deleteLeia, { leia, viewer: other }).applies).toBe(false);
    expect(availability(dialog.getSnapshot(), deleteLeia, { leia, viewer: owner }).can).toBe(true);
    expect(availability(dialog.getSnapshot(), deleteLeia, { leia, viewer: admin }).can).toBe(true);
    dialog.send(deleteLeia.event({ leia, viewer: owner }));
    expect(dialog.getSnapshot().context).toMatchObject({ target: leia, expected: 'Bakery interview' });
  });

  it('Add to Activity is for admins, and refused while the modal or a direct add is under way', () => {
    expect(addToActivity.allowed?.(admin)).toBe(true);
    expect(addToActivity.allowed?.(owner)).toBe(false);
    const adding = createActor(
      addToActivityMachine.provide({
        actors: { loadActivities: fromPromise<ActivityOption[]>(() => new Promise(() => {})) },
      }),
    ).start();
    expect(adding.getSnapshot().can(addToActivity.event({ leia, viewer: admin }))).toBe(true);
    adding.send(addToActivity.event({ leia, viewer: admin }));
    const open = adding.getSnapshot();
    const direct = addLeiaToActivity.event({ leia: { id: leia.id, name: 'x' }, activity: { create: 'New' } });
    expect(open.can(direct)).toBe(false);
    expect(availability(open, addToActivity, { leia, viewer: admin }).reason).toBe('A change is being saved');
    adding.send(direct);
    expect(adding.getSnapshot()).toBe(open);
  });

  it('View opens on the Problem tab; Show history... opens the same modal on its History tab', () => {
    const view = createActor(
      leiaViewMachine.provide({
        actors: { loadLeia: fromPromise<Leia, { id: string }>(() => new Promise(() => {})) },
      }),
    ).start();
    view.send(viewLeia.event({ leia, viewer: other }));
    expect(view.getSnapshot().context.tab).toBe('problem');
    view.send(showLeiaHistory.event(leia));
    expect(view.getSnapshot().context.tab).toBe('history');
  });
});
