import { z } from 'zod';
import {
  CLASS_TEXTS,
  isJoinCode,
  MAX_DURATION_MINUTES,
  MAX_EXTENSION_MINUTES,
  normaliseJoinCode,
} from '../class-sessions';
import { MAX_HAND_IN_CHARS } from '../evaluation/grading';
import { acceptableText } from '../input-rules';
import { ACTIVITY_MODES } from './activities';
import { gradedElementSchema } from './grading';
import { solutionFormats } from './resources';
import { chatMessageSchema } from './runner';
import { transcriptionMessageSchema } from './transcription';

/**
 * Class sessions (docs/architecture.md "Class sessions"): the API contract of running a published
 * activity as a class. Instructor routes need whoever may manage the activity; student routes need
 * the student credential (an httpOnly cookie scoped to one student) and answer 404 to anything else.
 *
 * Instructor (signed in, the activity's manager):
 *   GET  CLASS_PATHS.activitySessions(experimentId)   -> ClassSessionSummary[] (newest first)
 *   POST CLASS_PATHS.activitySessions(experimentId)   StartClassSessionBody -> 201 ClassSessionDetail
 *   GET  CLASS_PATHS.session(sessionId)               -> ClassSessionDetail
 *   GET  CLASS_PATHS.events(sessionId)[?student=id]   server-sent events: LiveEvent (CLASS_EVENTS)
 *   GET  CLASS_PATHS.student(sessionId, studentId)    -> StudentConversation (read-only)
 *   POST CLASS_PATHS.extend(sessionId)                ExtendBody -> 200 ClassSessionSummary
 *   POST CLASS_PATHS.close(sessionId)                 (no body) -> 200 ClassSessionSummary
 *
 * Student (no account; the cookie STUDENT_COOKIE after join or resume):
 *   GET  STUDENT_PATHS.joinInfo(code)                 -> JoinInfo (limited per address, like join)
 *   POST STUDENT_PATHS.join                           JoinBody -> 201 JoinResponse, sets the cookie
 *   POST STUDENT_PATHS.resume                         ResumeBody -> 200 StudentView, sets the cookie
 *   GET  STUDENT_PATHS.me                             -> StudentView
 *   POST STUDENT_PATHS.messages                       {message} -> 200 ChatReply, or streams as the
 *        runner does (Accept: text/event-stream; RUNNER_EVENTS delta/done/error). Stop aborts the
 *        request, as the Chat screen does: the server stores what was streamed, marked stopped.
 *        Retry sends the same message again: an unanswered last message is not stored twice.
 *   PUT  STUDENT_PATHS.draft                          DraftBody -> 200 DraftSaved
 *   POST STUDENT_PATHS.handIn                         HandInBody -> 200 StudentView (afterHandIn set)
 *   GET  STUDENT_PATHS.events                         server-sent events: StudentStreamEvent (STUDENT_EVENTS)
 *   GET  STUDENT_PATHS.report                         -> StudentReport (@shared/schemas/class-report), the
 *        student's own, after hand-in: 409 CLASS_REPORT_TEXTS.notHandedIn before it, 404
 *        CLASS_REPORT_TEXTS.noStudentReport when the session does not show reports; missed elements
 *        named only when the session shows the solution.
 *
 * Refusals: 404 CLASS_TEXTS.notJoined without a valid cookie; 409 CLASS_TEXTS.ended after the
 * deadline (endsAt, extensions included) or once closed; 409 CLASS_TEXTS.sessionClosed on a join
 * of a closed session; 429 (the fair-use body) for joins per address and messages per student.
 */

const API = '/api/v1';
export const CLASS_PATHS = {
  activitySessions: (experimentId: string) => `${API}/experiments/${experimentId}/class-sessions`,
  session: (sessionId: string) => `${API}/class-sessions/${sessionId}`,
  events: (sessionId: string) => `${API}/class-sessions/${sessionId}/events`,
  student: (sessionId: string, studentId: string) =>
    `${API}/class-sessions/${sessionId}/students/${studentId}`,
  extend: (sessionId: string) => `${API}/class-sessions/${sessionId}/extend`,
  close: (sessionId: string) => `${API}/class-sessions/${sessionId}/close`,
} as const;

export const STUDENT_PATHS = {
  joinInfo: (code: string) => `${API}/student/join/${encodeURIComponent(code)}`,
  join: `${API}/student/join`,
  resume: `${API}/student/resume`,
  me: `${API}/student/me`,
  messages: `${API}/student/me/messages`,
  draft: `${API}/student/me/draft`,
  handIn: `${API}/student/me/hand-in`,
  events: `${API}/student/me/events`,
  report: `${API}/student/me/report`,
} as const;

