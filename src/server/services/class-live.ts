import { evaluateOffline } from '@shared/evaluation/report';
import { trackReveals } from '@shared/evaluation/reveal';
import { CLASS_EVENTS } from '@shared/schemas/class-sessions';
import type { EvaluationReport } from '@shared/schemas/evaluation';
import type { ChatMessage } from '@shared/schemas/runner';
import type { ClassSessionRow, ClassStudentRow } from '../db/schema';
import { gradeHandIn } from '../evaluation/grade';
import { serverLexicon } from '../lexicon';
import type { ClassBus } from './class-bus';
import type { ClassLeia, ClassLeias } from './class-leias';
import type { ClassStore, TurnCount } from './class-store';
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

/** The elements one answered turn reveals, by the offline evaluation's rule (reveal.ts). */
export function turnReveals(leia: ClassLeia, turn: { question: string; reply: string }): string[] {
  const reveals = trackReveals(
    leia.elements,
    [{ turn: 1, index: 1, text: turn.reply, question: turn.question }],
    serverLexicon(),
  );
  return reveals.filter((reveal) => reveal.status === 'revealed').map((reveal) => reveal.id);
}

/** The offline elicitation report of a conversation; null when the problem has no solution. */
export function elicitation(leia: ClassLeia, messages: ChatMessage[]): EvaluationReport | null {
  if (leia.solution === '' || leia.mode === 'transcription') return null;
  const { solution, solutionFormat, game } = solutionOf(leia.problem);
  return evaluateOffline({ solution, solutionFormat, messages, ...(game && { game }) }, serverLexicon());
}

interface PendingTurn {
  turn: TurnCount;
  session: ClassSessionRow;
  done: { resolve(): void; reject(error: unknown): void }[];
}

/**
 * The class's turns counted in one statement at a time (store.countTurns): a turn waits for the
 * statement on its way, then goes with every turn that ended meanwhile, so under load a process
 * sends one statement per round trip instead of one per message, and when idle a turn leaves at
 * once (the next turn of the event loop). Two turns of one student in a batch are merged.
 */
function createTurnCounting(
  store: ClassStore,
  publishRow: (student: ClassStudentRow, session: ClassSessionRow) => Promise<void>,
) {
  const pending = new Map<string, PendingTurn>();
  let flushing = false;

  async function countBatch(batch: PendingTurn[]): Promise<void> {
    try {
      const rows = await store.countTurns(batch.map((p) => p.turn));
      const byId = new Map(rows.map((row) => [row.id, row]));
      await Promise.all(
        batch.map(async (p) => {
          const row = byId.get(p.turn.studentId);
          // A student deleted meanwhile (their class data) has no row to show.
          if (row) await publishRow(row, p.session);
        }),
      );
      for (const p of batch) for (const waiter of p.done) waiter.resolve();
    } catch (error) {
      for (const p of batch) for (const waiter of p.done) waiter.reject(error);
    }
  }

  function flush(): void {
    const batch = [...pending.values()];
    pending.clear();
    void countBatch(batch).then(() => {
      if (pending.size > 0) flush();
      else flushing = false;
    });
  }

  function add(turn: TurnCount, session: ClassSessionRow): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const known = pending.get(turn.studentId);
      if (known) {
        known.turn = {
          studentId: turn.studentId,
          revealed: [...new Set([...known.turn.revealed, ...turn.revealed])],
          total: turn.total ?? known.turn.total,
        };
        known.done.push({ resolve, reject });
      } else {
        pending.set(turn.studentId, { turn, session, done: [{ resolve, reject }] });
      }
      if (flushing) return;
      flushing = true;
      setImmediate(flush);
    });
  }

  return { add };
}

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

  const counting = createTurnCounting(store, publishRow);

  /**
   * After a chat turn (once its reply has been sent): the row with its count, its activity and,
   * when the LEIA answered, what this turn revealed added to what earlier turns did (well under a
   * millisecond: one turn is read, not the whole conversation again); then the live view hears of
   * it. The turns of the class are stored together (createTurnCounting); resolves once this one is.
   */
  async function afterTurn(
    student: ClassStudentRow,
    session: ClassSessionRow,
    answered?: { question: string; reply: string },
  ): Promise<void> {
    const leia = await leias.byId(student.configId);
    const measured = leia.elements.length > 0 && answered;
    const revealed = measured ? turnReveals(leia, answered) : [];
    await counting.add(
      { studentId: student.id, revealed, total: measured ? leia.elements.length : null },
      session,
    );
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
