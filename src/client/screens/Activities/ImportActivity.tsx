import { Button } from '@client/components';
import { type Command, usePaletteCommands } from '@client/palette';
import { ACTIVITY_IMPORT_TEXTS, isImporting } from '@machines/activityImport';
import { canManageActivities } from '@shared/permissions';
import { type ChangeEvent, useMemo, useRef } from 'react';
import { ActivityImportActor } from './actors';

/**
 * 'Import Activity': a file exported with 'Export activity as JSON' becomes a new activity. The
 * button and the palette command open the browser's file picker; the machine reads, checks and
 * sends the file (machines/activityImport.ts).
 */
export function ImportActivityButton() {
  const importer = ActivityImportActor.useActorRef();
  const importing = ActivityImportActor.useSelector(isImporting);
  const input = useRef<HTMLInputElement>(null);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after fixing it) is a new change.
    event.target.value = '';
    if (file) importer.send({ type: 'import.file', file });
  };

  const commands = useMemo(
    (): Command[] => [
      {
        id: 'activities.import',
        title: ACTIVITY_IMPORT_TEXTS.command,
        group: 'Activities',
        keywords: ['upload', 'restore', 'json', 'experiment'],
        allowed: canManageActivities,
        disabled: importing ? ACTIVITY_IMPORT_TEXTS.importing : undefined,
        run: () => input.current?.click(),
      },
    ],
    [importing],
  );
  usePaletteCommands(commands);

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Activity file to import"
        onChange={onFile}
      />
      <Button variant="secondary" disabled={importing} onClick={() => input.current?.click()}>
        {importing ? ACTIVITY_IMPORT_TEXTS.importing : ACTIVITY_IMPORT_TEXTS.button}
      </Button>
    </>
  );
}
