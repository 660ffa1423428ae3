import { CLASS_TEXTS, resumePagePath } from '@shared/class-sessions';
import {
  CLASS_EVENTS,
  type ClassSessionSummary,
  type DraftSaved,
  type JoinBody,
  type JoinInfo,
  type JoinResponse,
  STUDENT_EVENTS,
  type StudentStreamEvent,
  type StudentView,
} from '@shared/schemas/class-sessions';
import type { ChatReply } from '@shared/schemas/runner';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type ClassSessionRow, type ClassStudentRow, classSessions, classStudents } from '../db/schema';
import { badRequest, conflict, DomainError, notFound } from '../errors';
import type { LlmProvider } from '../runner/provider';
import { type CredentialCache, createCredentialCache, hashToken, newToken } from './class-credentials';
import { type ClassContext, type ClassLive, toChatMessages } from './class-live';
import { hasEnded, toStudentView } from './class-views';
import type { RunnerService } from './runner';
import type { StoredSessionSpec } from './runner-session-view';
import type { ReplyOptions } from './runner-turn';

/**
 * A class session's students (docs/architecture.md "Class sessions"): join, resume, their view,
 * their chat, their draft and hand-in. Every call names the student by their credential's row
 * (`Student`, found by `authenticate`), so it reaches that student's session only. The server
 * keeps the deadline: after it, or once the session is closed, messages, drafts and hand-ins are
 * refused and the draft is handed in as it was (at the student's next request, or by the sweep).
 */

export interface Student {
  student: ClassStudentRow;
  session: ClassSessionRow;
}

export interface Joined {
  response: JoinResponse;
  token: string;
}

interface Deps extends ClassContext {
  db: Db;
  /** The students messages name, kept per process (class-credentials.ts). */
  credentials: CredentialCache;
  live: ClassLive;
  runner: RunnerService;
  provider: Pick<LlmProvider, 'name' | 'model'>;
}

const ended = () => conflict(CLASS_TEXTS.ended);

type Who = { displayName: string; email: string | null };

async function view({ store, leias }: Deps, { student, session }: Student): Promise<StudentView> {
  const leia = await leias.byId(student.configId);
  const conversation = toChatMessages(await store.conversation(student.runnerSessionId));
  return toStudentView(student, session, leia, conversation);
}

/** The session a code names, for a join: 404 unknown, 409 closed or ended. */
async function joinable({ db, store }: Deps, code: string): Promise<ClassSessionRow> {
  const session = await store.openByCode(code);
  if (session) {
    if (hasEnded(session)) throw ended();
    return session;
  }
  const [closed] = await db
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(eq(classSessions.code, code))
    .limit(1);
  throw closed ? conflict(CLASS_TEXTS.sessionClosed) : notFound(CLASS_TEXTS.codeUnknown);
}

/** Who joins: a display name, or an email when the session asks for one (400 naming the field). */
function identityOf(session: ClassSessionRow, body: JoinBody): Who {
  if (session.identity === 'email') {
    if (!body.email) throw badRequest(CLASS_TEXTS.emailRequired, { email: CLASS_TEXTS.emailRequired });
    const displayName = body.displayName?.trim() || body.email.split('@')[0]!;
    return { displayName, email: body.email };
  }
  const displayName = body.displayName?.trim();
  if (!displayName)
    throw badRequest(CLASS_TEXTS.displayNameRequired, { displayName: CLASS_TEXTS.displayNameRequired });
  return { displayName, email: null };
}

/**
 * Joining again: the same browser (its credential) or the same email. After hand-in only when
 * the session allows it; before, never (a session is not resumed by an email alone).
 */
async function ensureMayJoin(
  { db }: Deps,
  session: ClassSessionRow,
  email: string | null,
  current: Student | undefined,
): Promise<void> {
  const earlier: ClassStudentRow[] = [];
  if (current?.session.id === session.id) earlier.push(current.student);
  if (email !== null) {
    earlier.push(
      ...(await db
        .select()
        .from(classStudents)
        .where(
          and(eq(classStudents.sessionId, session.id), sql`lower(${classStudents.email}) = lower(${email})`),
        )),
    );
  }
  if (earlier.some((s) => s.handedInAt === null)) {
    throw conflict(email === null ? CLASS_TEXTS.alreadyJoined : CLASS_TEXTS.emailAlreadyJoined);
  }
  if (earlier.length > 0 && !session.allowRejoin) throw conflict(CLASS_TEXTS.alreadyHandedIn);
}

