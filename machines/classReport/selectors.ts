import type { ClassGrid, ClassRow } from '@shared/schemas/class-report';
import type { SnapshotFrom } from 'xstate';
import { GRID_PAGE_SIZE, type Sort, type SortColumn } from './contract';
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
/** The opened student's conversation and hand-in are being fetched. */
export const isStudentLoading = (s: Snapshot) => s.hasTag('studentLoading');
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

const NO_ROWS: readonly ClassRow[] = [];
const sorted = new WeakMap<readonly ClassRow[], { sort: Sort; rows: ClassRow[] }>();
/**
 * The report's rows in the chosen order: the same array while the rows and the order are, so the
 * table of 200 students is not drawn again on every change of the screen (a keystroke in a dialog).
 */
export function sortedRows(s: Snapshot): ClassRow[] {
  const rows = s.context.report?.rows ?? NO_ROWS;
  const known = sorted.get(rows);
  if (known?.sort === s.context.sort) return known.rows;
  const result = sortRows(rows, s.context.sort);
  sorted.set(rows, { sort: s.context.sort, rows: result });
  return result;
}

/** A grid's key in `gridPages`: its configurations. */
export const gridKey = (grid: ClassGrid) => grid.configIds.join(',');

/** How many pages of GRID_PAGE_SIZE students the grid has (one at least). */
export const gridPageCount = (grid: ClassGrid) =>
  Math.max(1, Math.ceil(grid.students.length / GRID_PAGE_SIZE));

/** The page of students the grid shows: the last when fewer students remain than before. */
export const gridPageOf = (s: Snapshot, grid: ClassGrid) =>
  Math.min(s.context.gridPages[gridKey(grid)] ?? 0, gridPageCount(grid) - 1);

/** A share as a whole percentage, or a dash when not measured. */
export const percent = (share: number | null | undefined) =>
  share === null || share === undefined ? '—' : `${Math.round(share * 100)}%`;
/** A grade with one decimal, or a dash. */
export const gradeText = (grade: number | null | undefined) =>
  grade === null || grade === undefined ? '—' : grade.toFixed(1);
/** Seconds as minutes and seconds. */
export const durationText = (seconds: number) => `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
