import { type ClassSessionInfo, messagesCsv, sessionExport, studentsCsv } from '@shared/class-export';
import { CLASS_TEXTS } from '@shared/class-sessions';
import { buildClassReport, measureStudents, studentReport } from '@shared/evaluation/class-report';
import { applyOverride, clearOverride } from '@shared/evaluation/grading-override';
import type { Actor } from '@shared/permissions';
import {
  CLASS_REPORT_TEXTS,
  type ClassDataDeleted,
  type ClassExportFile,
  type ClassReport,
  type StudentReport,
} from '@shared/schemas/class-report';
import type { GradeOverrideBody, HandInGrade } from '@shared/schemas/grading';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { classStudents } from '../db/schema';
import { conflict, notFound } from '../errors';
import { UUID } from './actor';
import type { ClassLive } from './class-live';
import type { ClassReportInputs, SessionData } from './class-report-inputs';
import { deleteClassStudents } from './class-retention';
import type { Student } from './class-students';
import { hasEnded } from './class-views';

/**
 * What a class learned, for its instructor (docs/architecture.md "Class reports"): the class
 * report, a student's report, the exports, a grade's override, and deleting the class's data. The
 * reports are built by @shared/evaluation/class-report from what ./class-report-inputs.ts reads.
 */

interface Deps {
  db: Db;
  inputs: ClassReportInputs;
  live: Pick<ClassLive, 'publishSummary'>;
}

export interface ExportFile {
  type: string;
  name: string;
  body: string;
}

const studentOf = (data: SessionData, studentId: string) => {
  const index = UUID.test(studentId) ? data.rows.findIndex((row) => row.id === studentId) : -1;
  if (index < 0) throw notFound(CLASS_TEXTS.studentNotFound);
  return { row: data.rows[index]!, input: data.input.students[index]! };
};

/** A file name of the session's name, safe in a header. */
const fileName = (info: ClassSessionInfo, file: ClassExportFile) =>
  `${info.name.replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '') || info.id}-${file}`;

/** One export file of the session's data. */
function exportOf({ info, input }: SessionData, file: ClassExportFile): ExportFile {
  const name = fileName(info, file);
  const csv = 'text/csv; charset=utf-8';
  if (file === 'messages.csv') return { type: csv, name, body: messagesCsv(info, input.students) };
  const measured = measureStudents(input);
  if (file === 'students.csv')
    return { type: csv, name, body: studentsCsv(buildClassReport(input, measured), input.students) };
  const body = JSON.stringify(sessionExport(info, input, measured));
  return { type: 'application/json; charset=utf-8', name, body };
}

/**
 * A student's own report (STUDENT_PATHS.report), after hand-in, if the session shows reports: the
 * missed elements named only if it shows the solution too. 404 when the session shows no report
 * (the report does not exist for them), 409 before hand-in (it will, once they hand in).
 */
export async function ownReport(
  inputs: Pick<ClassReportInputs, 'ofStudent'>,
  { student, session }: Student,
): Promise<StudentReport> {
  if (!session.showReport) throw notFound(CLASS_REPORT_TEXTS.noStudentReport);
  if (!student.handedInAt) throw conflict(CLASS_REPORT_TEXTS.notHandedIn);
  const { input, solution } = await inputs.ofStudent(student);
  return studentReport(input, solution, { showSolution: session.showSolution });
}

export function createClassReportsService({ db, inputs, live }: Deps) {
  async function setGrade(
    actor: Actor,
    sessionId: string,
    studentId: string,
    change: (g: HandInGrade) => HandInGrade,
  ) {
    const data = await inputs.load(actor, sessionId);
    const { row, input } = studentOf(data, studentId);
    if (!input.grade) throw conflict(CLASS_REPORT_TEXTS.notGraded);
    const grade = change(input.grade);
    await db
      .update(classStudents)
      .set({ grade: grade as unknown as Record<string, unknown> })
      .where(eq(classStudents.id, row.id));
    return grade;
  }

  return {
    async report(actor: Actor, sessionId: string): Promise<ClassReport> {
      return buildClassReport((await inputs.load(actor, sessionId)).input);
    },

    /** As the student reads it, but the instructor sees the missed elements named. */
    async studentReport(actor: Actor, sessionId: string, studentId: string): Promise<StudentReport> {
      const data = await inputs.load(actor, sessionId);
      const { input } = studentOf(data, studentId);
      return studentReport(input, data.input.solutions[input.leia.configId], { showSolution: true });
    },

    async exportFile(actor: Actor, sessionId: string, file: ClassExportFile): Promise<ExportFile> {
      return exportOf(await inputs.load(actor, sessionId), file);
    },

    overrideGrade(
      actor: Actor & { email?: string },
      sessionId: string,
      studentId: string,
      body: GradeOverrideBody,
    ) {
      const by = actor.email ?? actor.id;
      return setGrade(actor, sessionId, studentId, (grade) =>
        applyOverride(grade, body, { by, at: new Date() }),
      );
    },

    withdrawOverride(actor: Actor, sessionId: string, studentId: string) {
      return setGrade(actor, sessionId, studentId, (grade) => {
        if (!grade.override) throw conflict(CLASS_REPORT_TEXTS.noOverride);
        return clearOverride(grade);
      });
    },

    async deleteData(actor: Actor, sessionId: string, confirmed: number): Promise<ClassDataDeleted> {
      const { session } = await inputs.managedSession(actor, sessionId);
      if (!hasEnded(session)) throw conflict(CLASS_REPORT_TEXTS.closeFirst);
      const deleted = await deleteClassStudents(db, session.id, confirmed);
      await live.publishSummary(session);
      return { deleted };
    },
  };
}

export type ClassReportsService = ReturnType<typeof createClassReportsService>;
