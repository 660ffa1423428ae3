import { createHash, randomBytes } from 'node:crypto';
import { CLASS_EVENTS } from '@shared/schemas/class-sessions';
import type { ClassSessionRow, ClassStudentRow } from '../db/schema';
import type { ClassBus } from './class-bus';
import { hasEnded } from './class-views';

/**
 * A class student's credential and resume link: random 256-bit tokens, stored only as their
 * SHA-256 (a leaked table resumes no one). With nothing to guess, a fast hash is enough.
 */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** A student with their session, as a credential names them (class-students.ts `Student`). */
export interface Credited {
  student: ClassStudentRow;
  session: ClassSessionRow;
}

export interface CredentialCacheLimits {
  entries: number;
  /** When other processes share the database, how long an entry is trusted without hearing from them. */
  sharedTtlMs: number;
}

const DEFAULT_LIMITS: CredentialCacheLimits = { entries: 20_000, sharedTtlMs: 30_000 };

interface Entry {
  found: Credited;
  at: number;
}

/**
 * The student a credential names, kept per process for a student's messages, the one route a
 * class sends many times a minute each (docs/architecture.md "Class sessions"): the lookup was a
 * database round trip per message. Only what a message needs is trusted from it (who the student
 * is, their chat, their session's deadline and whether they handed in); every other student
 * request reads the row. An entry is never used once its session has ended (the deadline is
 * checked against the clock; past it, the row is read again and the draft handed in), and it is
 * dropped at once in this process when the session is closed or its deadline moves, the student
 * hands in or resumes (a new credential), and when another process publishes the student's row
 * (a hand-in, a resume, a draft there: its events reach this one over the class bus). When the
 * bus says events may have been missed (its listening connection lost, then back), everything is
 * dropped; and with other processes an entry is read again after `sharedTtlMs` anyway, the bound
 * for a connection dead without telling. Class data is deleted only from an ended session.
 */
export function createCredentialCache(bus: ClassBus, limits: CredentialCacheLimits = DEFAULT_LIMITS) {
  const byHash = new Map<string, Entry>();
  const hashOfStudent = new Map<string, string>();
  const studentsOfSession = new Map<string, Set<string>>();

  const dropStudent = (studentId: string) => {
    const hash = hashOfStudent.get(studentId);
    if (hash === undefined) return;
    hashOfStudent.delete(studentId);
    const entry = byHash.get(hash);
    byHash.delete(hash);
    if (entry) studentsOfSession.get(entry.found.session.id)?.delete(studentId);
  };
  const dropSession = (sessionId: string) => {
    for (const studentId of studentsOfSession.get(sessionId) ?? []) dropStudent(studentId);
    studentsOfSession.delete(sessionId);
  };

  bus.watchAll((sessionId, event, remote) => {
    if (event.event === CLASS_EVENTS.session) {
      const [first] = studentsOfSession.get(sessionId) ?? [];
      const kept = first === undefined ? undefined : byHash.get(hashOfStudent.get(first) ?? '');
      const endsAt = kept?.found.session.endsAt?.toISOString() ?? null;
      if (event.data.status === 'closed' || (kept && event.data.endsAt !== endsAt)) dropSession(sessionId);
    } else if (event.event === CLASS_EVENTS.student && (remote || event.data.handedIn)) {
      dropStudent(event.data.studentId);
    }
  });

  // Other processes' events may have been missed: nothing kept is trusted any more.
  bus.watchGaps(() => {
    byHash.clear();
    hashOfStudent.clear();
    studentsOfSession.clear();
  });

  return {
    /** The student `hash` names, if kept and still usable (session not ended). */
    get(hash: string, now = Date.now()): Credited | undefined {
      const entry = byHash.get(hash);
      if (!entry) return undefined;
      const stale = bus.shared && now - entry.at > limits.sharedTtlMs;
      if (stale || hasEnded(entry.found.session, now)) {
        dropStudent(entry.found.student.id);
        return undefined;
      }
      return entry.found;
    },
    /** Keeps what the database just said `hash` names (not for an ended session, nor a student without a chat). */
    set(hash: string, found: Credited): void {
      if (hasEnded(found.session) || found.student.runnerSessionId === null) return;
      dropStudent(found.student.id);
      if (byHash.size >= limits.entries) {
        const oldest = byHash.values().next().value;
        if (oldest) dropStudent(oldest.found.student.id);
      }
      byHash.set(hash, { found, at: Date.now() });
      hashOfStudent.set(found.student.id, hash);
      const students = studentsOfSession.get(found.session.id) ?? new Set<string>();
      studentsOfSession.set(found.session.id, students);
      students.add(found.student.id);
    },
    /** Forgets what `hash` named (the database no longer knows it). */
    drop(hash: string): void {
      const entry = byHash.get(hash);
      if (entry) dropStudent(entry.found.student.id);
    },
    dropStudent,
    dropSession,
    get size() {
      return byHash.size;
    },
  };
}

export type CredentialCache = ReturnType<typeof createCredentialCache>;
