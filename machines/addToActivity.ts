import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { ACTIVITY_CREATE_TEXTS } from './activityList/contract';
import { failureMessage } from './failure';
import { type Notice, notice } from './notice';
import { notProvided } from './notProvided';

/**
 * Adding a LEIA to an activity: the Add-to-activity modal of a Search row (admins), and the
 * palette's 'Add LEIA to activity...' (the LEIA, then an activity or a new one by name).
 *
 *   Closed --add.open {leia}--> Open.Loading --done--> Open.Ready | --error--> Open.Failed ('Try Again')
 *   Open.Ready --add.select / add.clear--> Open.Ready (the chosen activity)
 *   Open.Ready --add.create {name} (trimmed, not blank)--> Open.Creating --done--> Open.Ready
 *              (the new activity joins the list and is selected) | --error--> Open.Ready (toast)
 *   Open.Ready --add.submit (a LEIA and an activity)--> Open.Adding --done--> Closed | --error--> Open.Ready
 *   Open (not while creating or adding) --add.cancel--> Closed; closing clears the selection
 *   Closed --add.direct {leia, activity}--> Direct.Creating (a new name) --> Direct.Adding --> Closed
 *
 * Focus (`focus`, a new object each time): the activity field once the list has loaded, and
 * again after creating (the new one chosen: Enter then adds) or a failure.
 *
 * The list is the caller's unpublished activities (GET ?visibility=private). Toasts: the created
 * and the failed-to-create texts are those of My Activities; adding says the product's texts.
 */

export const ADD_TO_ACTIVITY_TEXTS = {
  title: (leiaName: string) => `Add ${leiaName} LEIA to an Activity`,
  placeholder: 'Choose or create an activity...',
  createOption: (name: string) => `Create activity: "${name}"`,
  empty: 'No activities found',
  loadFailed: 'Could not load draft activities',
  submit: 'Add to Activity',
  adding: 'Adding...',
  added: 'LEIA added to activity successfully',
  addFailed: (error: unknown) =>
    `Could not add LEIA to activity: ${failureMessage(error, 'the server did not answer')}`,
} as const;

export interface ActivityOption {
  id: string;
  name: string;
}

export interface LeiaRef {
  id: string;
  name: string;
}

/** An existing activity, or a new one to create with this name. */
export type ActivityChoice = ActivityOption | { create: string };

export interface AddToActivityContext {
  leia: LeiaRef | null;
  activities: ActivityOption[];
  selectedId: string | null;
  /** The palette's choice (Direct). */
  choice: ActivityChoice | null;
  /** Where the view puts the focus: the activity field once the list is there, or a new activity chosen. */
  focus: { field: 'activity' } | null;
}

export type AddToActivityEvent =
  | { type: 'add.open'; leia: LeiaRef }
  | { type: 'add.retry' }
  | { type: 'add.select'; id: string }
  | { type: 'add.clear' }
  | { type: 'add.create'; name: string }
  | { type: 'add.submit' }
  | { type: 'add.cancel' }
  | { type: 'add.direct'; leia: LeiaRef; activity: ActivityChoice };

type Failed = { event: { error: unknown } };
type Created = { event: { output: ActivityOption } };

const notifyCreated = {
  type: 'notify' as const,
  params: ({ event }: Created): Notice => ({
    tone: 'success',
    message: ACTIVITY_CREATE_TEXTS.created(event.output.name),
  }),
};
const notifyCreateFailed = {
  type: 'notify' as const,
  params: ({ event }: Failed): Notice => ({
    tone: 'error',
    message: ACTIVITY_CREATE_TEXTS.failed(event.error),
  }),
};
const notifyAdded = notice('success', ADD_TO_ACTIVITY_TEXTS.added);
const notifyAddFailed = {
  type: 'notify' as const,
  params: ({ event }: Failed): Notice => ({
    tone: 'error',
    message: ADD_TO_ACTIVITY_TEXTS.addFailed(event.error),
  }),
};

/** The name a new activity gets: trimmed; undefined when there is nothing to create (nothing happens). */
const newName = (name: string): string | undefined => name.trim() || undefined;

/**
 * Creating the activity named in the field, both from the dialog and on the way: once created,
 * `created.use` takes it and the flow goes on to `created.target`; a refusal is said, after
 * `refusedActions`, and the flow goes on to `refusedTarget`.
 */
const creating = (
  created: { target: string; use: 'listCreated' | 'chooseCreated' },
  refusedTarget: string,
  refusedActions: readonly 'createRefused'[],
) => ({
  tags: 'busy' as const,
  invoke: {
    id: 'createActivity',
    src: 'createActivity' as const,
    input: ({ context }: { context: AddToActivityContext }) => ({ name: nameToCreate(context) }),
    onDone: {
      target: created.target,
      actions: [{ type: created.use, params: ({ event }: Created) => event.output }, notifyCreated],
    },
    onError: { target: refusedTarget, actions: [...refusedActions, notifyCreateFailed] },
  },
});

