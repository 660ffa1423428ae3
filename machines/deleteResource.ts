import { RESOURCE_DELETE_TEXTS } from '@shared/messages/deletion';
import { createDeleteDialogMachine, type DeleteDialogInput, deleteErrorDescriber } from './deleteDialog';
import type { PartKind, WizardPart } from './wizard/parts';

/**
 * The resource delete dialog of the design wizard's step 1 cards: the shared typed-confirmation
 * machine (./deleteDialog.ts) with RESOURCE_DELETE_TEXTS (403, 404, 400 'Cannot delete resource: it
 * is being used in 2 LEIAs: A, B.' with the LEIAs listed, else the server's message, else the default).
 * It closes at once on success; the app's `onDeleted` reloads that list and clears the choice if
 * the deleted resource was chosen.
 */
export interface ResourceDeleteTarget {
  id: string;
  kind: PartKind;
  name: string;
  version: string;
  createdAt?: string;
}

export const deleteResourceMachine = createDeleteDialogMachine<ResourceDeleteTarget>();

export const DELETE_RESOURCE_INPUT: DeleteDialogInput = {
  successDelayMs: 0,
  describeError: deleteErrorDescriber(RESOURCE_DELETE_TEXTS),
};

/** A card's delete target: the typed text must be the resource's name. */
export const openDeleteResource = (kind: PartKind, part: WizardPart) =>
  ({
    type: 'dialog.open',
    target: {
      id: part.id,
      kind,
      name: part.metadata.name,
      version: part.metadata.version,
      ...(part.createdAt ? { createdAt: part.createdAt } : {}),
    },
    expected: part.metadata.name,
  }) as const;
