import { ActionButton } from '@client/actions/ActionButton';
import { boundCommand } from '@client/actions/commands';
import { useActionSnapshot } from '@client/actions/useActionSnapshot';
import { CheckIcon } from '@client/components';
import { usePaletteCommands } from '@client/palette';
import type { ChatNavigationState } from '@client/runner/navigation';
import { saveTranscription } from '@machines/chat/actions';
import type { ChatSessionInfo } from '@machines/chat/contract';
import {
  CHAT_TRANSCRIPTION_TEXTS,
  isSavingTranscription,
  type RecordingFor,
} from '@machines/chatTranscription';
import { useMemo } from 'react';
import { z } from 'zod';
import { ChatActor, ChatTranscriptionActor, ChatTranscriptionActors } from './actors';

/** The navigation state's leiaConfig, read as far as it can be (it is history state: anything). */
const leiaConfigSchema = z.object({
  leia: z
    .union([z.string(), z.looseObject({ id: z.string() })])
    .optional()
    .catch(undefined),
  configuration: z.looseObject({ mode: z.string() }).optional().catch(undefined),
});

/**
 * Who the chat records for: the navigation state from My Activities' Generate, else the session's
 * own experiment context (a reload in another tab). Null when the chat is not for an activity.
 */
export function recordingFor(
  navigation: ChatNavigationState,
  session: ChatSessionInfo | null,
): RecordingFor | null {
  const parsed = leiaConfigSchema.safeParse(navigation.leiaConfig);
  const config = parsed.success ? parsed.data : undefined;
  const context = session?.experimentContext;
  if (!config && !context && navigation.experimentId === undefined) return null;
  const mode = config?.configuration?.mode;
  const leia = config?.leia;
  const leiaId = typeof leia === 'string' ? leia : (leia?.id ?? session?.leia.id);
  return {
    experimentId: navigation.experimentId ?? context?.experimentId,
    leiaConfigId: navigation.leiaConfigId ?? context?.leiaConfigId,
    ...(leiaId && { leiaId }),
    // A session started with an experiment context was started for a transcription.
    transcriptionMode: mode !== undefined ? mode === 'transcription' : context !== undefined,
  };
}

/** 'Save Transcription', shown only when the chat records a transcription for an activity's LEIA. */
export function SaveTranscription({ navigation }: { navigation: ChatNavigationState }) {
  const session = ChatActor.useSelector((s) => s.context.session);
  const recording = useMemo(() => recordingFor(navigation, session), [navigation, session]);
  if (!recording) return null;
  return (
    <ChatTranscriptionActors>
      <SaveButton recording={recording} />
    </ChatTranscriptionActors>
  );
}

function SaveButton({ recording }: { recording: RecordingFor }) {
  const actor = ChatTranscriptionActor.useActorRef();
  const messages = ChatActor.useSelector((s) => s.context.messages);
  const saving = ChatTranscriptionActor.useSelector(isSavingTranscription);
  const now = useActionSnapshot(actor);
  const target = useMemo(() => ({ messages, recording }), [messages, recording]);
  usePaletteCommands(
    useMemo(() => [boundCommand(actor, now, saveTranscription, target)], [actor, now, target]),
  );
  return (
    <ActionButton
      flow={actor}
      action={saveTranscription}
      target={target}
      icon={<CheckIcon />}
      loading={saving}
    >
      {saving ? CHAT_TRANSCRIPTION_TEXTS.saving : CHAT_TRANSCRIPTION_TEXTS.button}
    </ActionButton>
  );
}