export const addToActivityMachine = setup({
  types: {
    context: {} as AddToActivityContext,
    events: {} as AddToActivityEvent,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    loadActivities: fromPromise<ActivityOption[]>(async () => notProvided('addToActivity', 'loadActivities')),
    createActivity: fromPromise<ActivityOption, { name: string }>(async () =>
      notProvided('addToActivity', 'createActivity'),
    ),
    addLeia: fromPromise<unknown, { activityId: string; leiaId: string }>(async () =>
      notProvided('addToActivity', 'addLeia'),
    ),
  },
  actions: {
    notify: (_, _params: Notice) => notProvided('addToActivity', 'notify'),
    /** The LEIA was added: My Activities reloads its list. */
    onAdded: (_, _params: { activityId: string }) => notProvided('addToActivity', 'onAdded'),
    /** Created from the dialog: listed, chosen, and the field focused to add it. */
    listCreated: assign(({ context }, activity: ActivityOption) => ({
      activities: [...context.activities, activity],
      selectedId: activity.id,
      choice: null,
      focus: { field: 'activity' } as const,
    })),
    /** Created on the way (Add to Activity with a new name): the activity the LEIA goes to. */
    chooseCreated: assign((_, activity: ActivityOption) => ({ choice: activity })),
    createRefused: assign({ choice: null, focus: () => ({ field: 'activity' }) as const }),
  },
}).createMachine({
  id: 'addToActivity',
  context: { leia: null, activities: [], selectedId: null, choice: null, focus: null },
  initial: 'Closed',
  states: {
    Closed: {
      entry: assign({ leia: null, activities: [], selectedId: null, choice: null, focus: null }),
      on: {
        'add.open': { target: 'Open', actions: assign({ leia: ({ event }) => event.leia }) },
        'add.direct': {
          target: 'Direct',
          actions: assign({ leia: ({ event }) => event.leia, choice: ({ event }) => event.activity }),
        },
      },
    },

    Open: {
      initial: 'Loading',
      states: {
        Loading: {
          tags: 'loading',
          on: { 'add.cancel': '#addToActivity.Closed' },
          invoke: {
            id: 'loadActivities',
            src: 'loadActivities',
            onDone: {
              target: 'Ready',
              actions: assign({
                activities: ({ event }) => event.output,
                focus: () => ({ field: 'activity' }),
              }),
            },
            onError: 'Failed',
          },
        },
        Failed: {
          on: { 'add.retry': 'Loading', 'add.cancel': '#addToActivity.Closed' },
        },
        Ready: {
          on: {
            'add.select': {
              guard: ({ context, event }) => context.activities.some((activity) => activity.id === event.id),
              actions: assign({ selectedId: ({ event }) => event.id }),
            },
            'add.clear': { actions: assign({ selectedId: null }) },
            'add.create': {
              guard: ({ event }) => newName(event.name) !== undefined,
              target: 'Creating',
              actions: assign({ choice: ({ event }) => ({ create: newName(event.name)! }) }),
            },
            'add.submit': {
              guard: ({ context }) => context.leia !== null && context.selectedId !== null,
              target: 'Adding',
            },
            'add.cancel': '#addToActivity.Closed',
          },
        },
        Creating: creating({ target: 'Ready', use: 'listCreated' }, 'Ready', ['createRefused']),
        Adding: {
          tags: 'busy',
          invoke: {
            id: 'addLeia',
            src: 'addLeia',
            input: ({ context }) => ({ activityId: context.selectedId!, leiaId: context.leia!.id }),
            onDone: {
              target: '#addToActivity.Closed',
              actions: [
                notifyAdded,
                { type: 'onAdded', params: ({ context }) => ({ activityId: context.selectedId! }) },
              ],
            },
            onError: {
              target: 'Ready',
              actions: [assign({ focus: () => ({ field: 'activity' }) as const }), notifyAddFailed],
            },
          },
        },
      },
    },

    Direct: {
      initial: 'Deciding',
      states: {
        Deciding: {
          always: [
            {
              guard: ({ context }) => context.choice !== null && 'create' in context.choice,
              target: 'Creating',
            },
            { target: 'Adding' },
          ],
        },
        Creating: creating({ target: 'Adding', use: 'chooseCreated' }, '#addToActivity.Closed', []),
        Adding: {
          tags: 'busy',
          invoke: {
            id: 'addLeia',
            src: 'addLeia',
            input: ({ context }) => ({ activityId: chosenId(context), leiaId: context.leia!.id }),
            onDone: {
              target: '#addToActivity.Closed',
              actions: [
                notifyAdded,
                { type: 'onAdded', params: ({ context }) => ({ activityId: chosenId(context) }) },
              ],
            },
            onError: { target: '#addToActivity.Closed', actions: notifyAddFailed },
          },
        },
      },
    },
  },
});

function nameToCreate(context: AddToActivityContext): string {
  return context.choice && 'create' in context.choice ? context.choice.create : '';
}

function chosenId(context: AddToActivityContext): string {
  return context.choice && 'id' in context.choice ? context.choice.id : '';
}

export type AddToActivitySnapshot = SnapshotFrom<typeof addToActivityMachine>;

export const isAddModalOpen = (s: AddToActivitySnapshot): boolean => s.matches('Open');
export const isBusy = (s: AddToActivitySnapshot): boolean => s.hasTag('busy');
/** An activity is chosen and not added yet (closing the dialog asks first). */
export const hasAddChoice = (s: AddToActivitySnapshot): boolean =>
  s.matches({ Open: 'Ready' }) && s.context.selectedId !== null;
export const selectedActivity = (s: AddToActivitySnapshot): ActivityOption | null =>
  s.context.activities.find((activity) => activity.id === s.context.selectedId) ?? null;
export const isAddLoading = (s: AddToActivitySnapshot): boolean => s.matches({ Open: 'Loading' });
export const isAddFailed = (s: AddToActivitySnapshot): boolean => s.matches({ Open: 'Failed' });
export const isAdding = (s: AddToActivitySnapshot): boolean => s.matches({ Open: 'Adding' });
