import { Button, ErrorState, LoadingState, Modal } from '@client/components';
import {
  ADD_TO_ACTIVITY_TEXTS,
  type AddToActivitySnapshot,
  isAddModalOpen,
  isBusy,
  selectedActivity,
} from '@machines/addToActivity';
import { shallowEqual } from '@xstate/react';
import { ActivityCombobox } from './ActivityCombobox';
import { AddToActivityActor } from './addToActivityActor';

const select = (s: AddToActivitySnapshot) => ({
  open: isAddModalOpen(s),
  leia: s.context.leia,
  loading: s.matches({ Open: 'Loading' }),
  failed: s.matches({ Open: 'Failed' }),
  adding: s.matches({ Open: 'Adding' }),
  busy: isBusy(s),
  activities: s.context.activities,
  selected: selectedActivity(s),
});

/**
 * The Add-to-activity modal: a clearable dropdown of the admin's unpublished activities that can
 * create one by name (it is then selected), Cancel and 'Add to Activity' ('Adding...').
 */
export function AddToActivityModal() {
  const actor = AddToActivityActor.useActorRef();
  const view = AddToActivityActor.useSelector(select, shallowEqual);
  const cancel = () => actor.send({ type: 'add.cancel' });
  return (
    <Modal
      open={view.open}
      onClose={cancel}
      dismissible={!view.busy}
      title={ADD_TO_ACTIVITY_TEXTS.title(view.leia?.name ?? '')}
      size="md"
      className="add-to-activity"
      footer={
        <>
          <Button onClick={cancel} disabled={view.busy}>
            Cancel
          </Button>
          <Button
            variant="primary"
            loading={view.adding}
            disabled={view.selected === null || view.busy}
            onClick={() => actor.send({ type: 'add.submit' })}
          >
            {view.adding ? ADD_TO_ACTIVITY_TEXTS.adding : ADD_TO_ACTIVITY_TEXTS.submit}
          </Button>
        </>
      }
    >
      {view.loading && <LoadingState />}
      {view.failed && (
        <ErrorState
          message={ADD_TO_ACTIVITY_TEXTS.loadFailed}
          retryLabel="Try Again"
          onRetry={() => actor.send({ type: 'add.retry' })}
        />
      )}
      {!view.loading && !view.failed && (
        <ActivityCombobox
          label="Activity"
          options={view.activities}
          selected={view.selected}
          disabled={view.busy}
          onSelect={(id) => actor.send({ type: 'add.select', id })}
          onClear={() => actor.send({ type: 'add.clear' })}
          onCreate={(name) => actor.send({ type: 'add.create', name })}
        />
      )}
    </Modal>
  );
}
