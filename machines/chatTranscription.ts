import { type ChatMessage, toTranscriptionMessage } from '@shared/schemas/runner';
import type { TranscriptionMessage } from '@shared/schemas/transcription';
import { fromPromise, type SnapshotFrom, setup } from 'xstate';
import { briefFailure, type Notice, notice } from './notice';
import { notProvided } from './notProvided';

/**
 * 'Save Transcription' on the chat screen: the conversation, recorded for an activity's LEIA in
 * transcription mode, becomes that configuration's messages (a link it had is removed).
 *
 *   Idle --save (messages, transcription mode, experiment and configuration known)--> Saving
 *   Idle --save (one of the three missing)--> Idle, with that check's message
 *   Saving --done--> Idle ('Transcription added successfully') | --error--> Idle (the failure text)
 *
 * The checks run in the product's order. The failure toast is the server's message for 400, 404
 * and 409, else 'Failed to add transcription'.
 */

export const CHAT_TRANSCRIPTION_TEXTS = {
  button: 'Save Transcription',
  saving: 'Saving...',
  noMessages: 'No messages to save as transcription',
  notEnabled: 'Transcription option is not enabled',
  missingInfo: 'Missing experiment or LEIA configuration information',
  saved: 'Transcription added successfully',
  failed: 'Failed to add transcription',
} as const;

/** What the chat knows about the activity it records for (its navigation state and session). */
export interface RecordingFor {
  experimentId?: string;
  leiaConfigId?: string;
  /** The configuration's LEIA id, sent with the messages when known. */
  leiaId?: string;
  transcriptionMode: boolean;
}

export interface SaveRecordingInput {
  experimentId: string;
  leiaConfigId: string;
  leiaId?: string;
  messages: TranscriptionMessage[];
}

export type ChatTranscriptionEvent = {
  type: 'save';
  /** The chat's messages; a stopped reply is saved with its marker in its text. */
  messages: ChatMessage[];
  recording: RecordingFor;
};

type Save = { event: ChatTranscriptionEvent };

const check = (event: ChatTranscriptionEvent): string | null => {
  if (event.messages.length === 0) return CHAT_TRANSCRIPTION_TEXTS.noMessages;
  if (!event.recording.transcriptionMode) return CHAT_TRANSCRIPTION_TEXTS.notEnabled;
  if (!event.recording.experimentId || !event.recording.leiaConfigId)
    return CHAT_TRANSCRIPTION_TEXTS.missingInfo;
  return null;
};

export const chatTranscriptionMachine = setup({
  types: {
    events: {} as ChatTranscriptionEvent,
    tags: {} as 'saving',
  },
  actors: {
    /** PUT the configuration with the messages (source 'recorded'). */
    saveRecording: fromPromise<unknown, SaveRecordingInput>(async () =>
      notProvided('chatTranscription', 'saveRecording'),
    ),
  },
  actions: {
    notify: (_, _params: Notice) => notProvided('chatTranscription', 'notify'),
  },
}).createMachine({
  id: 'chatTranscription',
  initial: 'Idle',
  states: {
    Idle: {
      on: {
        save: [
          {
            guard: ({ event }) => check(event) !== null,
            actions: {
              type: 'notify',
              params: ({ event }: Save): Notice => ({ tone: 'error', message: check(event)!, brief: true }),
            },
          },
          { target: 'Saving' },
        ],
      },
    },
    Saving: {
      tags: 'saving',
      invoke: {
        id: 'saveRecording',
        src: 'saveRecording',
        input: ({ event }) => {
          const { messages, recording } = event as ChatTranscriptionEvent;
          return {
            experimentId: recording.experimentId!,
            leiaConfigId: recording.leiaConfigId!,
            ...(recording.leiaId && { leiaId: recording.leiaId }),
            messages: messages.map(toTranscriptionMessage),
          };
        },
        onDone: {
          target: 'Idle',
          actions: notice('success', CHAT_TRANSCRIPTION_TEXTS.saved, true),
        },
        onError: {
          target: 'Idle',
          actions: briefFailure([400, 404, 409], CHAT_TRANSCRIPTION_TEXTS.failed),
        },
      },
    },
  },
});

export type ChatTranscriptionSnapshot = SnapshotFrom<typeof chatTranscriptionMachine>;

export const isSavingTranscription = (s: ChatTranscriptionSnapshot): boolean => s.hasTag('saving');
