import type { Dependent } from '@shared/api-error';
import { DELETE_FALLBACK_MESSAGE } from '@shared/messages/deletion';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { type Failure, failureMessage, failureStatus } from './failure';
import { notProvided } from './notProvided';

/**
 * The typed-confirmation delete dialog, one machine for every delete in the product: users (type
 * the email), LEIAs and resources (type the name). The delete button works only once the exact
 * text is typed (case and spaces count); the texts are in src/shared/messages/deletion.ts.
 *
 *   Closed --dialog.open (a target it may delete: input `deletable`)--> Open.Editing --dialog.confirm (typed === expected)--> Open.Deleting
 *   Deleting --done--> Succeeded --successDelayMs--> Closed (onDeleted)
 *   Deleting --error--> Editing with `error` (message + dependents from describeError), the focus on Cancel
 *
 * Each dialog provides the `deleteItem` actor (its API call, rejecting with a Failure) and the
 * `onDeleted` action (reload, toast, clear selection), and passes `describeError` as input
 * (usually `deleteErrorDescriber(itsTexts)`) to map statuses to its own catalogue texts.
 */

/** What is being deleted; a dialog may carry any extra fields it shows (version, ownedItems...). */
export interface DeleteTarget {
  id: string;
  name?: string;
}

/** The dialog's red message and, for an in-use conflict (400 with data), the dependents to list. */
export interface DeleteFailure {
  message: string;
  dependents?: Dependent[];
}

export type DescribeDeleteError = (error: unknown) => DeleteFailure;

/** One dialog's texts for the failures it names (src/shared/messages/deletion.ts). */
export interface DeleteErrorTexts {
  /** No specific text applies and the server sent no message. */
  fallback: string;
  /** 403, e.g. "You don't have permission to delete this resource". */
  forbidden?: string;
  /** 404, e.g. 'Resource not found'. */
  notFound?: string;
  /** 400 listing dependents, naming them: names => 'Cannot delete LEIA: it is being used in 2 activities: A, B.' */
  usedIn?: (names: readonly string[]) => string;
}

/** The {id, name} items of an in-use conflict (a 400 whose `data` lists them), else []. */
export const dependentsOf = (error: unknown): Dependent[] => {
  const data = (error as Failure | null)?.data;
  if (!Array.isArray(data)) return [];
  return data.filter(
    (item): item is Dependent =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.id === 'string' &&
      typeof item.name === 'string',
  );
};

/**
 * Builds a dialog's describeError from its texts. Deleting rejects with a Failure (./failure.ts):
 * 400 with dependents -> usedIn(names) + the list; 403/404 -> their texts; anything else -> the
 * server's message, else the fallback.
 */
export const deleteErrorDescriber =
  (texts: DeleteErrorTexts): DescribeDeleteError =>
  (error) => {
    const status = failureStatus(error);
    const dependents = dependentsOf(error);
    if (status === 400 && dependents.length > 0) {
      return {
        message: texts.usedIn?.(dependents.map((item) => item.name)) ?? failureMessage(error, texts.fallback),
        dependents,
      };
    }
    if (status === 403 && texts.forbidden) return { message: texts.forbidden };
    if (status === 404 && texts.notFound) return { message: texts.notFound };
    return { message: failureMessage(error, texts.fallback) };
  };

export const defaultDescribeDeleteError = deleteErrorDescriber({ fallback: DELETE_FALLBACK_MESSAGE });

/** The mismatch message under the field; `subject` is 'Email' for users. */
export const mismatchMessage = (expected: string, subject = 'Name'): string =>
  `${subject} doesn't match. Type "${expected}" exactly.`;

/** Exact match, case and spaces included; an empty expectation never matches. */
const matchesExpected = ({ typed, expected }: { typed: string; expected: string }): boolean =>
  expected !== '' && typed === expected;

export interface DeleteDialogInput {
  /** How long Succeeded shows its green message before closing: 1500 for users, 0 elsewhere. */
  successDelayMs?: number;
  describeError?: DescribeDeleteError;
  /** The word in the mismatch message: 'Name' (default) or 'Email'. */
  subject?: string;
  /**
   * Whether this target may be deleted at all (users: never the admin's own account,
   * `canDeleteUser`): the dialog does not open on another. Absent: every target.
   */
  deletable?: (target: DeleteTarget) => boolean;
}

export interface DeleteDialogContext<T extends DeleteTarget = DeleteTarget> {
  target: T | null;
  /** The exact text the user must type. */
  expected: string;
  typed: string;
  error: DeleteFailure | null;
  successDelayMs: number;
  subject: string;
  describeError: DescribeDeleteError;
  deletable: (target: DeleteTarget) => boolean;
  /** After a refusal, the focus (left on a control disabled while deleting) goes to Cancel. */
  focus: { field: 'cancel'; ifLost: true } | null;
}

export type DeleteDialogEvent<T extends DeleteTarget = DeleteTarget> =
  | { type: 'dialog.open'; target: T; expected: string }
  | { type: 'dialog.type'; value: string }
  | { type: 'dialog.reset' }
  | { type: 'dialog.cancel' }
  | { type: 'dialog.confirm' };

