import type { ExperimentContext, RunnerSession } from '@shared/schemas/runner';
import type { RunnerMessageRow, RunnerSessionRow } from '../db/schema';
import type { ResolvedLeia } from '../runner/provider';

/** What the session row's `spec` column holds: the resolved LEIA, as a LEIA object is shaped. */
export interface StoredSessionSpec {
  metadata: { name?: string };
  spec: ResolvedLeia;
}

/** A session and its messages, oldest first, as GET /runner/{id} answers them. */
export function toRunnerSession(
  session: RunnerSessionRow,
  messages: Pick<RunnerMessageRow, 'text' | 'createdAt' | 'isLeia' | 'stopped'>[],
): RunnerSession {
  const stored = session.spec as unknown as StoredSessionSpec;
  const description = stored.spec.problem.spec as { description?: unknown };
  const persona = stored.spec.persona.spec as { fullName?: unknown; firstName?: unknown };
  const personaName = [persona.fullName, persona.firstName].find(
    (name): name is string => typeof name === 'string' && name.trim() !== '',
  );
  return {
    sessionId: session.id,
    provider: session.provider as RunnerSession['provider'],
    model: session.model,
    createdAt: session.createdAt.toISOString(),
    leia: {
      ...(session.leiaId && { id: session.leiaId }),
      ...(stored.metadata.name && { name: stored.metadata.name }),
      problemDescription: typeof description.description === 'string' ? description.description : '',
      ...(personaName && { personaName: personaName.trim() }),
    },
    messages: messages.map((m) => ({
      text: m.text,
      timestamp: m.createdAt.toISOString(),
      isLeia: m.isLeia,
      ...(m.stopped && { stopped: true as const }),
    })),
    ...(session.experimentContext && {
      experimentContext: session.experimentContext as unknown as ExperimentContext,
    }),
  };
}
