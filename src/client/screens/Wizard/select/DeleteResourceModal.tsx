import { DeleteConfirmModal, type DeleteDetail } from '@client/components/DeleteConfirmModal';
import { formatDateTime } from '@client/format';
import type { ResourceDeleteTarget } from '@machines/deleteResource';
import { DeleteResourceActor } from '../actors';
import { PART_LABEL } from '../labels';

export const DELETE_RESOURCE_WARNING =
  'This action cannot be undone. The resource will be permanently deleted.';

const details = (target: ResourceDeleteTarget): DeleteDetail[] => [
  { label: 'Name', value: target.name },
  { label: 'Type', value: PART_LABEL[target.kind] },
  { label: 'Version', value: target.version },
  ...(target.createdAt
    ? [
        {
          label: 'Created',
          value: <time dateTime={target.createdAt}>{formatDateTime(target.createdAt)}</time>,
        },
      ]
    : []),
];

/** A step 1 card's delete: the shared typed-name dialog with the resource texts. */
export function DeleteResourceModal() {
  return (
    <DeleteConfirmModal
      actor={DeleteResourceActor.useActorRef()}
      noun="Resource"
      warning={DELETE_RESOURCE_WARNING}
      details={details}
    />
  );
}
