import type { Actor } from '@shared/permissions';
import {
  type ChatReply,
  type ExperimentContext,
  type InitializeBody,
  RUNNER_TEXTS,
  type RunnerSession,
  type TranscriptionRequest,
} from '@shared/schemas/runner';
import type { TranscriptionMessage } from '@shared/schemas/transcription';
import { and, asc, eq, sql } from 'drizzle-orm';
import { UUID } from '../auth/hooks';
import type { Db, Tx } from '../db/client';
import { runnerMessages, runnerSessions } from '../db/schema';
import { badGateway, badRequest, notFound } from '../errors';
import { buildSystemPrompt, toChatTurns } from '../runner/prompt';
import { isProviderError, type LlmProvider, type ResolvedLeia } from '../runner/provider';
import { type RunnerSources, resolveLeiaToRun } from './runner-leia';

/**
 * Chat sessions with a LEIA (ARCHITECTURE.md "The runner"). A session and each of its messages are
 * rows, so any server process can serve any request and a restart loses nothing. No transaction is
 * open while the model writes: the user's message is committed before the call, the reply after.
 */

/** What the session row's `spec` column holds: the resolved LEIA, as a LEIA object is shaped. */
interface StoredSessionSpec {
  metadata: { name?: string };
  spec: ResolvedLeia;
}

/** The turn to answer: a new user message, or the last one again (Regenerate). */
export type Turn = { kind: 'message'; text: string } | { kind: 'regenerate' };

export interface ReplyOptions {
  /** Aborts the model call: the client went away or stopped the reply. */
  signal: AbortSignal;
  /**
   * Receives the reply as it is written (streaming). Whatever reached it counts as seen by the
   * user: if the client goes away mid-reply, that part is stored as the reply.
   */
  onDelta?: (text: string) => void;
}

interface StoredMessage {
  seq: number;
  isLeia: boolean;
  text: string;
}

/** A turn ready for the model, with what to do with its reply. */
interface PreparedTurn {
  sessionId: string;
  system: string;
  leia: ResolvedLeia;
  history: StoredMessage[];
  /** Regenerate: the LEIA message the new reply replaces. */
  replaces?: number;
}

const iso = (date: Date) => date.toISOString();

