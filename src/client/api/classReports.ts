import {
  CLASS_REPORT_PATHS,
  type ClassDataDeleted,
  type ClassExportFile,
  type ClassReport,
} from '@shared/schemas/class-report';
import type { GradeOverrideBody, HandInGrade } from '@shared/schemas/grading';
import { API_BASE, type CallOptions, clientFor } from './client';

/** The instructor's class-report calls (contract: src/shared/schemas/class-report.ts). */

const relative = (path: string) => (path.startsWith(API_BASE) ? path.slice(API_BASE.length) : path);
const opts = (options?: CallOptions) => ({ signal: options?.signal });

export const getClassReport = (sessionId: string, options?: CallOptions) =>
  clientFor(options)<ClassReport>(relative(CLASS_REPORT_PATHS.report(sessionId)), opts(options));

/** An export's text as the server wrote it (CSV or JSON, never parsed here). */
export const getClassExport = (sessionId: string, file: ClassExportFile, options?: CallOptions) =>
  clientFor(options)(relative(CLASS_REPORT_PATHS.export(sessionId, file)), {
    ...opts(options),
    responseType: 'text',
  }) as Promise<string>;

export const overrideGrade = (sessionId: string, studentId: string, body: GradeOverrideBody) =>
  clientFor()<HandInGrade>(relative(CLASS_REPORT_PATHS.grade(sessionId, studentId)), { method: 'PUT', body });

export const withdrawOverride = (sessionId: string, studentId: string) =>
  clientFor()<HandInGrade>(relative(CLASS_REPORT_PATHS.grade(sessionId, studentId)), { method: 'DELETE' });

export const deleteClassData = (sessionId: string, students: number) =>
  clientFor()<ClassDataDeleted>(relative(CLASS_REPORT_PATHS.data(sessionId)), {
    method: 'DELETE',
    query: { students },
  });
