import { updateLeiaConfig } from '@client/api/activities';
import { withFailure } from '@client/api/errors';
import { getSession, regenerateReply, sendMessage } from '@client/api/runner';
import { chatStorage } from '@client/runner/storage';
import { showNotice } from '@client/toasts';
import { chatMachine } from '@machines/chat/machine';
import { chatTranscriptionMachine } from '@machines/chatTranscription';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { fromPromise } from 'xstate';
import { downloadFile, exportConversation } from './exportConversation';

/** The conversation of one chat session (machines/chat/machine.ts). */
export const ChatActor = createActorContext(chatMachine);

/**
 * Wires the chat machine once to the runner API and local storage, seeded with what storage held
 * when the screen opened. Every IO actor rejects with a Failure (withFailure): no status means no
 * answer (offline), which is when the stored copy is used. One session per mounted screen.
 */
export function ChatActors({ sessionId, children }: { sessionId: string; children: ReactNode }) {
  const [logic] = useState(() =>
    chatMachine.provide({
      actors: {
        loadSession: fromPromise(async ({ input, signal }) => {
          const { messages, provider, model, leia, experimentContext } = await withFailure(
            getSession(input.sessionId, { signal }),
          );
          return { session: { provider, model, leia, experimentContext }, messages };
        }),
        reply: fromPromise(async ({ input, signal }) => {
          const options = { signal, onDelta: input.onDelta };
          const reply = await withFailure(
            input.mode === 'regenerate'
              ? regenerateReply(input.sessionId, options)
              : sendMessage(input.sessionId, input.text, options),
          );
          return { text: reply.message, timestamp: reply.timestamp };
        }),
      },
      actions: {
        persist: (_, chat) => chatStorage.write(chat),
        notify: showNotice,
        download: ({ self }, { format, messages, sessionId, leiaName }) => {
          const result = exportConversation(format, messages, {
            sessionId,
            leiaName,
            exportedAt: new Date(),
          });
          if (result.ok) downloadFile(result);
          else self.send({ type: 'chat.exportRefused', errors: result.errors });
        },
      },
    }),
  );
  const [input] = useState(() => ({ sessionId, stored: chatStorage.read() }));
  return (
    <ChatActor.Provider logic={logic} options={{ input }}>
      {children}
    </ChatActor.Provider>
  );
}

/** 'Save Transcription' (machines/chatTranscription.ts), for a chat recording an activity's LEIA. */
export const ChatTranscriptionActor = createActorContext(chatTranscriptionMachine);

export function ChatTranscriptionActors({ children }: { children: ReactNode }) {
  const [logic] = useState(() =>
    chatTranscriptionMachine.provide({
      actors: {
        saveRecording: fromPromise(({ input }) =>
          withFailure(
            updateLeiaConfig(input.experimentId, input.leiaConfigId, {
              ...(input.leiaId && { leia: input.leiaId }),
              configuration: { mode: 'transcription', data: { messages: input.messages } },
              source: 'recorded',
            }),
          ),
        ),
      },
      actions: {
        notify: showNotice,
      },
    }),
  );
  return <ChatTranscriptionActor.Provider logic={logic}>{children}</ChatTranscriptionActor.Provider>;
}