/** The student credential: httpOnly, SameSite=Strict, Path=/api/v1/student. */
export const STUDENT_COOKIE = 'leia_student';

export const MAX_SESSION_NAME_LENGTH = 120;
export const MAX_DISPLAY_NAME_LENGTH = 80;
const MAX_EMAIL_LENGTH = 254;

export const IDENTITIES = ['name', 'email'] as const;
export type Identity = (typeof IDENTITIES)[number];

const isoDate = z.iso.datetime({ offset: true });
const share = z.number().min(0).max(1);
const count = z.number().int().min(0);

// ---------------------------------------------------------------------------------------------
// Instructor

export const startClassSessionBodySchema = z.object({
  name: z
    .string({ error: CLASS_TEXTS.nameRequired })
    .trim()
    .min(1, CLASS_TEXTS.nameRequired)
    .max(MAX_SESSION_NAME_LENGTH, CLASS_TEXTS.nameTooLong(MAX_SESSION_NAME_LENGTH))
    .superRefine(acceptableText('Session name')),
  /** Without it the session has no time limit (it ends when closed). */
  durationMinutes: z
    .number({ error: CLASS_TEXTS.duration })
    .int(CLASS_TEXTS.duration)
    .min(1, CLASS_TEXTS.duration)
    .max(MAX_DURATION_MINUTES, CLASS_TEXTS.duration)
    .optional(),
  allowRejoin: z.boolean().default(false),
  showReport: z.boolean().default(true),
  showSolution: z.boolean().default(false),
  identity: z.enum(IDENTITIES).default('name'),
});
/** What a client sends (defaults may be left out). */
export type StartClassSessionBody = z.input<typeof startClassSessionBodySchema>;
/** What the server works with, defaults filled in. */
export type StartClassSession = z.output<typeof startClassSessionBodySchema>;

export const classSessionSettingsSchema = z.object({
  allowRejoin: z.boolean(),
  showReport: z.boolean(),
  showSolution: z.boolean(),
  identity: z.enum(IDENTITIES),
});
export type ClassSessionSettings = z.infer<typeof classSessionSettingsSchema>;

export const CLASS_STATUSES = ['open', 'closed'] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];

/** One session as the activity's card lists it. */
export const classSessionSummarySchema = z.object({
  id: z.string(),
  experimentId: z.string(),
  name: z.string(),
  /** Six characters of JOIN_CODE_ALPHABET; unique among open sessions. */
  code: z.string(),
  /** The student page to share: joinPagePath(code). */
  joinPath: z.string(),
  /** 'closed' once the instructor closed it, or once its deadline passed. */
  status: z.enum(CLASS_STATUSES),
  createdAt: isoDate,
  /** The deadline with every extension; null when the session has no time limit. */
  endsAt: isoDate.nullable(),
  closedAt: isoDate.nullable(),
  settings: classSessionSettingsSchema,
  counts: z.object({ students: count, handedIn: count }),
});
export type ClassSessionSummary = z.infer<typeof classSessionSummarySchema>;

/** A LEIA configuration students are assigned to. */
export const classLeiaSchema = z.object({
  configId: z.string(),
  name: z.string(),
  mode: z.enum(ACTIVITY_MODES),
});
export type ClassLeia = z.infer<typeof classLeiaSchema>;

/** One student in the live view. Names and emails reach only whoever manages the activity. */
export const liveRowSchema = z.object({
  studentId: z.string(),
  displayName: z.string(),
  email: z.string().optional(),
  leia: classLeiaSchema,
  joinedAt: isoDate,
  /** The student's messages (not the LEIA's replies). */
  messages: count,
  lastActivityAt: isoDate,
  /**
   * Share of the hidden solution the conversation has elicited so far (the offline evaluation's
   * coverage ratio); null in transcription mode or when the problem has no solution.
   */
  elicited: share.nullable(),
  handedIn: z.boolean(),
  handedInAt: isoDate.nullable(),
  /** True when the deadline handed the draft in. */
  autoHandedIn: z.boolean(),
  /** The session's deadline (time left = endsAt - now until handed in); null without a limit. */
  endsAt: isoDate.nullable(),
});
export type LiveRow = z.infer<typeof liveRowSchema>;

