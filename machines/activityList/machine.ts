import type { Activity } from '@shared/schemas/activities';
import { assign, fromPromise, setup } from 'xstate';
import type { Failure } from '../failure';
import { briefFailure, type Notice } from '../notice';
import { notProvided } from '../notProvided';
import {
  ACTIVITY_CREATE_TEXTS,
  ACTIVITY_LIST_TEXTS,
  type ActivityChange,
  type ActivityListContext,
  type ActivityListEvent,
  afterChange,
  changeOf,
  isOpenForChanges,
  replaceActivity,
} from './contract';

/**
 * My Activities: the list of the admin's activities and what its cards do. Three parallel regions:
 *
 * list:    Loading.Initial --done--> Ready --list.reload--> Loading.Refreshing (cards stay) --> Ready
 *          Loading --error--> Failed ('Error loading activities: {message}') --list.retry--> Loading
 * create:  Closed --create.open--> Modal.Editing --create.submit (name not blank)--> Modal.Creating
 *          Closed --create.submit (the empty state's inline form)--> InlineCreating
 *          Creating --done--> Closed (the activity joins the list, name cleared) | --error--> back, toast
 *          Modal.Editing --create.close (Cancel, Escape, backdrop)--> Closed, name cleared
 * change:  Idle --activity.publish | activity.delete | leia.remove--> Confirming --change.confirm-->
 *          Publishing | DeletingActivity | RemovingLeia --> Idle (the list updated, a toast)
 *          Idle --leia.mode--> SettingMode --> Idle (the answer replaces the activity)
 *
 * One change at a time: while one is saved the cards' controls are disabled (`isChanging`). A
 * published activity is never changed: the four changes are refused on it (`openForChanges`).
 * Publishing cannot be undone and deleting loses transcriptions, so those three ask first.
 * Focus (`focus`): a created activity's card; a row's Mode again once its change is saved.
 * Failure toasts show the server's message on 404 and 409 (and 400 for a mode change), else
 * the default text. `activity.updated` (a transcription saved) replaces an activity in place.
 */

type Ctx = { context: ActivityListContext };
type Done<T> = Ctx & { event: { output: T } };
type Failed = Ctx & { event: { error: unknown } };

/** A card's change is said briefly (3 s); creating an activity stays as long as elsewhere. */
const notice = (tone: Notice['tone'], message: string) => ({
  type: 'notify' as const,
  params: { tone, message, brief: true } satisfies Notice,
});

const changeInput = ({ context }: Ctx) => context.change!;

/**
 * A change to one activity that the server answers with it (publish, delete, remove a LEIA): the
 * answer replaces the card and the outcome is said; a refusal (gone, or published meanwhile) too.
 */
const changing = (
  src: 'publishActivity' | 'deleteActivity' | 'removeLeia',
  done: string,
  refused: string,
) => ({
  tags: 'changing' as const,
  invoke: {
    id: src,
    src,
    input: changeInput,
    onDone: { target: 'Idle', actions: ['applyChange' as const, notice('success', done)] },
    onError: { target: 'Idle', actions: briefFailure([404, 409], refused) },
  },
});
const created = { type: 'created' as const, params: ({ event }: Done<Activity>) => event.output };