/** The student's chat with their LEIA (none in transcription mode). */
async function withChat(
  { store, leias, provider, runner }: Deps,
  student: ClassStudentRow,
  session: ClassSessionRow,
): Promise<ClassStudentRow> {
  const leia = await leias.byId(student.configId);
  if (leia.mode !== 'standard' || student.runnerSessionId !== null) return student;
  const attached = await store.attachRunnerSession(student.id, {
    ownerId: session.ownerId,
    leiaId: leia.leiaId,
    spec: { metadata: { name: leia.name }, spec: leia.leia } satisfies StoredSessionSpec as never,
    systemPrompt: leia.system,
    provider: provider.name,
    model: provider.model,
  });
  // This process knows the new chat is empty: its first message goes as a started session's.
  if (attached?.runnerSessionId) {
    runner.adopt(attached.runnerSessionId, {
      ownerId: session.ownerId,
      system: leia.system,
      leia: leia.leia,
    });
  }
  return attached ?? student;
}

/** A new student with the least assigned LEIA (store.assign), and their chat. */
async function assign(deps: Deps, session: ClassSessionRow, who: Who) {
  const { db, store, leias } = deps;
  const configs = await leias.ofActivity(db, session.experimentId);
  const token = newToken();
  const resume = newToken();
  const assigned = await store.assign(
    session.id,
    configs.map((leia) => leia.configId),
    {
      displayName: who.displayName,
      email: who.email,
      tokenHash: hashToken(token),
      resumeHash: hashToken(resume),
    },
  );
  if (!assigned) {
    const now = await store.session(session.id);
    throw now?.closedAt ? conflict(CLASS_TEXTS.sessionClosed) : ended();
  }
  return { student: await withChat(deps, assigned, session), token, resume };
}

/**
 * The student a credential names, with their session; an ended session hands the draft in.
 * `forMessage`: the caller only sends a message, so the student may come from the credential
 * cache (what a message needs of them is kept true there; class-credentials.ts).
 */
async function authenticate(deps: Deps, token: string | undefined, forMessage = false): Promise<Student> {
  if (!token) throw notFound(CLASS_TEXTS.notJoined);
  const hash = hashToken(token);
  const kept = forMessage ? deps.credentials.get(hash) : undefined;
  if (kept) return kept;
  const found = await deps.store.studentByCredential(hash);
  if (!found) {
    deps.credentials.drop(hash);
    throw notFound(CLASS_TEXTS.notJoined);
  }
  const settled = await settle(deps, found);
  deps.credentials.set(hash, settled);
  return settled;
}

/** After the deadline (or once closed), a draft not handed in is handed in as it was. */
async function settle(deps: Deps, found: Student): Promise<Student> {
  if (found.student.handedInAt !== null || !hasEnded(found.session)) return found;
  // Another request or process may have handed it in meanwhile: then it is read again.
  const student = await handIn(deps, found, null, true).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === 'conflict') return undefined;
    throw error;
  });
  const fresh = student ?? (await deps.store.student(found.session.id, found.student.id));
  return { student: fresh ?? found.student, session: found.session };
}

async function joinInfo(deps: Deps, code: string): Promise<JoinInfo> {
  const session = await joinable(deps, code);
  return { code: session.code, sessionName: session.name, identity: session.identity };
}

async function join(
  deps: Deps,
  body: JoinBody & { code: string },
  current: Student | undefined,
): Promise<Joined> {
  const session = await joinable(deps, body.code);
  const who = identityOf(session, body);
  await ensureMayJoin(deps, session, who.email, current);
  const { student, token, resume } = await assign(deps, session, who);
  await Promise.all([deps.live.publishRow(student, session), deps.live.publishSummary(session)]);
  return {
    token,
    response: {
      // A new student has said nothing yet.
      student: toStudentView(student, session, await deps.leias.byId(student.configId), []),
      resumePath: resumePagePath(resume),
      resumeToken: resume,
    },
  };
}

