import type { ClassExportFile, ClassReport, ClassRow } from '@shared/schemas/class-report';
import type { StudentConversation } from '@shared/schemas/class-sessions';
import type { Failure } from '../failure';

/**
 * What the instructor's class report (./machine.ts) and its screen agree on: its IO, texts,
 * context and events. The texts the server sends too are CLASS_REPORT_TEXTS (src/shared).
 */

export const REPORT_TEXTS = {
  title: 'Class report',
  loading: 'Building the class report...',
  loadFailed: 'Could not build this class report',
  exportFailed: 'The export failed. Try again.',
  exported: (file: string) => `${file} downloaded`,
  overrideTitle: (name: string) => `Override ${name}'s grade`,
  overrideSaved: 'Grade overridden',
  withdrawn: 'Override withdrawn',
  actionFailed: 'The report could not be changed. Try again.',
  deleted: (students: number) => `Data of ${students} student${students === 1 ? '' : 's'} deleted`,
  empty: 'No student data: none joined, or their data was deleted.',
  studentTitle: (name: string) => `Conversation and hand-in of ${name}`,
  studentLoading: 'Loading the conversation...',
  studentFailed: 'Could not load this conversation',
} as const;

/**
 * Students per page of the grid: a class of 200 makes 12,000 cells, seconds to lay out, and no one
 * reads across 200 columns. The students' table keeps every row.
 */
export const GRID_PAGE_SIZE = 20;

/** The report reloads this long after the last live event of an open session (a burst is one reload). */
export const LIVE_RELOAD_MS = 1000;

/** A file as the browser saves it. */
export interface DownloadedFile {
  fileName: string;
  content: string;
  type: string;
}

export interface ReportIo {
  /** The report, and whether the session is closed (its data may then be deleted). */
  load: { input: { sessionId: string }; output: { report: ClassReport; closed: boolean } };
  exportFile: { input: { sessionId: string; file: ClassExportFile }; output: DownloadedFile };
  override: {
    input: { sessionId: string; studentId: string; grade: number; comment: string };
    output: unknown;
  };
  withdraw: { input: { sessionId: string; studentId: string }; output: unknown };
  deleteData: { input: { sessionId: string; students: number }; output: { deleted: number } };
  /** One student's conversation, draft and hand-in (CLASS_PATHS.student, as the live view reads it). */
  loadStudent: { input: { sessionId: string; studentId: string }; output: StudentConversation };
}

/** The student whose conversation and hand-in are open beside each other. */
export interface OpenStudent {
  studentId: string;
  name: string;
  data: StudentConversation | null;
  error: string | null;
}

export const SORT_COLUMNS = [
  'name',
  'leia',
  'time',
  'turns',
  'elicited',
  'grade',
  'gradedBy',
  'handedIn',
] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];
export interface Sort {
  column: SortColumn;
  direction: 'ascending' | 'descending';
}

export interface OverrideForm {
  studentId: string;
  name: string;
  grade: string;
  comment: string;
  errors: { grade?: string; comment?: string };
}

export interface ReportContext {
  sessionId: string;
  report: ClassReport | null;
  closed: boolean;
  loadError: Failure | null;
  sort: Sort;
  /** The page of students each grid shows (by gridKey), from 0; the first when not chosen. */
  gridPages: Readonly<Record<string, number>>;
  override: OverrideForm | null;
  actionError: string | null;
  student: OpenStudent | null;
}

export type { ClassRow };

export type ReportEvent =
  | { type: 'report.retry' }
  | { type: 'report.refresh' }
  | { type: 'sort.by'; column: SortColumn }
  | { type: 'grid.page'; grid: string; page: number }
  | { type: 'export.run'; file: ClassExportFile }
  | { type: 'override.open'; studentId: string }
  | { type: 'override.change'; field: 'grade' | 'comment'; value: string }
  | { type: 'override.submit' }
  | { type: 'override.withdraw' }
  | { type: 'override.cancel' }
  | { type: 'delete.request' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'student.open'; studentId: string }
  /** The open session changed (one of its live events, CLASS_PATHS.events): the report is stale. */
  | { type: 'live.changed' }
  /** Sent by the machine itself, LIVE_RELOAD_MS after the last live.changed. */
  | { type: 'live.reload' }
  | { type: 'student.retry' }
  | { type: 'student.close' };
