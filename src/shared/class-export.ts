import { type CsvCell, csvText } from './csv';
import type { ClassMessage, ClassReportInput } from './evaluation/class-inputs';
import { buildClassReport, type Measured, measureStudents } from './evaluation/class-report';
import {
  CLASS_EXPORT_FORMAT,
  type ClassReport,
  type ClassRow,
  type ExportMessage,
  type SessionExport,
} from './schemas/class-report';
import type { Identity } from './schemas/class-sessions';
import { STOPPED_MARKER, stoppedText } from './schemas/runner';

/**
 * A class session written out (docs/architecture.md "Class reports"): the messages CSV (one row
 * per message), the students CSV (one row per student, with what they handed in) and the JSON of
 * the whole session (sessionExportSchema). CSV as every export writes it (./csv.ts: formula guard,
 * CRLF); shared so the API and a screen's download write the same bytes.
 */

export interface ClassSessionInfo {
  id: string;
  name: string;
  activity: string;
  createdAt: string;
  closedAt: string | null;
  identity: Identity;
}

export const MESSAGES_CSV_COLUMNS = [
  'session',
  'student',
  'leia',
  'turn',
  'speaker',
  'text',
  'time',
] as const;
export const STUDENTS_CSV_COLUMNS = [
  'student',
  'leia',
  'joined',
  'handed in',
  'time spent (minutes)',
  'turns',
  'share elicited',
  'grade',
  'graded by',
  'hand-in',
] as const;
export const CLASS_CSV_SPEAKERS = { leia: 'LEIA', interviewer: 'Interviewer' } as const;

/** Who a student is in an export: their email when the session asked for one, else their name. */
const studentLabel = (student: { name: string; email?: string }) => student.email ?? student.name;

/** Each message with its turn: a LEIA reply is its turn; a question belongs to the turn it asks in. */
export function numberedMessages(messages: readonly ClassMessage[]): ExportMessage[] {
  // As leiaTurns (evaluation/conversation.ts) numbers them: the n-th LEIA reply is turn n.
  let answered = 0;
  return messages.map((message) => {
    if (message.isLeia) answered += 1;
    return {
      turn: message.isLeia ? answered : answered + 1,
      speaker: message.isLeia ? 'leia' : 'interviewer',
      text:
        message.stopped && !message.text.endsWith(STOPPED_MARKER) ? stoppedText(message.text) : message.text,
      time: message.timestamp,
    };
  });
}

export function messagesCsv(session: { name: string }, students: ClassReportInput['students']): string {
  const rows: CsvCell[][] = [];
  for (const student of students) {
    for (const message of numberedMessages(student.messages)) {
      rows.push([
        session.name,
        studentLabel(student),
        student.leia.name,
        message.turn,
        CLASS_CSV_SPEAKERS[message.speaker],
        message.text,
        message.time,
      ]);
    }
  }
  return csvText(MESSAGES_CSV_COLUMNS, rows);
}

const GRADER_LABELS = { offline: 'offline comparison', judge: 'language model', instructor: 'instructor' };

function graderCell(row: ClassRow, model: string | undefined): string {
  if (row.gradedBy === null) return '';
  if (row.gradedBy === 'instructor') return `instructor${row.gradedByName ? ` (${row.gradedByName})` : ''}`;
  if (row.gradedBy === 'judge' && model) return `${GRADER_LABELS.judge} (${model})`;
  return GRADER_LABELS[row.gradedBy];
}

/** One row per student; a grade of 0 is written 0 (empty only when there is no grade yet). */
export function studentsCsv(report: ClassReport, students: ClassReportInput['students']): string {
  const byId = new Map(students.map((student) => [student.id, student]));
  const rows = report.rows.map((row): CsvCell[] => {
    const student = byId.get(row.studentId);
    return [
      studentLabel(row),
      row.leia.name,
      row.joinedAt,
      row.handedInAt ?? '',
      Math.round(row.timeSpentSeconds / 6) / 10,
      row.turns,
      row.elicited,
      row.grade,
      graderCell(row, student?.grade?.model),
      student?.handIn ?? '',
    ];
  });
  return csvText(STUDENTS_CSV_COLUMNS, rows);
}

/** The whole session as JSON (sessionExportSchema); the report is built once with it. */
export function sessionExport(
  session: ClassSessionInfo,
  input: ClassReportInput,
  measured: readonly Measured[] = measureStudents(input),
): SessionExport {
  return {
    format: CLASS_EXPORT_FORMAT,
    version: 1,
    exportedAt: input.now.toISOString(),
    session,
    leias: [...input.leias],
    students: measured.map(({ student, elicitation }) => ({
      id: student.id,
      name: student.name,
      ...(student.email !== undefined && { email: student.email }),
      leia: student.leia,
      joinedAt: student.joinedAt,
      handedInAt: student.handedInAt,
      autoHandedIn: student.autoHandedIn,
      conversation: numberedMessages(student.messages),
      draft: student.draft ?? '',
      handIn: student.handIn,
      grade: student.grade,
      elicitation,
    })),
    report: buildClassReport(input, measured),
  };
}
