import { LEIA_DELETE_TEXTS } from '@shared/messages/deletion';
import type { LeiaListItem } from '@shared/schemas/leias';
import { createDeleteDialogMachine, type DeleteDialogInput, deleteErrorDescriber } from './deleteDialog';

/**
 * The Delete LEIA dialog: the shared typed-confirmation machine (./deleteDialog.ts) on a list row,
 * with LEIA_DELETE_TEXTS (403, 404, 400 listing the activities, else the server's message, else
 * 'An error occurred while deleting the resource'). It closes at once on
 * success; the app's `onDeleted` shows 'LEIA deleted successfully' and reloads the list.
 * A resource dialog is the same two lines with RESOURCE_DELETE_TEXTS.
 */
export const deleteLeiaMachine = createDeleteDialogMachine<LeiaListItem>();

export const DELETE_LEIA_INPUT: DeleteDialogInput = {
  successDelayMs: 0,
  describeError: deleteErrorDescriber(LEIA_DELETE_TEXTS),
};

/** The row's delete target: the typed text must be the LEIA's name. */
export const openDeleteLeia = (leia: LeiaListItem) =>
  ({ type: 'dialog.open', target: leia, expected: leia.metadata.name }) as const;
