import { z } from 'zod';
import { ELEMENT_KINDS } from '../evaluation/elements/types';
import { IDENTITIES } from './class-sessions';
import { elementStatusSchema, evaluationReportSchema, interviewerSchema } from './evaluation';
import { gradeStatusSchema, gradeValueSchema, handInGradeSchema } from './grading';
import { solutionFormats } from './resources';

/**
 * What a class learned (docs/architecture.md "Class reports"): each student's report, the class
 * report an instructor reads live and after the session, and the JSON export of a whole session.
 * Built by src/shared/evaluation/class-report.ts from the students' conversations, hand-ins and
 * grades; the CSV exports are in src/shared/class-export.ts. One grade scale everywhere: 0 to 10.
 */

/**
 * The instructor's routes (whoever manages the activity, as for the session itself):
 *   GET    CLASS_REPORT_PATHS.report(sessionId)                -> ClassReport
 *   GET    CLASS_REPORT_PATHS.studentReport(sessionId, id)     -> StudentReport (missed elements named)
 *   GET    CLASS_REPORT_PATHS.export(sessionId, file)          messages.csv, students.csv, session.json
 *   PUT    CLASS_REPORT_PATHS.grade(sessionId, id)             GradeOverrideBody -> HandInGrade
 *   DELETE CLASS_REPORT_PATHS.grade(sessionId, id)             the override withdrawn -> HandInGrade
 *   DELETE CLASS_REPORT_PATHS.data(sessionId)?students=N       -> {deleted}: a closed session's students,
 *          conversations, drafts, hand-ins and grades; N must be the number of students (the confirmation).
 */
const API = '/api/v1';
export const CLASS_EXPORT_FILES = ['messages.csv', 'students.csv', 'session.json'] as const;
export type ClassExportFile = (typeof CLASS_EXPORT_FILES)[number];
export const CLASS_REPORT_PATHS = {
  report: (sessionId: string) => `${API}/class-sessions/${sessionId}/report`,
  studentReport: (sessionId: string, studentId: string) =>
    `${API}/class-sessions/${sessionId}/students/${studentId}/report`,
  export: (sessionId: string, file: ClassExportFile) => `${API}/class-sessions/${sessionId}/exports/${file}`,
  grade: (sessionId: string, studentId: string) =>
    `${API}/class-sessions/${sessionId}/students/${studentId}/grade`,
  data: (sessionId: string) => `${API}/class-sessions/${sessionId}/data`,
} as const;

export const CLASS_REPORT_TEXTS = {
  notGraded: 'This student has not handed anything in to grade yet',
  notHandedIn: 'Your report is ready once you hand in your work',
  noStudentReport: 'This session does not show students their report',
  noOverride: 'This grade has no override to withdraw',
  closeFirst: 'Close the session before deleting its data',
  confirmRequired: 'Confirm with the number of students whose data is deleted',
  confirmCount: (students: number) =>
    `The session has ${students} student${students === 1 ? '' : 's'}: confirm with that number`,
  deleteTitle: (students: number) =>
    `Delete the data of ${students} student${students === 1 ? '' : 's'}: their conversations, drafts, hand-ins and grades?`,
} as const;

export const deleteClassDataQuerySchema = z.object({
  students: z.coerce
    .number({ error: CLASS_REPORT_TEXTS.confirmRequired })
    .int(CLASS_REPORT_TEXTS.confirmRequired)
    .min(0, CLASS_REPORT_TEXTS.confirmRequired),
});
export const classDataDeletedSchema = z.object({
  deleted: z.number().int().min(0).describe('Students whose data was deleted'),
});
export type ClassDataDeleted = z.infer<typeof classDataDeletedSchema>;

const isoDate = z.iso.datetime({ offset: true });
const share = z.number().min(0).max(1);
const count = z.number().int().min(0);

/** Who made the grade that counts: the offline comparison, a judge model or the instructor. */
export const GRADERS = ['offline', 'judge', 'instructor'] as const;
export const graderSchema = z.enum(GRADERS);
export type Grader = z.infer<typeof graderSchema>;

export const classLeiaRefSchema = z.object({
  configId: z.string().describe("The activity's LEIA configuration the student was given"),
  name: z.string().describe("The configuration's LEIA name, as the instructor sees it"),
});
export type ClassLeiaRef = z.infer<typeof classLeiaRefSchema>;

/** A solution element as the reports name it. */
export const namedElementSchema = z.object({
  id: z.string().describe('The element id in the solution (e1, e2...), stable for one solution text'),
  kind: z.enum(ELEMENT_KINDS).describe('What it is: a class, an attribute, a relationship, a sentence...'),
  label: z.string().describe('What the report shows, e.g. "Room.capacity"'),
  parent: z.string().optional().describe("What it belongs to: an attribute's class, an entry's path"),
});
export type NamedElement = z.infer<typeof namedElementSchema>;

