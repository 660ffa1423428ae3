import { Button, FormFooter, Modal, TextInput } from '@client/components';
import { isCreateModalOpen, isCreating } from '@machines/activityList/selectors';
import { type FormEvent, useId } from 'react';
import { ActivityListActor } from './actors';

const LABELS = {
  title: 'Create New Activity',
  name: 'Activity Name',
  placeholder: 'Enter activity name...',
  submit: 'Create Activity',
  creating: 'Creating...',
} as const;

function useCreate() {
  const list = ActivityListActor.useActorRef();
  const name = ActivityListActor.useSelector((s) => s.context.name);
  const creating = ActivityListActor.useSelector(isCreating);
  return {
    name,
    creating,
    blank: name.trim() === '',
    change: (value: string) => list.send({ type: 'create.change', name: value }),
    submit: (event?: FormEvent) => {
      event?.preventDefault();
      list.send({ type: 'create.submit' });
    },
    close: () => list.send({ type: 'create.close' }),
  };
}

/**
 * The Create Activity modal: Enter submits; the button is disabled while the name is blank and
 * reads 'Creating...' while it is saved; Cancel, Escape or the backdrop close it and clear the name.
 */
export function CreateActivityModal() {
  const open = ActivityListActor.useSelector(isCreateModalOpen);
  const create = useCreate();
  const formId = useId();
  return (
    <Modal
      open={open}
      onClose={create.close}
      dismissible={!create.creating}
      title={LABELS.title}
      size="sm"
      footer={
        <FormFooter
          formId={formId}
          onCancel={create.close}
          cancelDisabled={create.creating}
          saving={create.creating}
          submitDisabled={create.blank}
          submitLabel={create.creating ? LABELS.creating : LABELS.submit}
        />
      }
    >
      <form id={formId} onSubmit={create.submit} noValidate>
        <TextInput
          label={LABELS.name}
          placeholder={LABELS.placeholder}
          value={create.name}
          onChange={(event) => create.change(event.target.value)}
          disabled={create.creating}
          data-autofocus
        />
      </form>
    </Modal>
  );
}

/** The empty state's inline form: the same name and the same flow as the modal. */
export function NewActivityForm() {
  const create = useCreate();
  return (
    <form className="activity-inline-create" onSubmit={create.submit} noValidate>
      <TextInput
        label={LABELS.name}
        className="activity-inline-create__field"
        placeholder={LABELS.placeholder}
        value={create.name}
        onChange={(event) => create.change(event.target.value)}
        disabled={create.creating}
      />
      <Button type="submit" variant="primary" loading={create.creating} disabled={create.blank}>
        {create.creating ? LABELS.creating : LABELS.submit}
      </Button>
    </form>
  );
}
