import { Button } from '@client/components';
import { ACTIVITY_IMPORT_TEXTS, isImporting } from '@machines/activityImport';
import type { ChangeEvent } from 'react';
import { ActivityImportActor } from './actors';

/** Opens the browser's file picker (the button, and the palette's 'Import activity from JSON...'). */
export const openImportPicker = () =>
  document.querySelector<HTMLInputElement>('input[data-activity-import]')?.click();

/**
 * 'Import Activity': a file exported with 'Export activity as JSON' becomes a new activity. The
 * button opens the browser's file picker; the machine reads, checks and sends the file
 * (machines/activityImport.ts).
 */
export function ImportActivityButton() {
  const importer = ActivityImportActor.useActorRef();
  const importing = ActivityImportActor.useSelector(isImporting);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after fixing it) is a new change.
    event.target.value = '';
    if (file) importer.send({ type: 'import.file', file });
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
