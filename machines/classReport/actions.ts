import { canManageActivities } from '@shared/permissions';
import type { ClassExportFile, ClassRow } from '@shared/schemas/class-report';
import type { SnapshotFrom } from 'xstate';
import { actionsOf } from '../action';
import { REPORT_TEXTS, type ReportEvent } from './contract';
import type { classReportMachine } from './machine';
import { reportFace } from './selectors';

/**
 * What an instructor can do with a class report, each defined once (machines/action.ts): the
 * report's buttons and the palette's commands come from these. When each is available is the
 * machine's guards (./machine.ts), read with `snapshot.can`.
 */

type Snapshot = SnapshotFrom<typeof classReportMachine>;
const GROUP = 'Class report';
const defineAction = actionsOf<ReportEvent, Snapshot>();

export const DELETE_CLOSED_FIRST = 'Close the session before deleting its data';

/** Refused while the report loads, or while it is busy (refreshing, exporting, saving, a dialog). */
const busyReason = (s: Snapshot): string => (reportFace(s) === 'ready' ? 'Busy' : 'The report is loading');

export const refreshReport = defineAction({
  id: 'classReport.refresh',
  label: 'Refresh report',
  title: 'Refresh report',
  group: GROUP,
  allowed: canManageActivities,
  type: 'report.refresh',
  event: () => ({ type: 'report.refresh' }),
  unavailable: busyReason,
});

const exportAction = (file: ClassExportFile, title: string) =>
  defineAction({
    id: `classReport.export.${file}`,
    label: title,
    title,
    group: GROUP,
    allowed: canManageActivities,
    type: 'export.run',
    event: () => ({ type: 'export.run', file }),
    unavailable: busyReason,
  });

export const EXPORTS = [
  exportAction('messages.csv', 'Export messages CSV'),
  exportAction('students.csv', 'Export students CSV'),
  exportAction('session.json', 'Export session JSON'),
] as const;

export const deleteClassData = defineAction({
  id: 'classReport.delete',
  label: 'Delete class data...',
  title: 'Delete class data...',
  group: GROUP,
  allowed: canManageActivities,
  type: 'delete.request',
  event: () => ({ type: 'delete.request' }),
  unavailable: (s) => {
    if (reportFace(s) !== 'ready') return busyReason(s);
    if (!s.context.closed) return DELETE_CLOSED_FIRST;
    return (s.context.report?.rows.length ?? 0) === 0 ? REPORT_TEXTS.empty : busyReason(s);
  },
});

/** Overrides a graded student's grade (a student without a grade has none to override). */
export const overrideGrade = defineAction<ClassRow>({
  id: 'classReport.override',
  label: 'Override grade',
  title: 'Override a grade...',
  group: GROUP,
  keywords: ['grade', 'withdraw'],
  allowed: canManageActivities,
  type: 'override.open',
  event: (row) => ({ type: 'override.open', studentId: row.studentId }),
  unavailable: (s) => (reportFace(s) === 'ready' ? 'Not graded yet' : busyReason(s)),
});

/** The report's actions without a target, in the palette's order. */
export const REPORT_ACTIONS = [refreshReport, ...EXPORTS, deleteClassData] as const;