/** A resume link: a new credential for this browser (the one before it stops working). */
async function resume(deps: Deps, resumeToken: string): Promise<{ view: StudentView; token: string }> {
  const found = await deps.store.studentByResume(hashToken(resumeToken));
  if (!found) throw notFound(CLASS_TEXTS.resumeInvalid);
  const token = newToken();
  const student = await deps.store.update(found.student.id, { tokenHash: hashToken(token) });
  // The old credential stops working: here at once, in other processes when they hear of the row.
  deps.credentials.dropStudent(found.student.id);
  if (student) await deps.live.publishRow(student, found.session);
  const settled = await settle(deps, { student: student ?? found.student, session: found.session });
  return { view: await view(deps, settled), token };
}

/** The student's chat, if they may send a message now (409 otherwise). */
async function chatFor(deps: Deps, { student, session }: Student): Promise<ClassStudentRow> {
  if (hasEnded(session)) throw ended();
  if (student.handedInAt !== null) throw conflict(CLASS_TEXTS.handedInNoMessages);
  const leia = await deps.leias.byId(student.configId);
  if (leia.mode !== 'standard') throw conflict(CLASS_TEXTS.transcriptionMode);
  return withChat(deps, student, session);
}

/** The LEIA's reply; it reaches the live view, and the turn is counted after it (afterTurn). */
async function replyTo(deps: Deps, { student, session }: Student, text: string, options: ReplyOptions) {
  let answered: { question: string; reply: string } | undefined;
  try {
    const reply = await deps.runner.reply(
      session.ownerId,
      student.runnerSessionId!,
      { kind: 'message', text },
      options,
    );
    answered = { question: text, reply: reply.message };
    const message = { text: reply.message, timestamp: reply.timestamp, isLeia: true };
    deps.bus.publish(session.id, { event: CLASS_EVENTS.message, data: { studentId: student.id, message } });
    return reply;
  } finally {
    // After the answer: the count as stored (a stopped reply, a failed one), and what it revealed.
    void deps.live
      .afterTurn(student, session, answered)
      .catch((error) => deps.log.error({ err: error }, 'live row failed'));
  }
}

/**
 * A student's message to their LEIA, and the reply; both reach the live view as they happen.
 * `current` may come from the credential cache: when the chat is not found under what was kept
 * (its owner changed: the instructor's account went to an admin), `reread` reads the student
 * from the database and the message is tried once more with that (nothing was streamed yet).
 */
async function message(
  deps: Deps,
  current: Student,
  text: string,
  options: ReplyOptions,
  reread?: () => Promise<Student>,
): Promise<ChatReply> {
  const student = await chatFor(deps, current);
  const sent = { text, timestamp: new Date().toISOString(), isLeia: false };
  deps.bus.publish(current.session.id, {
    event: CLASS_EVENTS.message,
    data: { studentId: student.id, message: sent },
  });
  try {
    return await replyTo(deps, { student, session: current.session }, text, options);
  } catch (error) {
    // The next message reads the student again (their chat may be gone with the class data).
    deps.credentials.dropStudent(student.id);
    if (!reread || !(error instanceof DomainError && error.kind === 'not-found')) throw error;
    const fresh = await reread();
    const same =
      fresh.session.ownerId === current.session.ownerId &&
      fresh.student.runnerSessionId === student.runnerSessionId;
    if (same) throw error;
    const chat = await chatFor(deps, fresh);
    return replyTo(deps, { student: chat, session: fresh.session }, text, options);
  }
}

async function saveDraft({ store, live }: Deps, current: Student, text: string): Promise<DraftSaved> {
  if (hasEnded(current.session)) throw ended();
  if (current.student.handedInAt !== null) throw conflict(CLASS_TEXTS.alreadyHandedIn);
  const saved = await store.update(current.student.id, { draft: text, lastActivityAt: new Date() });
  if (saved) await live.publishRow(saved, current.session);
  return { savedAt: (saved ?? current.student).lastActivityAt.toISOString() };
}

