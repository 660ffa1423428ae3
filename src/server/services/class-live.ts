import { evaluateOffline } from '@shared/evaluation/report';
import { CLASS_EVENTS } from '@shared/schemas/class-sessions';
import type { EvaluationReport } from '@shared/schemas/evaluation';
import type { ChatMessage } from '@shared/schemas/runner';
import type { ClassSessionRow, ClassStudentRow } from '../db/schema';
import { gradeHandIn } from '../evaluation/grade';
import { serverLexicon } from '../lexicon';
import type { ClassBus } from './class-bus';
import type { ClassLeia, ClassLeias } from './class-leias';
import type { ClassStore } from './class-store';
import { toLiveRow, toSummary } from './class-views';
import { solutionOf } from './evaluations';

/**
 * What both sides of a class session share: the rows, the LEIAs, the live events, and the
 * measuring (the share of the hidden solution elicited so far, the grade of a hand-in).
 */
export interface ClassContext {
  store: ClassStore;
  leias: ClassLeias;
  bus: ClassBus;
  log: { error(details: object, message: string): void };
}

export const toChatMessages = (
  rows: { isLeia: boolean; text: string; stopped: boolean; createdAt: Date }[],
): ChatMessage[] =>
  rows.map((m) => ({
    text: m.text,
    timestamp: m.createdAt.toISOString(),
    isLeia: m.isLeia,
    ...(m.stopped && { stopped: true as const }),
  }));

/** The offline elicitation report of a conversation; null when the problem has no solution. */
export function elicitation(leia: ClassLeia, messages: ChatMessage[]): EvaluationReport | null {
  if (leia.solution === '' || leia.mode === 'transcription') return null;
  const { solution, solutionFormat, game } = solutionOf(leia.problem);
  return evaluateOffline({ solution, solutionFormat, messages, ...(game && { game }) }, serverLexicon());
}

const MEASURE_EVERY_MS = 3_000;
const MAX_MEASURED = 10_000;

export function createClassLive(ctx: ClassContext) {
  const { store, leias, bus } = ctx;

  const publishRow = async (student: ClassStudentRow, session: ClassSessionRow) => {
    const leia = await leias.byId(student.configId);
    bus.publish(session.id, { event: CLASS_EVENTS.student, data: toLiveRow(student, leia, session) });
  };

  const publishSummary = async (session: ClassSessionRow) => {
    bus.publish(session.id, {
      event: CLASS_EVENTS.session,
      data: toSummary(session, await store.counts(session.id)),
    });
  };

  /**
   * Measuring costs CPU on the event loop (3 to 7 ms a conversation), which every student's
   * next token waits for: a student's share is measured at most every MEASURE_EVERY_MS, the last
   * request always measured (after the interval).
   */
  const measuring = new Map<string, { running: boolean; pending: boolean; last: number }>();

  async function measureOnce(studentId: string, session: ClassSessionRow): Promise<void> {
    const student = await store.student(session.id, studentId);
    if (!student) return;
    const leia = await leias.byId(student.configId);
    const messages = toChatMessages(await store.conversation(student.runnerSessionId));
    const report = elicitation(leia, messages);
    const updated = await store.update(student.id, { elicited: report ? report.coverage.ratio : null });
    if (updated) await publishRow(updated, session);
  }

  function measure(student: ClassStudentRow, session: ClassSessionRow): void {
    if (measuring.size > MAX_MEASURED) {
      for (const [id, entry] of measuring) if (!entry.running) measuring.delete(id);
    }
    const state = measuring.get(student.id) ?? { running: false, pending: false, last: 0 };
    measuring.set(student.id, state);
    state.pending = true;
    if (state.running) return;
    state.running = true;
    const step = () => {
      if (!state.pending) {
        state.running = false;
        return;
      }
      state.pending = false;
      state.last = Date.now();
      measureOnce(student.id, session)
        .catch((error) => ctx.log.error({ err: error }, 'measuring a class conversation failed'))
        .finally(() => setTimeout(step, MEASURE_EVERY_MS).unref());
    };
    setTimeout(step, Math.max(0, state.last + MEASURE_EVERY_MS - Date.now())).unref();
  }

  /** After a chat turn: the row with its count (now), then the share elicited (soon). */
  async function afterTurn(student: ClassStudentRow, session: ClassSessionRow): Promise<void> {
    await publishRow(await store.countMessages(student), session);
    measure(student, session);
  }

  /** After a hand-in: the grade of what was handed in and the conversation's report, stored. */
  async function grade(student: ClassStudentRow): Promise<ClassStudentRow> {
    const leia = await leias.byId(student.configId);
    if (leia.solution === '') return student;
    const messages = toChatMessages(await store.conversation(student.runnerSessionId));
    const report = elicitation(leia, messages);
    // Offline: a class hands in all at once, and the judge's grading is the reports' (issue 27).
    const graded = await gradeHandIn(
      { solution: leia.solution, solutionFormat: leia.solutionFormat, handIn: student.handIn ?? '' },
      { method: 'offline' },
    );
    const updated = await store.update(student.id, {
      grade: graded as unknown as Record<string, unknown>,
      report: report as unknown as Record<string, unknown> | null,
      ...(report && { elicited: report.coverage.ratio }),
    });
    return updated ?? student;
  }

  return { publishRow, publishSummary, afterTurn, grade };
}

export type ClassLive = ReturnType<typeof createClassLive>;
