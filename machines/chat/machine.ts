import type { ChatMessage } from '@shared/schemas/runner';
import { and, assign, emit, fromPromise, not, setup, stateIn } from 'xstate';
import { type Failure, failureLimitText, failureStatus } from '../failure';
import type { Notice } from '../notice';
import { notProvided } from '../notProvided';
import { REPLY_STREAM, withReply, withStoppedReply } from '../replyStream';
import type {
  ChatContext,
  ChatEvaluate,
  ChatEvent,
  ChatExport,
  ChatFocusRequest,
  ChatInput,
  LoadedSession,
  PendingReply,
  ReplyInput,
  ReplyOutput,
  StoredChat,
} from './contract';
import { CHAT_TEXTS } from './contract';

/**
 * One chat with a LEIA session (the chat screen, route /chat/{sessionId}).
 *
 *   Loading --session--> Idle                     (the server's messages win)
 *   Loading --offline, this session stored--> Idle (the browser's copy, `offline`)
 *   Loading --error--> LoadFailed --chat.reload--> Loading
 *   Idle --chat.send (not blank)--> Replying.Sending   (user message added; typing indicator)
 *   Idle --chat.regenerate--> Replying.Sending         (the last reply removed, asked again)
 *   Replying.Sending --first chat.delta--> Replying.Streaming --chat.delta--> (the reply grows)
 *   Replying --done--> Idle (the server's whole message replaces the streamed text)
 *   Replying --chat.stop (Esc)--> Idle (the request aborted; the partial text is kept, marked stopped)
 *   Replying --error--> Failed (a LEIA-side 'Your message is taking a bit longer to send. Retry?',
 *                              or what a fair-use limit refused and when to retry)
 *   Failed --chat.retry--> Replying (the same text again, the notice removed) | --chat.send--> Replying
 *   any state --chat.export (some messages)--> the `download` action writes them as a file
 *
 * IO is named stubs the app provides: `loadSession` (GET the session), `reply` (POST a message or
 * a regenerate, streaming deltas through `input.onDelta`), the `persist` action (local storage,
 * one conversation per browser) and the `download` action (the export as a file). Every state a reply starts or ends in asks for the focus on the
 * message box (when the focus was lost: the button pressed went or was disabled) and names the
 * outcome for the status region. Deltas carry the request they belong to, so a late delta of a
 * stopped request never lands in the next reply.
 */

const now = () => new Date().toISOString();

/** Entry action of every state that follows a change of the messages. */
const persistMessages = {
  type: 'persist',
  params: ({ context }: { context: ChatContext }): StoredChat => ({
    sessionId: context.sessionId,
    messages: context.messages,
  }),
} as const;

const isBlank = (text: string) => text.trim() === '';

/** The messages before the last reply: everything up to and including the last user message. */
const withoutLastReply = (messages: ChatMessage[]): ChatMessage[] => {
  const lastUser = messages.findLastIndex((message) => !message.isLeia);
  return messages.slice(0, lastUser + 1);
};

/** The text a `chat.send` carries, trimmed. */
const sentText = ({ event }: { event: ChatEvent }) => (event.type === 'chat.send' ? event.text.trim() : '');

/** A message typed in the box (after a reply, or instead of retrying a failed one). */
const sendText = {
  guard: 'hasText',
  target: 'Replying',
  actions: [
    { type: 'addUserMessage', params: sentText },
    {
      type: 'beginReply',
      params: (args: { event: ChatEvent }): PendingReply => ({ mode: 'send', text: sentText(args) }),
    },
  ],
} as const;