// ---------------------------------------------------------------------------------------------
// The student's report

export const studentGradeSchema = z.object({
  final: gradeValueSchema.describe('The grade that counts, 0-10 with one decimal'),
  computed: gradeValueSchema.describe("The method's grade (offline or judge), kept beside an override"),
  gradedBy: graderSchema.describe('Who made the grade that counts'),
  model: z.string().optional().describe('The judge model, when a model graded'),
  overrideComment: z.string().optional().describe("The instructor's reason, when they overrode the grade"),
  figures: z
    .object({ total: count, present: count, partly: count, missing: count, extra: count })
    .describe(
      'Solution elements present, partly present and missing in the hand-in; extra: not in the solution',
    ),
  found: z
    .array(namedElementSchema.extend({ status: gradeStatusSchema.exclude(['missing']) }))
    .describe('The solution elements the hand-in has, present or partly'),
  missed: z
    .array(namedElementSchema)
    .nullable()
    .describe('The solution elements missing from the hand-in; null unless the session shows the solution'),
  feedback: z.string().optional().describe("The judge model's two or three sentences"),
  explanation: z.string().describe('How the grade follows from the figures'),
});
export type StudentGrade = z.infer<typeof studentGradeSchema>;

export const studentReportSchema = z.object({
  elicitation: z
    .object({
      revealed: count.describe("Solution elements the LEIA's replies revealed"),
      partly: count.describe('Solution elements partly revealed'),
      total: count.describe("Elements of the LEIA's hidden solution"),
      share: share.describe('revealed / total'),
      byTurn: z
        .object({ turn: z.array(count), share: z.array(share) })
        .describe('Share of the solution revealed after each LEIA turn, from turn 0 (uPlot data)'),
      halfTurn: z
        .number()
        .int()
        .min(1)
        .nullable()
        .describe('The turn half the solution was out by; null if never'),
      method: z.string().describe('How the elicitation was measured (the report notes, first)'),
    })
    .nullable()
    .describe('Null when there is no conversation to measure (transcription mode, no solution)'),
  grade: studentGradeSchema.nullable().describe('Null until the hand-in is graded'),
  interviewer: interviewerSchema.describe(
    "The interviewer's questions (open, closed), follow-ups, summaries, and a judge's comments by theme",
  ),
});
export type StudentReport = z.infer<typeof studentReportSchema>;

// ---------------------------------------------------------------------------------------------
// The class report

const spreadSchema = z
  .object({ sd: z.number().min(0), min: z.number(), max: z.number() })
  .nullable()
  .describe('Population standard deviation, minimum and maximum; null without any value');

export const classRowSchema = z.object({
  studentId: z.string().describe("The student's id in the session"),
  name: z.string().describe("The student's display name"),
  email: z.string().optional().describe('Their email, when the session asked for one'),
  leia: classLeiaRefSchema.describe('The LEIA configuration they were given'),
  joinedAt: isoDate.describe('When they joined'),
  timeSpentSeconds: count.describe('From joining to handing in (or to their last activity, until then)'),
  turns: count.describe("The LEIA's replies in the conversation"),
  elicited: share.nullable().describe('Share of the solution elicited; null when not measured'),
  grade: gradeValueSchema.nullable().describe('The grade that counts; null until graded'),
  gradedBy: graderSchema.nullable().describe('Who made that grade; null until graded'),
  gradedByName: z.string().optional().describe('The instructor who overrode the grade'),
  handedIn: z.boolean().describe('Whether they handed their work in'),
  handedInAt: isoDate.nullable().describe('When; null if they did not'),
  autoHandedIn: z.boolean().describe('The deadline handed their draft in'),
});
export type ClassRow = z.infer<typeof classRowSchema>;

export const gridRowSchema = namedElementSchema.extend({
  elicited: z
    .array(elementStatusSchema)
    .describe('Per student of the grid, in its order: revealed, partly or not in the conversation'),
  handIn: z
    .array(gradeStatusSchema.nullable())
    .describe('Per student: present, partly or missing in the hand-in; null before a graded hand-in'),
  elicitedBy: count.describe('Students whose conversation revealed it'),
  partlyBy: count.describe('Students whose conversation only partly revealed it'),
  inHandIns: count.describe('Hand-ins it is present in'),
  unasked: z.boolean().describe('Nobody elicited it, even partly: what the class never asked about'),
  rarelyAsked: z.boolean().describe('Fewer than half the students elicited it, even partly'),
});
export type GridRow = z.infer<typeof gridRowSchema>;