export const classSessionDetailSchema = classSessionSummarySchema.extend({
  experimentName: z.string(),
  leias: z.array(classLeiaSchema),
  students: z.array(liveRowSchema),
  /** The server's clock when answered: the client's countdowns correct for its own clock's drift. */
  serverNow: isoDate,
});
export type ClassSessionDetail = z.infer<typeof classSessionDetailSchema>;

export const extendBodySchema = z.object({
  minutes: z
    .number({ error: CLASS_TEXTS.extension })
    .int(CLASS_TEXTS.extension)
    .min(1, CLASS_TEXTS.extension)
    .max(MAX_EXTENSION_MINUTES, CLASS_TEXTS.extension),
});
export type ExtendBody = z.infer<typeof extendBodySchema>;

/** GET .../students/{studentId}: one student's conversation, read-only, with what they handed in. */
export const studentConversationSchema = z.object({
  student: liveRowSchema,
  conversation: z.array(chatMessageSchema),
  draft: z.string(),
  handIn: z.string().nullable(),
});
export type StudentConversation = z.infer<typeof studentConversationSchema>;

/**
 * GET .../events: server-sent events, `event: <name>\ndata: <JSON>\n\n`, never polled:
 * - `snapshot` ClassSessionDetail: first, on every (re)connection;
 * - `session` ClassSessionSummary: extended, closed, counts changed;
 * - `student` LiveRow: a student joined, sent a message, got a reply (elicited), saved a draft,
 *   handed in;
 * - `message` {studentId, message}: only with `?student=<id>`, each message of that student's
 *   conversation as it is stored (the student's, then the LEIA's reply).
 * A comment line (`: keep-alive`) every 25 s keeps proxies from closing an idle stream.
 */