export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    input: {} as ChatInput,
  },
  actors: {
    loadSession: fromPromise<LoadedSession, { sessionId: string }>(async () =>
      notProvided('chat', 'loadSession'),
    ),
    reply: fromPromise<ReplyOutput, ReplyInput>(async () => notProvided('chat', 'reply')),
  },
  actions: {
    persist: (_, _chat: StoredChat) => notProvided('chat', 'persist'),
    notify: (_, _notice: Notice) => notProvided('chat', 'notify'),
    /** Writes the conversation as a file; sends `chat.exportRefused` when it cannot be written. */
    download: (_, _file: ChatExport) => notProvided('chat', 'download'),
    /** Starts a request: a new id, so that late deltas of an earlier one are dropped. */
    beginReply: assign(({ context }, pending: PendingReply) => ({
      pending,
      partial: '',
      requestId: context.requestId + 1,
      limited: null,
      status: pending.mode === 'regenerate' ? ('regenerating' as const) : null,
    })),
    /** Entry action of the states a reply starts or ends in: see ChatFocusRequest. */
    focusComposer: assign({ focus: (): ChatFocusRequest => ({ field: 'composer', ifLost: true }) }),
    startPartial: assign({ partial: ({ event }) => (event.type === 'chat.delta' ? event.text : '') }),
    appendPartial: assign({
      partial: ({ context, event }) => context.partial + (event.type === 'chat.delta' ? event.text : ''),
    }),
    addUserMessage: assign({
      messages: ({ context }, text: string) => [
        ...context.messages,
        { text, timestamp: now(), isLeia: false },
      ],
    }),
  },
  guards: {
    hasText: ({ event }) => event.type === 'chat.send' && !isBlank(event.text),
    hasUserMessage: ({ context }) => context.messages.some((message) => !message.isLeia),
    hasMessages: ({ context }) => context.messages.length > 0,
    hasLeiaReply: ({ context }) => context.messages.some((message) => message.isLeia),
    isCurrentRequest: ({ context, event }) =>
      event.type === 'chat.delta' && event.requestId === context.requestId,
    /** No response at all (offline) and this browser kept the conversation. */
    canUseStoredCopy: ({ context, event }) =>
      'error' in event && failureStatus(event.error) === undefined && context.fallback !== null,
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    session: null,
    messages: [],
    partial: '',
    pending: null,
    requestId: 0,
    fallback:
      input.stored?.sessionId === input.sessionId && input.stored.messages.length > 0
        ? input.stored.messages
        : null,
    offline: false,
    loadError: null,
    limited: null,
    status: null,
    focus: null,
  }),
  initial: 'Loading',
  on: {
    // Not while a reply streams: the server would evaluate the conversation without it.
    'chat.evaluate': {
      guard: and(['hasLeiaReply', not(stateIn('#chat.Replying'))]),
      actions: emit(
        ({ context }): ChatEvaluate => ({
          type: 'evaluate',
          sessionId: context.sessionId,
          about: context.session?.leia.name ?? '',
        }),
      ),
    },
    'chat.export': {
      guard: 'hasMessages',
      actions: {
        type: 'download',
        params: ({ context, event }): ChatExport => ({
          format: event.format,
          sessionId: context.sessionId,
          leiaName: context.session?.leia.name,
          messages: context.messages,
        }),
      },
    },
    'chat.exportRefused': {
      actions: {
        type: 'notify',
        params: ({ event }): Notice => ({
          tone: 'error',
          message: CHAT_TEXTS.exportFailed,
          detail: event.errors.join('\n'),
        }),
      },
    },
  },
  states: {
    Loading: {
      tags: 'loading',
      invoke: {
        src: 'loadSession',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: {
          target: 'Idle',
          actions: assign({
            session: ({ event }) => event.output.session,
            messages: ({ event }) => event.output.messages,
            offline: false,
            loadError: null,
          }),
        },
        onError: [
          {
            guard: 'canUseStoredCopy',
            target: 'Idle',
            actions: assign({ messages: ({ context }) => context.fallback ?? [], offline: true }),
          },
          { target: 'LoadFailed', actions: assign({ loadError: ({ event }) => event.error as Failure }) },
        ],
      },
    },

    LoadFailed: {
      on: { 'chat.reload': 'Loading' },
    },

    Idle: {
      entry: [persistMessages, 'focusComposer'],
      on: {
        'chat.send': sendText,
        'chat.regenerate': {
          guard: 'hasUserMessage',
          target: 'Replying',
          actions: [
            assign({ messages: ({ context }) => withoutLastReply(context.messages) }),
            { type: 'beginReply', params: { mode: 'regenerate', text: '' } },
          ],
        },
      },
    },

    Replying: {
      tags: 'replying',
      entry: [persistMessages, 'focusComposer'],
      invoke: {
        src: 'reply',
        input: ({ context, self }) => {
          const { requestId, pending } = context;
          return {
            sessionId: context.sessionId,
            mode: pending?.mode ?? 'send',
            text: pending?.text ?? '',
            onDelta: (text: string) => self.send({ type: 'chat.delta', requestId, text }),
          };
        },
        onDone: {
          target: 'Idle',
          actions: assign({
            messages: ({ context, event }) => withReply(context.messages, event.output),
            partial: '',
            pending: null,
            status: 'replied',
          }),
        },
        onError: {
          target: 'Failed',
          actions: assign({
            partial: '',
            status: 'failed',
            limited: ({ event }) => failureLimitText(event.error) ?? null,
          }),
        },
      },
      on: {
        'chat.stop': {
          target: 'Idle',
          actions: assign({
            messages: ({ context }) => withStoppedReply(context.messages, context.partial),
            partial: '',
            pending: null,
            status: 'stopped',
          }),
        },
      },
      ...REPLY_STREAM,
    },

    /** The send or regenerate failed; `pending` holds what Retry makes again. */
    Failed: {
      entry: [persistMessages, 'focusComposer'],
      on: {
        'chat.retry': {
          target: 'Replying',
          actions: {
            type: 'beginReply',
            params: ({ context }) => context.pending ?? { mode: 'send', text: '' },
          },
        },
        'chat.send': sendText,
      },
    },
  },
});
