import { withFailure } from '@client/api/errors';
import { getSession, regenerateReply, sendMessage } from '@client/api/runner';
import { chatStorage } from '@client/runner/storage';
import { chatMachine } from '@machines/chat';
import { useActorRef } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';

/**
 * The chat machine with the runner API and local storage wired in. Every IO actor rejects with a
 * Failure (withFailure): no status means no answer (offline), which is when the stored copy is used.
 */
export const chatLogic = chatMachine.provide({
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
  actions: { persist: (_, chat) => chatStorage.write(chat) },
});

/** One actor per mounted session screen, seeded with what local storage held when it opened. */
export function useChatActor(sessionId: string) {
  // Read once: the actor takes its input on the first render only.
  const [input] = useState(() => ({ sessionId, stored: chatStorage.read() }));
  return useActorRef(chatLogic, { input });
}

export type ChatActor = ReturnType<typeof useChatActor>;