export const CLASS_EVENTS = {
  snapshot: 'snapshot',
  session: 'session',
  student: 'student',
  message: 'message',
} as const;
export const liveMessageEventSchema = z.object({ studentId: z.string(), message: chatMessageSchema });
export const liveEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal(CLASS_EVENTS.snapshot), data: classSessionDetailSchema }),
  z.object({ event: z.literal(CLASS_EVENTS.session), data: classSessionSummarySchema }),
  z.object({ event: z.literal(CLASS_EVENTS.student), data: liveRowSchema }),
  z.object({ event: z.literal(CLASS_EVENTS.message), data: liveMessageEventSchema }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

export const liveEventsQuerySchema = z.object({ student: z.string().optional() });

// ---------------------------------------------------------------------------------------------
// Student

export const joinCodeSchema = z
  .string({ error: CLASS_TEXTS.codeRequired })
  .transform(normaliseJoinCode)
  .refine((code) => code.length > 0, CLASS_TEXTS.codeRequired)
  .refine(isJoinCode, CLASS_TEXTS.codeInvalid);

/** GET STUDENT_PATHS.joinInfo(code): what the join form must ask for. */
export const joinInfoSchema = z.object({
  code: z.string(),
  sessionName: z.string(),
  identity: z.enum(IDENTITIES),
});
export type JoinInfo = z.infer<typeof joinInfoSchema>;

const displayNameSchema = z
  .string()
  .trim()
  .max(MAX_DISPLAY_NAME_LENGTH, CLASS_TEXTS.displayNameTooLong(MAX_DISPLAY_NAME_LENGTH))
  .superRefine(acceptableText('Display name'));

/**
 * A join: the code and a display name, or an email when the session asks for one (the server
 * answers 400 CLASS_TEXTS.displayNameRequired / emailRequired naming the missing field). With an
 * email, the display name is optional (the email's name part stands for it).
 */
export const joinBodySchema = z.object({
  code: joinCodeSchema,
  displayName: displayNameSchema.optional(),
  email: z
    .string()
    .trim()
    .max(MAX_EMAIL_LENGTH, CLASS_TEXTS.emailInvalid)
    .pipe(z.email(CLASS_TEXTS.emailInvalid))
    .optional(),
});
export type JoinBody = z.input<typeof joinBodySchema>;

export const resumeBodySchema = z.object({
  token: z.string({ error: CLASS_TEXTS.resumeInvalid }).trim().min(1, CLASS_TEXTS.resumeInvalid).max(200),
});
export type ResumeBody = z.infer<typeof resumeBodySchema>;

/** What the student handed in, and what the session shows them afterwards. */
export const afterHandInSchema = z.object({
  handIn: z.string(),
  handedInAt: isoDate,
  /** The deadline handed the draft in. */
  auto: z.boolean(),
  /**
   * Only when the session shows reports: figures that name no solution element (the elements
   * themselves come only with the solution).
   */
  report: z
    .object({
      /** 0-10, the hand-in's grade against the hidden solution. */
      grade: z.number().min(0).max(10),
      handIn: z.object({ total: count, present: count, partly: count, missing: count, extra: count }),
      /** The conversation's elicitation: share of the solution's elements revealed. */
      elicited: z.object({ revealed: count, partly: count, total: count, ratio: share }).nullable(),
      feedback: z.string().optional(),
    })
    .optional(),
  /** Only when the session shows the solution. */
  solution: z
    .object({
      text: z.string(),
      format: z.enum(solutionFormats),
      /** Each element, found present, partly or missing in the hand-in (with showReport too). */
      elements: z.array(gradedElementSchema).optional(),
    })
    .optional(),
});
export type AfterHandIn = z.infer<typeof afterHandInSchema>;

/**
 * The student's screen. Never carries the behaviour or the hidden solution (only `afterHandIn`
 * may, when the session shows it). `instructions` is the problem's description with its
 * placeholders filled in.
 */
export const studentViewSchema = z.object({
  studentId: z.string(),
  displayName: z.string(),
  sessionName: z.string(),
  /** 'ended' once the deadline passed or the instructor closed the session. */
  state: z.enum(['active', 'ended']),
  endsAt: isoDate.nullable(),
  /** The server's clock when answered (see ClassSessionDetail.serverNow). */
  serverNow: isoDate,
  leia: z.object({
    /** Who speaks in the bubbles (the persona's name); the LEIA's own name is not shown. */
    personaName: z.string().optional(),
  }),
  instructions: z.string(),
  mode: z.enum(ACTIVITY_MODES),
  /** In transcription mode: the transcript's link or messages (null when none was set). */
  transcript: z
    .union([z.object({ link: z.string() }), z.object({ messages: z.array(transcriptionMessageSchema) })])
    .nullable(),
  /** Oldest first; empty in transcription mode. */
  conversation: z.array(chatMessageSchema),
  solutionFormat: z.enum(solutionFormats),
  draft: z.string(),
  handedIn: z.boolean(),
  afterHandIn: afterHandInSchema.nullable(),
});
export type StudentView = z.infer<typeof studentViewSchema>;

export const joinResponseSchema = z.object({
  student: studentViewSchema,
  /** Shown once: resumePagePath(token), to be prefixed with the page's origin. */
  resumePath: z.string(),
  resumeToken: z.string(),
});
export type JoinResponse = z.infer<typeof joinResponseSchema>;

const handInTextSchema = z
  .string()
  .max(MAX_HAND_IN_CHARS, CLASS_TEXTS.handInTooLong(MAX_HAND_IN_CHARS))
  .superRefine(acceptableText('Hand-in'));

export const draftBodySchema = z.object({ text: handInTextSchema });
export type DraftBody = z.infer<typeof draftBodySchema>;
export const draftSavedSchema = z.object({ savedAt: isoDate });
export type DraftSaved = z.infer<typeof draftSavedSchema>;

/** Without `text`, the stored draft is handed in. An empty hand-in is a 400 (handInEmpty). */
export const handInBodySchema = z.object({ text: handInTextSchema.optional() });
export type HandInBody = z.infer<typeof handInBodySchema>;

/**
 * GET STUDENT_PATHS.events: the student's own session as it changes (server-sent events), from
 * the class bus, so on any process:
 * - `extended` {endsAt, serverNow}: the deadline as it stands; first when the stream opens (a
 *   reconnecting student catches up), then after each extension;
 * - `closed` StudentView: the session was closed or its deadline passed; the draft not handed in
 *   is handed in first, so the view is the one after it. The stream ends after it.
 * Nothing else: never another student's rows, never what the student's own view does not show.
 * A comment line (`: keep-alive`) every 25 s keeps proxies from closing an idle stream.
 */
export const STUDENT_EVENTS = { extended: 'extended', closed: 'closed' } as const;
export const studentDeadlineSchema = z.object({ endsAt: isoDate.nullable(), serverNow: isoDate });
export type StudentDeadline = z.infer<typeof studentDeadlineSchema>;
export const studentStreamEventSchema = z.discriminatedUnion('event', [
  z.object({ event: z.literal(STUDENT_EVENTS.extended), data: studentDeadlineSchema }),
  z.object({ event: z.literal(STUDENT_EVENTS.closed), data: studentViewSchema }),
]);
export type StudentStreamEvent = z.infer<typeof studentStreamEventSchema>;
