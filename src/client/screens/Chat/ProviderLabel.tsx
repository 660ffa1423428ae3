import { actorOf, useAuth } from '@client/auth';
import { Badge } from '@client/components';
import type { ChatSessionInfo } from '@machines/chat/contract';
import { canConfigureModel } from '@shared/permissions';

export const SIMULATOR_LABEL = 'Offline simulator';
export const SIMULATOR_HINT =
  'Not a language model: to connect one, set LEIA_LLM_BASE_URL and LEIA_LLM_MODEL (e.g. Ollama at http://localhost:11434/v1).';

/**
 * Who answers: the offline simulator is named as such (and ProviderHint tells an admin how to
 * connect a real model), so its answers are never taken for a language model's; otherwise the
 * model's name.
 */
export function ProviderBadge({ session }: { session: ChatSessionInfo }) {
  if (session.provider === 'simulator') return <Badge tone="grey">{SIMULATOR_LABEL}</Badge>;
  return (
    <Badge tone="blue">
      <span className="visually-hidden">Model: </span>
      {session.model}
    </Badge>
  );
}

/** Only those who run the server can act on it: an admin. */
export function ProviderHint({ session }: { session: ChatSessionInfo }) {
  const { user } = useAuth();
  if (session.provider !== 'simulator' || !canConfigureModel(actorOf(user))) return null;
  return <p className="provider-hint">{SIMULATOR_HINT}</p>;
}
