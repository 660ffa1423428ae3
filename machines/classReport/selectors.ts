import type { ClassRow } from '@shared/schemas/class-report';
import type { SnapshotFrom } from 'xstate';
import type { Sort, SortColumn } from './contract';
import type { classReportMachine } from './machine';

type Snapshot = SnapshotFrom<typeof classReportMachine>;

/** What the screen shows: loading, failed, or the report. */
export const reportFace = (s: Snapshot): 'loading' | 'failed' | 'ready' =>
  s.matches('Loading') ? 'loading' : s.matches('Failed') ? 'failed' : 'ready';
export const isBusy = (s: Snapshot) => s.hasTag('saving') || s.hasTag('exporting') || s.hasTag('refreshing');
export const isSaving = (s: Snapshot) => s.hasTag('saving');
export const isOverrideOpen = (s: Snapshot) => s.matches({ Ready: 'Overriding' });
export const isDeleteOpen = (s: Snapshot) => s.matches({ Ready: 'Deleting' });
export const isStudentOpen = (s: Snapshot) => s.matches({ Ready: 'Student' });
export const studentCount = (s: Snapshot) => s.context.report?.rows.length ?? 0;

const keyOf: Record<SortColumn, (row: ClassRow) => string | number> = {
  name: (row) => row.name.toLowerCase(),
  leia: (row) => row.leia.name.toLowerCase(),
  time: (row) => row.timeSpentSeconds,
  turns: (row) => row.turns,
  elicited: (row) => row.elicited ?? -1,
  grade: (row) => row.grade ?? -1,
  gradedBy: (row) => row.gradedBy ?? '',
  handedIn: (row) => (row.handedIn ? 1 : 0),
};

/** The rows in the chosen order; ties keep the order students joined in. */
export function sortRows(rows: readonly ClassRow[], sort: Sort): ClassRow[] {
  const key = keyOf[sort.column];
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const x = key(a.row);
      const y = key(b.row);
      return (x < y ? -1 : x > y ? 1 : 0) * sign || a.index - b.index;
    })
    .map(({ row }) => row);
}

export const sortedRows = (s: Snapshot) => sortRows(s.context.report?.rows ?? [], s.context.sort);

/** A share as a whole percentage, or a dash when not measured. */
export const percent = (share: number | null | undefined) =>
  share === null || share === undefined ? '—' : `${Math.round(share * 100)}%`;
/** A grade with one decimal, or a dash. */
export const gradeText = (grade: number | null | undefined) =>
  grade === null || grade === undefined ? '—' : grade.toFixed(1);
/** Seconds as minutes and seconds. */
export const durationText = (seconds: number) => `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