export const classGridSchema = z.object({
  configIds: z.array(z.string()).describe('The LEIA configurations sharing this solution'),
  solutionFormat: z.enum(solutionFormats).describe("The solution's format: mermaid, yaml, json or text"),
  students: z.array(z.string()).describe("Student ids: the grid's columns, in the rows' order"),
  elements: z.array(gridRowSchema).describe("The solution's elements: the grid's rows, in its order"),
});
export type ClassGrid = z.infer<typeof classGridSchema>;

export const variantSchema = z.object({
  leia: classLeiaRefSchema.describe('The LEIA configuration: one variant of the experiment'),
  students: count.describe('Students given this configuration'),
  handedIn: count.describe('Of them, those who handed in'),
  meanElicited: share.nullable().describe('Mean share elicited over the students measured; null if none'),
  elicitedSpread: spreadSchema.describe('Spread of the share elicited (sd, min, max); null if none measured'),
  meanGrade: z
    .number()
    .min(0)
    .max(10)
    .nullable()
    .describe('Mean grade that counts over the graded; null if none'),
  gradeSpread: spreadSchema.describe('Spread of the grades that count (sd, min, max); null if none graded'),
  curve: z
    .object({ turn: z.array(count), share: z.array(share) })
    .describe(
      "Mean share elicited after each turn, from turn 0; a student's share stays at its last value after their last turn",
    ),
});
export type Variant = z.infer<typeof variantSchema>;

export const classReportSchema = z.object({
  sessionId: z.string().describe('The class session reported on'),
  builtAt: isoDate.describe('When the report was made: a live session changes it'),
  rows: z.array(classRowSchema).describe('One row per student, in the order they joined'),
  grids: z.array(classGridSchema).describe('One grid per distinct solution among the LEIAs (usually one)'),
  variants: z.array(variantSchema).describe("One per LEIA configuration, in the activity's order"),
});
export type ClassReport = z.infer<typeof classReportSchema>;

// ---------------------------------------------------------------------------------------------
// The JSON export of a session

export const exportMessageSchema = z.object({
  turn: z
    .number()
    .int()
    .min(1)
    .describe('The LEIA turn it belongs to: a question leads to the turn it asks in'),
  speaker: z.enum(['interviewer', 'leia']).describe('Who said it: the student (interviewer) or the LEIA'),
  text: z.string().describe('As stored; a stopped reply ends with "(stopped)"'),
  time: isoDate.describe('When it was stored'),
});
export type ExportMessage = z.infer<typeof exportMessageSchema>;

export const exportStudentSchema = z.object({
  id: z.string().describe("The student's id in the session"),
  name: z.string().describe('Their display name'),
  email: z.string().optional().describe('Their email, when the session asked for one'),
  leia: classLeiaRefSchema.describe('The LEIA configuration they were given'),
  joinedAt: isoDate.describe('When they joined'),
  handedInAt: isoDate.nullable().describe('When they handed in; null if they did not'),
  autoHandedIn: z.boolean().describe('The deadline handed their draft in'),
  conversation: z.array(exportMessageSchema).describe('Oldest first'),
  draft: z.string().describe('The last draft saved'),
  handIn: z.string().nullable().describe('What they handed in; null if they did not'),
  grade: handInGradeSchema.nullable().describe('The full grade, with its override when there is one'),
  elicitation: evaluationReportSchema.nullable().describe("The conversation's elicitation report"),
});
export type ExportStudent = z.infer<typeof exportStudentSchema>;

export const CLASS_EXPORT_FORMAT = 'leia-class-session';

export const sessionExportSchema = z.object({
  format: z.literal(CLASS_EXPORT_FORMAT).describe('What the file is: always "leia-class-session"'),
  version: z.literal(1).describe("The format's version"),
  exportedAt: isoDate.describe('When the file was written'),
  session: z.object({
    id: z.string().describe("The session's id"),
    name: z.string().describe("The session's name"),
    activity: z.string().describe("The activity's name"),
    createdAt: isoDate.describe('When it was started'),
    closedAt: isoDate.nullable().describe('When it was closed; null while open'),
    identity: z.enum(IDENTITIES).describe('Whether students gave a display name or an email'),
  }),
  leias: z.array(classLeiaRefSchema).describe("The activity's LEIA configurations"),
  students: z.array(exportStudentSchema).describe('Every student, in the order they joined'),
  report: classReportSchema.describe('The class report at the time of the export'),
});
export type SessionExport = z.infer<typeof sessionExportSchema>;
