import type { StudentReport } from '@shared/schemas/class-report';
import {
  type DraftSaved,
  type JoinBody,
  type JoinInfo,
  type JoinResponse,
  STUDENT_PATHS,
  type StudentStreamEvent,
  type StudentView,
  studentStreamEventSchema,
} from '@shared/schemas/class-sessions';
import { API_BASE, type CallOptions, clientFor } from './client';
import { type StreamOptions, streamReply } from './runner';
import { readTypedEvents } from './sse';

/**
 * A class session's student calls (contract: src/shared/schemas/class-sessions.ts). The student has
 * no account: the credential is the httpOnly cookie the join or resume sets, which the browser
 * sends by itself. The global 401/403 rules are for signed-in users, so none applies here.
 */

const relative = (path: string) => (path.startsWith(API_BASE) ? path.slice(API_BASE.length) : path);
const raw = { handleAuthErrors: false } as const;
const opts = (options?: CallOptions) => ({ signal: options?.signal });

export const getJoinInfo = (code: string, options?: CallOptions) =>
  clientFor(raw)<JoinInfo>(relative(STUDENT_PATHS.joinInfo(code)), opts(options));

export const joinClassSession = (body: JoinBody, options?: CallOptions) =>
  clientFor(raw)<JoinResponse>(relative(STUDENT_PATHS.join), { method: 'POST', body, ...opts(options) });

export const resumeClassSession = (token: string, options?: CallOptions) =>
  clientFor(raw)<StudentView>(relative(STUDENT_PATHS.resume), {
    method: 'POST',
    body: { token },
    ...opts(options),
  });

export const getStudentView = (options?: CallOptions) =>
  clientFor(raw)<StudentView>(relative(STUDENT_PATHS.me), opts(options));

/** Streamed as the Chat screen's replies are; Stop aborts through `signal`. */
export const sendStudentMessage = (message: string, options: StreamOptions = {}) =>
  streamReply(relative(STUDENT_PATHS.messages), { message }, { ...options, ...raw });

export const saveStudentDraft = (text: string, options?: CallOptions) =>
  clientFor(raw)<DraftSaved>(relative(STUDENT_PATHS.draft), {
    method: 'PUT',
    body: { text },
    ...opts(options),
  });

/** The student's own report after hand-in (404 when the session shows none, 409 before hand-in). */
export const getOwnReport = (options?: CallOptions) =>
  clientFor(raw)<StudentReport>(relative(STUDENT_PATHS.report), opts(options));

export const handInWork = (text: string, options?: CallOptions) =>
  clientFor(raw)<StudentView>(relative(STUDENT_PATHS.handIn), {
    method: 'POST',
    body: { text },
    ...opts(options),
  });

/**
 * GET STUDENT_PATHS.events: the session's extensions and its close until `signal` aborts or the
 * server ends the stream (the promise then resolves, and the caller reconnects: the stream opens
 * with the deadline as it stands). Events that do not parse are dropped.
 */
export async function watchStudentSession(
  onEvent: (event: StudentStreamEvent) => void,
  options: CallOptions = {},
): Promise<void> {
  const response = await clientFor(raw).raw<unknown>(relative(STUDENT_PATHS.events), {
    headers: { accept: 'text/event-stream' },
    signal: options.signal,
  });
  await readTypedEvents(response._data, studentStreamEventSchema, onEvent, {
    signal: options.signal,
    what: "The session's events",
  });
}
