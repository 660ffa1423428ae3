import type {
  ClassLeiaRef,
  ClassReport,
  ClassRow,
  StudentGrade,
  StudentReport,
  Variant,
} from '../schemas/class-report';
import type { EvaluationReport } from '../schemas/evaluation';
import type { HandInGrade } from '../schemas/grading';
import { buildGrids } from './class-grid';
import {
  type ClassReportInput,
  type ClassSolution,
  type ClassStudentInput,
  conversationMeasurer,
  elicitationOf,
  graderOf,
  timeSpentSeconds,
  turnsOf,
} from './class-inputs';
import { mean, meanCurve, spread } from './class-stats';
import { interviewerStats } from './interviewer';

/**
 * What a class learned (docs/architecture.md "Class reports"): the class report (a row per
 * student, the grid of solution elements x students, the LEIA variants compared) and each
 * student's own report, built from the stored grades (grading.ts, with their overrides) and the
 * conversations' elicitation reports (report.ts), made offline here for a conversation not yet
 * handed in. Pure: the server and the screens build the same report from the same data.
 */

export type { ClassReportInput, ClassSolution, ClassStudentInput } from './class-inputs';

/** A student with their conversation's elicitation report, measured once for every use. */
export interface Measured {
  student: ClassStudentInput;
  elicitation: EvaluationReport | null;
}

export function measureStudents(input: ClassReportInput): Measured[] {
  const measure = conversationMeasurer(input.lexicon);
  return input.students.map((student) => ({
    student,
    elicitation: elicitationOf(student, input.solutions[student.leia.configId], measure),
  }));
}

function classRow({ student, elicitation }: Measured): ClassRow {
  const grade = student.grade;
  return {
    studentId: student.id,
    name: student.name,
    ...(student.email !== undefined && { email: student.email }),
    leia: student.leia,
    joinedAt: student.joinedAt,
    timeSpentSeconds: timeSpentSeconds(student),
    turns: turnsOf(student, elicitation),
    elicited: elicitation ? elicitation.coverage.ratio : null,
    grade: grade ? grade.final : null,
    gradedBy: grade ? graderOf(grade) : null,
    ...(grade?.override && { gradedByName: grade.override.by }),
    handedIn: student.handedInAt !== null,
    handedInAt: student.handedInAt,
    autoHandedIn: student.autoHandedIn,
  };
}

function variant(leia: ClassLeiaRef, measured: readonly Measured[]): Variant {
  const members = measured.filter((one) => one.student.leia.configId === leia.configId);
  const reports = members.flatMap((one) => (one.elicitation ? [one.elicitation] : []));
  const shares = reports.map((report) => report.coverage.ratio);
  const grades = members.flatMap((one) => (one.student.grade ? [one.student.grade.final] : []));
  const curve = meanCurve(reports.map((report) => report.curve.coverage));
  return {
    leia,
    students: members.length,
    handedIn: members.filter((one) => one.student.handedInAt !== null).length,
    meanElicited: mean(shares),
    elicitedSpread: spread(shares),
    meanGrade: mean(grades, 2),
    gradeSpread: spread(grades),
    curve,
  };
}

export function buildClassReport(
  input: ClassReportInput,
  measured: readonly Measured[] = measureStudents(input),
): ClassReport {
  const gridStudents = measured.map(({ student, elicitation }) => ({
    id: student.id,
    configId: student.leia.configId,
    elicitation,
    grade: student.grade,
  }));
  return {
    sessionId: input.sessionId,
    builtAt: input.now.toISOString(),
    rows: measured.map(classRow),
    grids: buildGrids(
      input.leias.map((leia) => leia.configId),
      input.solutions,
      gridStudents,
    ),
    variants: input.leias.map((leia) => variant(leia, measured)),
  };
}

/** The hand-in's grade as its student reads it: missed elements named only with the solution. */
export function studentGrade(grade: HandInGrade, showSolution: boolean): StudentGrade {
  const named = grade.elements.map(({ id, kind, label, parent, status }) => ({
    id,
    kind,
    label,
    ...(parent !== undefined && { parent }),
    status,
  }));
  const { total, present, partly, missing, extra } = grade.figures;
  return {
    final: grade.final,
    computed: grade.grade,
    gradedBy: graderOf(grade),
    ...(grade.model !== undefined && { model: grade.model }),
    ...(grade.override && { overrideComment: grade.override.comment }),
    figures: { total, present, partly, missing, extra },
    found: named.flatMap((element) =>
      element.status === 'missing' ? [] : [{ ...element, status: element.status }],
    ),
    missed: showSolution
      ? named.filter((element) => element.status === 'missing').map(({ status: _s, ...element }) => element)
      : null,
    ...(grade.feedback !== undefined && { feedback: grade.feedback }),
    explanation: grade.explanation,
  };
}

/** A student's report after hand-in: elicitation by turn, the grade, the interviewer's figures. */
export function studentReport(
  student: ClassStudentInput,
  solution: ClassSolution | undefined,
  options: { showSolution: boolean; lexicon?: ClassReportInput['lexicon'] },
): StudentReport {
  const report = elicitationOf(student, solution, conversationMeasurer(options.lexicon));
  return {
    elicitation: report && {
      revealed: report.coverage.revealed,
      partly: report.coverage.partly,
      total: report.coverage.total,
      share: report.coverage.ratio,
      byTurn: { turn: report.curve.turn, share: report.curve.coverage },
      halfTurn: report.halfTurn,
      method: report.notes[0] ?? report.method,
    },
    grade: student.grade ? studentGrade(student.grade, options.showSolution) : null,
    interviewer: report?.interviewer ?? {
      ...interviewerStats(student.messages.map(({ text, isLeia }) => ({ text, isLeia }))),
      comments: null,
    },
  };
}