/** The machine's types, stubs, actions and guards for one target type. */
const deleteDialogSetup = <T extends DeleteTarget>() =>
  setup({
    types: {
      context: {} as DeleteDialogContext<T>,
      events: {} as DeleteDialogEvent<T>,
      input: {} as DeleteDialogInput,
    },
    actors: {
      deleteItem: fromPromise<unknown, { target: T }>(async () => notProvided('deleteDialog', 'deleteItem')),
    },
    actions: {
      /** After the success message: reload the list, toast, clear a selection of this item. */
      onDeleted: (_, _params: { target: T }) => notProvided('deleteDialog', 'onDeleted'),
      open: assign(({ event }) =>
        event.type === 'dialog.open'
          ? { target: event.target, expected: event.expected, typed: '', error: null, focus: null }
          : {},
      ),
      type: assign({
        typed: ({ context, event }) => (event.type === 'dialog.type' ? event.value : context.typed),
      }),
      reset: assign({ typed: '', error: null }),
      clearError: assign({ error: null }),
      showError: assign(({ context }, params: { error: unknown }) => ({
        error: context.describeError(params.error),
        focus: { field: 'cancel' as const, ifLost: true as const },
      })),
      clear: assign({ target: null, expected: '', typed: '', error: null, focus: null }),
    },
    guards: {
      typedMatches: ({ context }) => matchesExpected(context),
      deletable: ({ context, event }) => event.type === 'dialog.open' && context.deletable(event.target),
      closesAtOnce: ({ context }) => context.successDelayMs <= 0,
    },
    delays: {
      successDelay: ({ context }) => context.successDelayMs,
    },
  });

/**
 * Builds the machine for one target type, so that `context.target` keeps the caller's type
 * (`createDeleteDialogMachine<UserListItem>()`).
 */
export const createDeleteDialogMachine = <T extends DeleteTarget = DeleteTarget>() =>
  deleteDialogSetup<T>().createMachine({
    id: 'deleteDialog',
    context: ({ input }) => ({
      target: null,
      expected: '',
      typed: '',
      error: null,
      successDelayMs: input.successDelayMs ?? 0,
      subject: input.subject ?? 'Name',
      describeError: input.describeError ?? defaultDescribeDeleteError,
      deletable: input.deletable ?? (() => true),
      focus: null,
    }),
    initial: 'Closed',
    states: {
      Closed: {
        on: { 'dialog.open': { guard: 'deletable', target: 'Open', actions: 'open' } },
      },
      Open: {
        initial: 'Editing',
        states: {
          Editing: {
            on: {
              // Another item chosen while open (e.g. from the palette): start over on it.
              'dialog.open': { guard: 'deletable', actions: 'open' },
              'dialog.type': { actions: 'type' },
              'dialog.reset': { actions: 'reset' },
              'dialog.confirm': { guard: 'typedMatches', target: 'Deleting', actions: 'clearError' },
              'dialog.cancel': { target: '#deleteDialog.Closed', actions: 'clear' },
            },
          },
          // Controls are disabled while deleting: no event is handled until the call settles.
          Deleting: {
            tags: 'loading',
            invoke: {
              id: 'deleteItem',
              src: 'deleteItem',
              input: ({ context }) => ({ target: context.target as T }),
              onDone: { target: 'Succeeded' },
              onError: {
                target: 'Editing',
                actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
              },
            },
          },
          Succeeded: {
            always: { guard: 'closesAtOnce', target: 'Closing' },
            after: { successDelay: { target: 'Closing' } },
            // Closing early still counts: the list must reload either way.
            on: { 'dialog.cancel': { target: 'Closing' } },
          },
          // Transient: runs onDeleted with the target before `clear` forgets it.
          Closing: {
            always: {
              target: '#deleteDialog.Closed',
              actions: [
                { type: 'onDeleted', params: ({ context }) => ({ target: context.target as T }) },
                'clear',
              ],
            },
          },
        },
      },
    },
  });

export type DeleteDialogMachine<T extends DeleteTarget = DeleteTarget> = ReturnType<
  typeof createDeleteDialogMachine<T>
>;
export type DeleteDialogSnapshot<T extends DeleteTarget = DeleteTarget> = SnapshotFrom<
  DeleteDialogMachine<T>
>;

/** Selectors for the views. */
export const isDeleteDialogOpen = <T extends DeleteTarget>(s: DeleteDialogSnapshot<T>): boolean =>
  s.matches('Open');
export const isDeleting = <T extends DeleteTarget>(s: DeleteDialogSnapshot<T>): boolean =>
  s.hasTag('loading');
export const hasDeleted = <T extends DeleteTarget>(s: DeleteDialogSnapshot<T>): boolean =>
  s.matches({ Open: 'Succeeded' });
/** The delete button's enabled state: typed exactly, and not already deleting or deleted. */
export const canConfirm = <T extends DeleteTarget>(s: DeleteDialogSnapshot<T>): boolean =>
  s.matches({ Open: 'Editing' }) && matchesExpected(s.context);
/** The mismatch text under the field, once something is typed that is not the expected text. */
export const confirmMismatch = <T extends DeleteTarget>(s: DeleteDialogSnapshot<T>): string | null =>
  s.context.typed !== '' && s.context.typed !== s.context.expected
    ? mismatchMessage(s.context.expected, s.context.subject)
    : null;