export function createRunnerService(db: Db, provider: LlmProvider, sources: RunnerSources) {
  /** The caller's session, locked until the transaction ends; anyone else's is 404, admins' too. */
  async function lockSession(tx: Tx, actor: Actor, sessionId: string) {
    if (!UUID.test(sessionId)) throw notFound(RUNNER_TEXTS.sessionNotFound);
    const [session] = await tx
      .select({ id: runnerSessions.id, systemPrompt: runnerSessions.systemPrompt, spec: runnerSessions.spec })
      .from(runnerSessions)
      .where(and(eq(runnerSessions.id, sessionId), eq(runnerSessions.ownerId, actor.id)))
      .for('update');
    if (!session) throw notFound(RUNNER_TEXTS.sessionNotFound);
    return session;
  }

  const messagesOf = (tx: Db | Tx, sessionId: string) =>
    tx
      .select({
        seq: runnerMessages.seq,
        isLeia: runnerMessages.isLeia,
        text: runnerMessages.text,
        createdAt: runnerMessages.createdAt,
      })
      .from(runnerMessages)
      .where(eq(runnerMessages.sessionId, sessionId))
      .orderBy(asc(runnerMessages.seq));

  /** Appends a message after the session's last one; the caller holds the session's lock. */
  async function append(tx: Tx, sessionId: string, isLeia: boolean, text: string): Promise<Date> {
    const [row] = await tx
      .insert(runnerMessages)
      .values({
        sessionId,
        seq: sql`(select coalesce(max(${runnerMessages.seq}), 0) + 1 from ${runnerMessages} where ${runnerMessages.sessionId} = ${sessionId})`,
        isLeia,
        text,
      })
      .returning({ createdAt: runnerMessages.createdAt });
    return row!.createdAt;
  }

  /**
   * Stores the user's message and reads the history, in one transaction under the session lock
   * (seq numbers stay unique however many requests arrive at once). A retry of a message whose
   * answer failed finds it as the last, unanswered message and is not stored twice.
   */
  const prepare = (actor: Actor, sessionId: string, turn: Turn): Promise<PreparedTurn> =>
    db.transaction(async (tx) => {
      const session = await lockSession(tx, actor, sessionId);
      const history: StoredMessage[] = await messagesOf(tx, sessionId);
      const last = history.at(-1);
      const prepared = {
        sessionId,
        system: session.systemPrompt,
        leia: (session.spec as unknown as StoredSessionSpec).spec,
      };
      if (turn.kind === 'message') {
        const retry = last !== undefined && !last.isLeia && last.text === turn.text;
        if (!retry) {
          await append(tx, sessionId, false, turn.text);
          history.push({ seq: (last?.seq ?? 0) + 1, isLeia: false, text: turn.text });
        }
        return { ...prepared, history };
      }
      const answered = last?.isLeia ? history.slice(0, -1) : history;
      if (answered.at(-1)?.isLeia !== false) throw badRequest(RUNNER_TEXTS.nothingToAnswer);
      return { ...prepared, history: answered, ...(last?.isLeia && { replaces: last.seq }) };
    });

  /** Stores the reply (replacing the regenerated one) and answers it as the API does. */
  const store = (turn: PreparedTurn, text: string): Promise<ChatReply> =>
    db.transaction(async (tx) => {
      const [session] = await tx
        .select({ id: runnerSessions.id })
        .from(runnerSessions)
        .where(eq(runnerSessions.id, turn.sessionId))
        .for('update');
      // The session went away while the model wrote (its owner was deleted).
      if (!session) throw notFound(RUNNER_TEXTS.sessionNotFound);
      if (turn.replaces !== undefined) {
        await tx
          .delete(runnerMessages)
          .where(
            and(
              eq(runnerMessages.sessionId, turn.sessionId),
              eq(runnerMessages.seq, turn.replaces),
              eq(runnerMessages.isLeia, true),
            ),
          );
      }
      return { message: text, timestamp: iso(await append(tx, turn.sessionId, true, text)) };
    });

  return {
    async initialize(actor: Actor, body: InitializeBody): Promise<{ sessionId: string }> {
      const run = await resolveLeiaToRun(sources, actor, body);
      const spec: StoredSessionSpec = { metadata: run.name ? { name: run.name } : {}, spec: run.leia };
      const [row] = await db
        .insert(runnerSessions)
        .values({
          ownerId: actor.id,
          leiaId: run.leiaId ?? null,
          spec: spec as unknown as Record<string, unknown>,
          systemPrompt: buildSystemPrompt(run.leia),
          provider: provider.name,
          model: provider.model,
          experimentContext: body.experimentContext ?? null,
        })
        .returning({ id: runnerSessions.id });
      return { sessionId: row!.id };
    },

    async get(actor: Actor, sessionId: string): Promise<RunnerSession> {
      if (!UUID.test(sessionId)) throw notFound(RUNNER_TEXTS.sessionNotFound);
      const [session] = await db
        .select()
        .from(runnerSessions)
        .where(and(eq(runnerSessions.id, sessionId), eq(runnerSessions.ownerId, actor.id)));
      if (!session) throw notFound(RUNNER_TEXTS.sessionNotFound);
      const stored = session.spec as unknown as StoredSessionSpec;
      const description = stored.spec.problem.spec as { description?: unknown };
      const messages = await messagesOf(db, sessionId);
      return {
        sessionId: session.id,
        provider: session.provider as RunnerSession['provider'],
        model: session.model,
        createdAt: iso(session.createdAt),
        leia: {
          ...(session.leiaId && { id: session.leiaId }),
          ...(stored.metadata.name && { name: stored.metadata.name }),
          problemDescription: typeof description.description === 'string' ? description.description : '',
        },
        messages: messages.map((m) => ({ text: m.text, timestamp: iso(m.createdAt), isLeia: m.isLeia })),
        ...(session.experimentContext && {
          experimentContext: session.experimentContext as unknown as ExperimentContext,
        }),
      };
    },

    /**
     * Answers a turn: stores the user's message, streams the model's reply through `onDelta` and
     * stores it. The model failing or timing out is a 502 with its message, and the user's message
     * stays stored, unanswered, for the retry. If the client goes away the model call is aborted
     * and what it had already received is stored as the reply (nothing when it received nothing),
     * so a reload shows what the user saw; then this throws the provider's 'aborted' error.
     */
    async reply(actor: Actor, sessionId: string, turn: Turn, options: ReplyOptions): Promise<ChatReply> {
      const prepared = await prepare(actor, sessionId, turn);
      let text = '';
      try {
        const deltas = provider.streamReply({
          system: prepared.system,
          history: toChatTurns(prepared.history),
          leia: prepared.leia,
          signal: options.signal,
        });
        for await (const delta of deltas) {
          text += delta;
          options.onDelta?.(delta);
        }
      } catch (error) {
        if (!isProviderError(error)) throw error;
        if (options.signal.aborted) {
          if (options.onDelta && text.trim()) await store(prepared, text);
          throw error;
        }
        throw badGateway(error.message);
      }
      if (!text.trim()) throw badGateway(RUNNER_TEXTS.emptyReply);
      return store(prepared, text);
    },

    /** A whole interview with the LEIA (activity 'Auto Generate'); nothing is stored. */
    async generateTranscription(
      actor: Actor,
      body: TranscriptionRequest,
      signal: AbortSignal,
    ): Promise<TranscriptionMessage[]> {
      const { leia } = await resolveLeiaToRun(sources, actor, body);
      try {
        return await provider.generateTranscription({ system: buildSystemPrompt(leia), leia, signal });
      } catch (error) {
        if (!isProviderError(error) || signal.aborted) throw error;
        throw badGateway(error.message);
      }
    },
  };
}

export type RunnerService = ReturnType<typeof createRunnerService>;
