import { type Command, defineCommand, type StaticArgument, usePaletteCommands } from '@client/palette';
import { isBusy, reportFace } from '@machines/classReport/selectors';
import { canManageActivities } from '@shared/permissions';
import type { ClassExportFile } from '@shared/schemas/class-report';
import { useMemo } from 'react';
import { ClassReportActor } from './actors';

const GROUP = 'Class report';

/** The buttons' labels, which the palette commands share. */
export const REPORT_ACTIONS = {
  messages: 'Export messages CSV',
  students: 'Export students CSV',
  session: 'Export session JSON',
  delete: 'Delete class data...',
  override: 'Override a grade...',
  refresh: 'Refresh report',
} as const;

export const EXPORTS: { file: ClassExportFile; title: string }[] = [
  { file: 'messages.csv', title: REPORT_ACTIONS.messages },
  { file: 'students.csv', title: REPORT_ACTIONS.students },
  { file: 'session.json', title: REPORT_ACTIONS.session },
];

export const DELETE_CLOSED_FIRST = 'Close the session before deleting its data';

/** The report's actions as palette commands (the buttons send the same events). */
export function useClassReportCommands() {
  const closed = ClassReportActor.useSelector((s) => s.context.closed);
  const actor = ClassReportActor.useActorRef();
  const ready = ClassReportActor.useSelector((s) => reportFace(s) === 'ready');
  const busy = ClassReportActor.useSelector(isBusy);
  const commands = useMemo((): Command[] => {
    const base = { group: GROUP, allowed: canManageActivities };
    const reason = !ready ? 'The report is loading' : busy ? 'Busy' : undefined;
    // The graded students, read when the page opens (a refreshed report lists the new grades).
    const studentPage: StaticArgument<string> = {
      placeholder: 'Whose grade? Type a name',
      empty: 'No graded student',
      load: () =>
        (actor.getSnapshot().context.report?.rows ?? [])
          .filter((row) => row.grade !== null)
          .map((row) => ({ id: row.studentId, title: row.name, value: row.studentId })),
    };
    return [
      defineCommand({
        ...base,
        id: 'classReport.override',
        title: REPORT_ACTIONS.override,
        keywords: ['grade', 'withdraw'],
        disabled: reason,
        args: [studentPage],
        run: (studentId) => actor.send({ type: 'override.open', studentId }),
      }),
      {
        ...base,
        id: 'classReport.refresh',
        title: REPORT_ACTIONS.refresh,
        disabled: reason,
        run: () => actor.send({ type: 'report.refresh' }),
      },
      ...EXPORTS.map(({ file, title }) => ({
        ...base,
        id: `classReport.export.${file}`,
        title,
        disabled: reason,
        run: () => actor.send({ type: 'export.run', file }),
      })),
      {
        ...base,
        id: 'classReport.delete',
        title: REPORT_ACTIONS.delete,
        disabled: reason ?? (closed ? undefined : DELETE_CLOSED_FIRST),
        run: () => actor.send({ type: 'delete.request' }),
      },
    ];
  }, [actor, ready, busy, closed]);
  usePaletteCommands(commands);
}