/** `text` null hands in the stored draft; `auto` is the deadline's hand-in. */
async function handIn(
  { store, live, credentials }: Deps,
  current: Student,
  text: string | null,
  auto: boolean,
): Promise<ClassStudentRow> {
  const { session } = current;
  if (!auto && hasEnded(session)) throw ended();
  if (!auto && (text ?? current.student.draft).trim() === '') {
    throw badRequest(CLASS_TEXTS.handInEmpty, { text: CLASS_TEXTS.handInEmpty });
  }
  const handedIn = await store.handIn(current.student.id, text, auto);
  credentials.dropStudent(current.student.id);
  if (!handedIn) throw conflict(CLASS_TEXTS.alreadyHandedIn);
  // The live view hears of it at once; grading takes a few milliseconds of CPU more.
  await Promise.all([live.publishRow(handedIn, session), live.publishSummary(session)]);
  const graded = await live.grade(handedIn);
  await live.publishRow(graded, session);
  return graded;
}

/** Where a student's events go; `end` once the last was sent, or when they cannot go on. */
export interface StudentStream {
  send(event: StudentStreamEvent): void;
  end(): void;
}

/** The session as it is now, and the draft handed in if the session is over. */
async function settledNow(deps: Deps, current: Student): Promise<Student> {
  const { session, student } = current;
  const [sessionNow, studentNow] = await Promise.all([
    deps.store.session(session.id),
    deps.store.student(session.id, student.id),
  ]);
  return settle(deps, { session: sessionNow ?? session, student: studentNow ?? student });
}

/**
 * The student's own events (STUDENT_EVENTS): the deadline as it stands, then each change of it,
 * from the session's summaries on the class bus (so from any process); once the summary says
 * closed, the draft is handed in and `closed` carries the view after it, last. Other students'
 * rows and messages on the bus are never looked at.
 */
async function watch(deps: Deps, current: Student, stream: StudentStream): Promise<() => void> {
  let endsAt = current.session.endsAt?.toISOString() ?? null;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    stop();
    settledNow(deps, current)
      .then(async (settled) => stream.send({ event: STUDENT_EVENTS.closed, data: await view(deps, settled) }))
      // The stream ends either way: a reconnecting student is settled by the credential's check.
      .catch((error) => deps.log.error({ err: error }, 'student closed event failed'))
      .finally(() => stream.end());
  };
  const onSummary = (summary: ClassSessionSummary) => {
    if (summary.status === 'closed') return finish();
    if (summary.endsAt === endsAt) return;
    endsAt = summary.endsAt;
    stream.send({ event: STUDENT_EVENTS.extended, data: { endsAt, serverNow: new Date().toISOString() } });
  };
  const stop = deps.bus.subscribe(current.session.id, (event) => {
    if (event.event === CLASS_EVENTS.session) onSummary(event.data);
  });
  stream.send({ event: STUDENT_EVENTS.extended, data: { endsAt, serverNow: new Date().toISOString() } });
  if (hasEnded(current.session)) finish();
  return stop;
}

export function createClassStudentsService(context: Omit<Deps, 'credentials'>) {
  const deps: Deps = { ...context, credentials: createCredentialCache(context.bus) };
  return {
    authenticate: (token: string | undefined, forMessage = false) => authenticate(deps, token, forMessage),
    settle: (found: Student) => settle(deps, found),
    joinInfo: (code: string) => joinInfo(deps, code),
    join: (body: JoinBody & { code: string }, current: Student | undefined) => join(deps, body, current),
    resume: (resumeToken: string) => resume(deps, resumeToken),
    view: (current: Student) => view(deps, current),
    message: (current: Student, text: string, options: ReplyOptions, reread?: () => Promise<Student>) =>
      message(deps, current, text, options, reread),
    saveDraft: (current: Student, text: string) => saveDraft(deps, current, text),
    handIn: (current: Student, text: string | null, auto = false) => handIn(deps, current, text, auto),
    watch: (current: Student, stream: StudentStream) => watch(deps, current, stream),
  };
}

export type ClassStudentsService = ReturnType<typeof createClassStudentsService>;
