import type { LeiaListItem } from '@client/api/leias';
import { DeleteConfirmModal, type DeleteDetail } from '@client/components/DeleteConfirmModal';
import { formatDateTime } from '@client/format';
import { DeleteLeiaActor } from './actors';

export const DELETE_LEIA_WARNING = 'This action cannot be undone. The LEIA will be permanently deleted.';

const leiaDetails = (leia: LeiaListItem): DeleteDetail[] => [
  { label: 'Name', value: leia.metadata.name },
  { label: 'Type', value: 'LEIA' },
  { label: 'Version', value: leia.metadata.version },
  { label: 'Created', value: <time dateTime={leia.createdAt}>{formatDateTime(leia.createdAt)}</time> },
];

/**
 * The Delete LEIA modal: the shared typed-name dialog with the LEIA's texts. `onOpenerGone` puts
 * the focus back in the list once the deleted row has left it.
 */
export function DeleteLeiaModal({ onOpenerGone }: { onOpenerGone?: () => void }) {
  return (
    <DeleteConfirmModal
      actor={DeleteLeiaActor.useActorRef()}
      onOpenerGone={onOpenerGone}
      noun="LEIA"
      warning={DELETE_LEIA_WARNING}
      details={leiaDetails}
      // The product's Delete LEIA dialog has Reset, Cancel and Delete LEIA.
      resettable
    />
  );
}