export const activityListMachine = setup({
  types: {
    context: {} as ActivityListContext,
    events: {} as ActivityListEvent,
    tags: {} as 'loading' | 'creating' | 'changing',
  },
  actors: {
    loadActivities: fromPromise<Activity[]>(async () => notProvided('activityList', 'loadActivities')),
    createActivity: fromPromise<Activity, { name: string }>(async () =>
      notProvided('activityList', 'createActivity'),
    ),
    publishActivity: fromPromise<Activity, ActivityChange>(async () =>
      notProvided('activityList', 'publishActivity'),
    ),
    deleteActivity: fromPromise<unknown, ActivityChange>(async () =>
      notProvided('activityList', 'deleteActivity'),
    ),
    removeLeia: fromPromise<unknown, ActivityChange>(async () => notProvided('activityList', 'removeLeia')),
    setMode: fromPromise<Activity, ActivityChange>(async () => notProvided('activityList', 'setMode')),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('activityList', 'notify'),
    setName: assign({ name: ({ event }) => (event.type === 'create.change' ? event.name : '') }),
    clearName: assign({ name: '' }),
    created: assign(({ context }, activity: Activity) => ({
      activities: [activity, ...context.activities],
      name: '',
      focus: { field: 'toggle' as const, activityId: activity.id },
    })),
    /** Back to the row's Mode, disabled while it was saved (only if the focus fell meanwhile). */
    focusMode: assign(({ context }) => ({
      focus:
        context.change?.kind === 'mode'
          ? { field: 'mode' as const, configId: context.change.config.id, ifLost: true as const }
          : context.focus,
    })),
    setChange: assign({ change: ({ event }) => changeOf(event) }),
    /** The change was saved: `output` is the server's answer (the updated activity, or nothing). */
    applyChange: assign(({ context, event }) => ({
      activities:
        context.change && 'output' in event
          ? afterChange(context.activities, context.change, event.output)
          : context.activities,
    })),
  },
  guards: {
    hasName: ({ context }) => context.name.trim() !== '',
    /** The activity the change is about is still unpublished. */
    openForChanges: ({ event }) => 'activity' in event && isOpenForChanges(event.activity),
    /** A mode change on an unpublished activity, to the other mode. */
    modeChanges: ({ event }) =>
      event.type === 'leia.mode' &&
      isOpenForChanges(event.activity) &&
      event.mode !== event.config.configuration.mode,
  },
}).createMachine({
  id: 'activityList',
  type: 'parallel',
  context: { activities: [], loadError: null, expanded: [], name: '', change: null, focus: null },
  on: {
    'card.toggle': {
      actions: assign({
        expanded: ({ context, event }) =>
          context.expanded.includes(event.id)
            ? context.expanded.filter((id) => id !== event.id)
            : [...context.expanded, event.id],
      }),
    },
    'card.expand': {
      actions: assign({
        expanded: ({ context, event }) =>
          context.expanded.includes(event.id) ? context.expanded : [...context.expanded, event.id],
      }),
    },
    'activity.updated': {
      actions: assign({
        activities: ({ context, event }) => replaceActivity(context.activities, event.activity),
      }),
    },
  },
  states: {
    list: {
      initial: 'Loading',
      states: {
        Loading: {
          tags: 'loading',
          initial: 'Initial',
          states: { Initial: {}, Refreshing: {} },
          invoke: {
            id: 'loadActivities',
            src: 'loadActivities',
            onDone: {
              target: 'Ready',
              actions: assign({ activities: ({ event }) => event.output, loadError: null }),
            },
            onError: {
              target: 'Failed',
              actions: assign({ activities: [], loadError: ({ event }) => (event.error ?? {}) as Failure }),
            },
          },
        },
        Ready: { on: { 'list.reload': 'Loading.Refreshing' } },
        Failed: { on: { 'list.retry': 'Loading.Initial', 'list.reload': 'Loading.Initial' } },
      },
    },

    create: {
      initial: 'Closed',
      states: {
        Closed: {
          on: {
            'create.open': 'Modal',
            'create.change': { actions: 'setName' },
            'create.submit': { guard: 'hasName', target: 'InlineCreating' },
          },
        },
        Modal: {
          initial: 'Editing',
          states: {
            Editing: {
              on: {
                'create.change': { actions: 'setName' },
                'create.submit': { guard: 'hasName', target: 'Creating' },
                'create.close': { target: '#activityList.create.Closed', actions: 'clearName' },
              },
            },
            Creating: {
              tags: 'creating',
              invoke: {
                id: 'createActivity',
                src: 'createActivity',
                input: ({ context }) => ({ name: context.name.trim() }),
                onDone: {
                  target: '#activityList.create.Closed',
                  actions: [created, createdNotice()],
                },
                onError: { target: 'Editing', actions: createFailedNotice() },
              },
            },
          },
        },
        InlineCreating: {
          tags: 'creating',
          invoke: {
            id: 'createActivity',
            src: 'createActivity',
            input: ({ context }) => ({ name: context.name.trim() }),
            onDone: { target: 'Closed', actions: [created, createdNotice()] },
            onError: { target: 'Closed', actions: createFailedNotice() },
          },
        },
      },
    },

    change: {
      initial: 'Idle',
      states: {
        Idle: {
          entry: assign({ change: null }),
          on: {
            'activity.publish': { guard: 'openForChanges', target: 'Confirming', actions: 'setChange' },
            'activity.delete': { guard: 'openForChanges', target: 'Confirming', actions: 'setChange' },
            'leia.remove': { guard: 'openForChanges', target: 'Confirming', actions: 'setChange' },
            'leia.mode': { guard: 'modeChanges', target: 'SettingMode', actions: 'setChange' },
          },
        },
        Confirming: {
          on: {
            'change.cancel': 'Idle',
            'change.confirm': [
              { guard: ({ context }) => context.change?.kind === 'publish', target: 'Publishing' },
              {
                guard: ({ context }) => context.change?.kind === 'deleteActivity',
                target: 'DeletingActivity',
              },
              { target: 'RemovingLeia' },
            ],
          },
        },
        Publishing: changing(
          'publishActivity',
          ACTIVITY_LIST_TEXTS.published,
          ACTIVITY_LIST_TEXTS.publishFailed,
        ),
        DeletingActivity: changing(
          'deleteActivity',
          ACTIVITY_LIST_TEXTS.deleted,
          ACTIVITY_LIST_TEXTS.deleteFailed,
        ),
        RemovingLeia: changing(
          'removeLeia',
          ACTIVITY_LIST_TEXTS.leiaRemoved,
          ACTIVITY_LIST_TEXTS.leiaRemoveFailed,
        ),
        SettingMode: {
          tags: 'changing',
          invoke: {
            id: 'setMode',
            src: 'setMode',
            input: changeInput,
            onDone: { target: 'Idle', actions: ['applyChange', 'focusMode'] },
            onError: {
              target: 'Idle',
              actions: ['focusMode', briefFailure([400, 404, 409], ACTIVITY_LIST_TEXTS.modeFailed)],
            },
          },
        },
      },
    },
  },
});

function createdNotice() {
  return {
    type: 'notify' as const,
    params: ({ event }: Done<Activity>): Notice => ({
      tone: 'success',
      message: ACTIVITY_CREATE_TEXTS.created(event.output.name),
    }),
  };
}

function createFailedNotice() {
  return {
    type: 'notify' as const,
    params: ({ event }: Failed): Notice => ({
      tone: 'error',
      message: ACTIVITY_CREATE_TEXTS.failed(event.error),
    }),
  };
}
