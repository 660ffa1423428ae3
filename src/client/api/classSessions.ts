import {
  CLASS_PATHS,
  type ClassSessionDetail,
  type ClassSessionSummary,
  type LiveEvent,
  liveEventSchema,
  type StartClassSessionBody,
  type StudentConversation,
} from '@shared/schemas/class-sessions';
import { API_BASE, type CallOptions, clientFor } from './client';
import { readTypedEvents } from './sse';

/**
 * The instructor's class-session calls (contract: src/shared/schemas/class-sessions.ts). The paths
 * there are absolute; the client's base is stripped so the one HTTP client (token, 401/403 rules)
 * serves them.
 */

const relative = (path: string) => (path.startsWith(API_BASE) ? path.slice(API_BASE.length) : path);
const opts = (options?: CallOptions) => ({ signal: options?.signal });

export const listClassSessions = (experimentId: string, options?: CallOptions) =>
  clientFor(options)<ClassSessionSummary[]>(
    relative(CLASS_PATHS.activitySessions(experimentId)),
    opts(options),
  );

export const startClassSession = (experimentId: string, body: StartClassSessionBody, options?: CallOptions) =>
  clientFor(options)<ClassSessionDetail>(relative(CLASS_PATHS.activitySessions(experimentId)), {
    method: 'POST',
    body,
    ...opts(options),
  });

export const getClassSession = (sessionId: string, options?: CallOptions) =>
  clientFor(options)<ClassSessionDetail>(relative(CLASS_PATHS.session(sessionId)), opts(options));

export const getStudentConversation = (sessionId: string, studentId: string, options?: CallOptions) =>
  clientFor(options)<StudentConversation>(relative(CLASS_PATHS.student(sessionId, studentId)), opts(options));

export const extendClassSession = (sessionId: string, minutes: number, options?: CallOptions) =>
  clientFor(options)<ClassSessionSummary>(relative(CLASS_PATHS.extend(sessionId)), {
    method: 'POST',
    body: { minutes },
    ...opts(options),
  });

export const closeClassSession = (sessionId: string, options?: CallOptions) =>
  clientFor(options)<ClassSessionSummary>(relative(CLASS_PATHS.close(sessionId)), {
    method: 'POST',
    ...opts(options),
  });

/**
 * GET .../events: the session's live events until `signal` aborts or the server ends the stream
 * (the promise then resolves, and the caller reconnects). With `studentId`, that student's
 * messages too. Events that do not parse are dropped: the next snapshot repairs the view.
 */
export async function watchClassSession(
  sessionId: string,
  onEvent: (event: LiveEvent) => void,
  options: CallOptions & { studentId?: string } = {},
): Promise<void> {
  const response = await clientFor(options).raw<unknown>(relative(CLASS_PATHS.events(sessionId)), {
    headers: { accept: 'text/event-stream' },
    query: options.studentId ? { student: options.studentId } : undefined,
    signal: options.signal,
  });
  await readTypedEvents(response._data, liveEventSchema, onEvent, {
    signal: options.signal,
    what: 'The live view',
  });
}
