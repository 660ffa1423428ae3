import { actionCommand, targetCommand } from '@client/actions/commands';
import { useActionSnapshot } from '@client/actions/useActionSnapshot';
import { usePaletteCommands } from '@client/palette';
import { overrideGrade, REPORT_ACTIONS } from '@machines/classReport/actions';
import { useMemo } from 'react';
import { ClassReportActor } from './actors';

/** The report's actions (machines/classReport/actions.ts) as palette commands; its buttons are the same actions. */
export function useClassReportCommands() {
  const actor = ClassReportActor.useActorRef();
  const now = useActionSnapshot(actor, REPORT_ACTIONS);
  const commands = useMemo(
    () => [
      // The graded students, read when the page opens (a refreshed report lists the new grades).
      targetCommand(actor, now, overrideGrade, {
        placeholder: 'Whose grade? Type a name',
        empty: 'No graded student',
        choices: () => actor.getSnapshot().context.report?.rows ?? [],
        item: (row) => ({ id: row.studentId, title: row.name }),
      }),
      ...REPORT_ACTIONS.map((action) => actionCommand(actor, now, action)),
    ],
    [actor, now],
  );
  usePaletteCommands(commands);
}
