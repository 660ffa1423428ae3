import { ErrorState, FormFooter, LoadingState, Modal, useFocusRequest } from '@client/components';
import {
  ADD_TO_ACTIVITY_TEXTS,
  type AddToActivitySnapshot,
  hasAddChoice,
  isAddFailed,
  isAdding,
  isAddLoading,
  isAddModalOpen,
  isBusy,
  selectedActivity,
} from '@machines/addToActivity';
import { shallowEqual } from '@xstate/react';
import { type FormEvent, useId, useRef } from 'react';
import { ActivityCombobox } from './ActivityCombobox';
import { AddToActivityActor } from './addToActivityActor';

const select = (s: AddToActivitySnapshot) => ({
  open: isAddModalOpen(s),
  leia: s.context.leia,
  loading: isAddLoading(s),
  failed: isAddFailed(s),
  adding: isAdding(s),
  busy: isBusy(s),
  activities: s.context.activities,
  selected: selectedActivity(s),
  chosen: hasAddChoice(s),
});

/**
 * The Add-to-activity modal: a clearable dropdown of the admin's unpublished activities that can
 * create one by name (it is then selected), Cancel and 'Add to Activity' ('Adding...'). The focus
 * goes to the field once the list is there; Enter with an activity chosen adds it (a form). A
 * chosen activity is an edit: closing then asks first.
 */
export function AddToActivityModal() {
  const actor = AddToActivityActor.useActorRef();
  const view = AddToActivityActor.useSelector(select, shallowEqual);
  const focus = AddToActivityActor.useSelector((s) => s.context.focus);
  const field = useRef<HTMLInputElement>(null);
  useFocusRequest(focus, { activity: field });
  const formId = useId();
  const cancel = () => actor.send({ type: 'add.cancel' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'add.submit' });
  };
  return (
    <Modal
      open={view.open}
      onClose={cancel}
      dismissible={!view.busy}
      title={ADD_TO_ACTIVITY_TEXTS.title(view.leia?.name ?? '')}
      size="md"
      className="add-to-activity"
      unsavedEdits={view.chosen}
      footer={(requestClose) => (
        <FormFooter
          formId={formId}
          onCancel={requestClose}
          cancelDisabled={view.busy}
          saving={view.adding}
          submitDisabled={view.selected === null || view.busy}
          submitLabel={view.adding ? ADD_TO_ACTIVITY_TEXTS.adding : ADD_TO_ACTIVITY_TEXTS.submit}
        />
      )}
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
        <form id={formId} onSubmit={submit} noValidate>
          <ActivityCombobox
            label="Activity"
            inputRef={field}
            options={view.activities}
            selected={view.selected}
            disabled={view.busy}
            onSelect={(id) => actor.send({ type: 'add.select', id })}
            onClear={() => actor.send({ type: 'add.clear' })}
            onCreate={(name) => actor.send({ type: 'add.create', name })}
          />
        </form>
      )}
    </Modal>
  );
}
