import { joinPagePath } from '@shared/class-sessions';
import type { AfterHandIn, ClassSessionSummary, LiveRow, StudentView } from '@shared/schemas/class-sessions';
import type { EvaluationReport } from '@shared/schemas/evaluation';
import type { HandInGrade } from '@shared/schemas/grading';
import type { ChatMessage } from '@shared/schemas/runner';
import type { TranscriptionMessage } from '@shared/schemas/transcription';
import type { ClassSessionRow, ClassStudentRow } from '../db/schema';
import type { ClassLeia } from './class-leias';

/**
 * Rows as the class-session API answers them (@shared/schemas/class-sessions). The student's view
 * is built field by field from what a student may read: nothing of the behaviour, and the solution
 * only after hand-in when the session shows it.
 */

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** Ended: closed by the instructor (or the deadline sweep), or past its deadline. */
export const hasEnded = (session: ClassSessionRow, now = Date.now()): boolean =>
  session.closedAt !== null || (session.endsAt !== null && session.endsAt.getTime() <= now);

export function toSummary(
  session: ClassSessionRow,
  counts: { students: number; handedIn: number },
): ClassSessionSummary {
  return {
    id: session.id,
    experimentId: session.experimentId,
    name: session.name,
    code: session.code,
    joinPath: joinPagePath(session.code),
    status: hasEnded(session) ? 'closed' : 'open',
    createdAt: session.createdAt.toISOString(),
    endsAt: iso(session.endsAt),
    closedAt: iso(session.closedAt),
    settings: {
      allowRejoin: session.allowRejoin,
      showReport: session.showReport,
      showSolution: session.showSolution,
      identity: session.identity,
    },
    counts,
  };
}

export function toLiveRow(student: ClassStudentRow, leia: ClassLeia, session: ClassSessionRow): LiveRow {
  return {
    studentId: student.id,
    displayName: student.displayName,
    ...(student.email !== null && { email: student.email }),
    leia: { configId: leia.configId, name: leia.name, mode: leia.mode },
    joinedAt: student.joinedAt.toISOString(),
    messages: student.messageCount,
    lastActivityAt: student.lastActivityAt.toISOString(),
    elicited: student.elicited,
    handedIn: student.handedInAt !== null,
    handedInAt: iso(student.handedInAt),
    autoHandedIn: student.autoHandedIn,
    endsAt: iso(session.endsAt),
  };
}

/** What the session shows a student after hand-in. */
export function afterHandIn(
  student: ClassStudentRow,
  session: ClassSessionRow,
  leia: ClassLeia,
): AfterHandIn {
  const grade = student.grade as unknown as HandInGrade | null;
  const report = student.report as unknown as EvaluationReport | null;
  const after: AfterHandIn = {
    handIn: student.handIn ?? '',
    handedInAt: student.handedInAt!.toISOString(),
    auto: student.autoHandedIn,
  };
  if (session.showReport && grade) {
    const { total, present, partly, missing, extra } = grade.figures;
    after.report = {
      grade: grade.final,
      handIn: { total, present, partly, missing, extra },
      elicited: report ? report.coverage : null,
      ...(grade.feedback !== undefined && { feedback: grade.feedback }),
    };
  }
  if (session.showSolution && leia.solution !== '') {
    after.solution = {
      text: leia.solution,
      format: leia.solutionFormat,
      ...(session.showReport && grade && { elements: grade.elements }),
    };
  }
  return after;
}

export function toStudentView(
  student: ClassStudentRow,
  session: ClassSessionRow,
  leia: ClassLeia,
  conversation: ChatMessage[],
): StudentView {
  const transcript =
    leia.mode !== 'transcription' || !leia.data
      ? null
      : typeof leia.data.link === 'string'
        ? { link: leia.data.link }
        : Array.isArray(leia.data.messages)
          ? { messages: leia.data.messages as TranscriptionMessage[] }
          : null;
  const handedIn = student.handedInAt !== null;
  return {
    studentId: student.id,
    displayName: student.displayName,
    sessionName: session.name,
    state: hasEnded(session) ? 'ended' : 'active',
    endsAt: iso(session.endsAt),
    serverNow: new Date().toISOString(),
    leia: leia.personaName ? { personaName: leia.personaName } : {},
    instructions: leia.instructions,
    mode: leia.mode,
    transcript,
    conversation,
    solutionFormat: leia.solutionFormat,
    draft: student.draft,
    handedIn,
    afterHandIn: handedIn ? afterHandIn(student, session, leia) : null,
  };
}
