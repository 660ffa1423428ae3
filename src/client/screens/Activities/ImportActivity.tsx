import { AlertIcon, Button, FormFooter, Modal, TextInput } from '@client/components';
import {
  ACTIVITY_IMPORT_TEXTS,
  type ActivityImportSnapshot,
  hasImportEdits,
  importDialog,
  isImportDialogOpen,
  isImporting,
  isImportSaving,
} from '@machines/activityImport';
import { shallowEqual } from '@xstate/react';
import { type ChangeEvent, type FormEvent, useId } from 'react';
import { ActivityImportActor, ActivityListActor } from './actors';

/** Opens the browser's file picker (the button, and the palette's 'Import activity from JSON...'). */
export const openImportPicker = () =>
  document.querySelector<HTMLInputElement>('input[data-activity-import]')?.click();

/**
 * 'Import Activity': a file exported with 'Export activity as JSON' becomes a new activity. The
 * button opens the browser's file picker; the machine reads and checks the file, and the dialog
 * (ImportActivityModal) asks for its name before it is sent (machines/activityImport.ts).
 */
export function ImportActivityButton() {
  const importer = ActivityImportActor.useActorRef();
  const list = ActivityListActor.useActorRef();
  const importing = ActivityImportActor.useSelector(isImporting);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after fixing it) is a new change.
    event.target.value = '';
    const taken = list.getSnapshot().context.activities.map((activity) => activity.name);
    if (file) importer.send({ type: 'import.file', file, taken });
  };

  return (
    <>
      <input
        data-activity-import
        type="file"
        accept="application/json,.json"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Activity file to import"
        onChange={onFile}
      />
      <Button variant="secondary" disabled={importing} onClick={openImportPicker}>
        {importing ? ACTIVITY_IMPORT_TEXTS.importing : ACTIVITY_IMPORT_TEXTS.button}
      </Button>
    </>
  );
}

const selectDialog = (s: ActivityImportSnapshot) => ({
  open: isImportDialogOpen(s),
  importing: isImportSaving(s),
  edited: hasImportEdits(s),
  ...importDialog(s),
});

/**
 * The Import Activity dialog: the name the activity gets (the file's, or the next free one when
 * it is taken), editable; the server's reason when it refuses; Cancel and Import. A name typed
 * over is an edit: closing then asks first.
 */
export function ImportActivityModal() {
  const importer = ActivityImportActor.useActorRef();
  const view = ActivityImportActor.useSelector(selectDialog, shallowEqual);
  const formId = useId();
  const cancel = () => importer.send({ type: 'import.cancel' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    importer.send({ type: 'import.confirm' });
  };
  return (
    <Modal
      open={view.open}
      onClose={cancel}
      dismissible={!view.importing}
      title={ACTIVITY_IMPORT_TEXTS.title}
      description={ACTIVITY_IMPORT_TEXTS.leias(view.leiaCount)}
      size="sm"
      unsavedEdits={view.edited}
      footer={(requestClose) => (
        <FormFooter
          formId={formId}
          onCancel={requestClose}
          cancelDisabled={view.importing}
          saving={view.importing}
          submitDisabled={view.nameError !== null}
          submitLabel={view.importing ? ACTIVITY_IMPORT_TEXTS.importing : ACTIVITY_IMPORT_TEXTS.submit}
        />
      )}
    >
      <form id={formId} className="form-stack" onSubmit={submit} noValidate>
        <TextInput
          label={ACTIVITY_IMPORT_TEXTS.nameLabel}
          value={view.name}
          error={view.nameError ?? undefined}
          hint={view.takenFileName ? ACTIVITY_IMPORT_TEXTS.renamed(view.takenFileName) : undefined}
          disabled={view.importing}
          data-autofocus
          onChange={(event) => importer.send({ type: 'import.name', name: event.target.value })}
        />
        {view.refusal && (
          <p className="alert alert--error" role="alert">
            <AlertIcon />
            {view.refusal}
          </p>
        )}
      </form>
    </Modal>
  );
}
