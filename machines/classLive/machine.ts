import { CLASS_TEXTS, MAX_EXTENSION_MINUTES } from '@shared/class-sessions';
import type { ClassSessionDetail, LiveEvent } from '@shared/schemas/class-sessions';
import type { ChatMessage } from '@shared/schemas/runner';
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { type Failure, failureMessage, failureStatus } from '../failure';
import type { Notice } from '../notice';
import { notProvided } from '../notProvided';
import {
  type CopyParams,
  LIVE_TEXTS,
  type LiveContext,
  type LiveInput,
  type LiveIo,
  type LiveMachineEvent,
  RECONNECT_MS,
} from './contract';

/**
 * The instructor's live view of one class session (route /class-sessions/{id}; docs/architecture.md
 * "Class sessions"). Everything it shows comes from the session's server-sent events, never from
 * polling: the `snapshot` on every (re)connection, then `session`, `student` and, for the student
 * whose conversation is open, `message`.
 *
 *   stream:  Watching.Connecting --snapshot--> Watching.Live --live.lost--> Retrying (2 s) --> Watching
 *            a 403/404 --> Failed; opening or closing a conversation watches again with its student
 *   student: Closed --student.open--> Open.Loading --> Open.Showing (messages arrive as events)
 *   action:  Idle --extend.open (open, with a time limit)--> Extending.Editing --extend.submit--> Extending.Saving --> Idle
 *            Idle --close.request (open)--> Closing.Confirming --close.confirm--> Closing.Saving --> Idle
 *   clock:   ticks every second, for the time left.
 */

/** The session's view with one live event applied. */
export function applyLiveEvent(
  context: LiveContext,
  event: LiveEvent,
  receivedAt: number,
): Partial<LiveContext> {
  switch (event.event) {
    case 'snapshot':
      return {
        detail: event.data,
        clockOffset: Date.parse(event.data.serverNow) - receivedAt,
        loadError: null,
      };
    case 'session':
      return context.detail ? { detail: { ...context.detail, ...event.data } } : {};
    case 'student': {
      if (!context.detail) return {};
      const students = context.detail.students;
      const index = students.findIndex((row) => row.studentId === event.data.studentId);
      const next = index === -1 ? [...students, event.data] : students.with(index, event.data);
      return { detail: { ...context.detail, students: next } };
    }
    case 'message':
      if (event.data.studentId !== context.selected) return {};
      return { conversation: withMessage(context.conversation, event.data.message) };
  }
}

const sameMessage = (a: ChatMessage, b: ChatMessage) =>
  a.timestamp === b.timestamp && a.isLeia === b.isLeia && a.text === b.text;

/** A message added once, whether it came with the loaded conversation or as an event. */
const withMessage = (messages: ChatMessage[], message: ChatMessage): ChatMessage[] =>
  messages.some((known) => sameMessage(known, message)) ? messages : [...messages, message];

const parseMinutes = (text: string): number | null => {
  const value = Number(text.trim());
  return Number.isInteger(value) && value >= 1 && value <= MAX_EXTENSION_MINUTES ? value : null;
};

const refusal = (error: unknown) => failureMessage(error, LIVE_TEXTS.actionFailed);

const io = <K extends 'loadConversation' | 'extend' | 'close'>(name: K) =>
  fromPromise<LiveIo[K]['output'], LiveIo[K]['input']>(async () => notProvided('classLive', name));

export const classLiveMachine = setup({
  types: {
    context: {} as LiveContext,
    events: {} as LiveMachineEvent,
    input: {} as LiveInput,
  },
  actors: {
    watch: fromCallback<LiveMachineEvent, LiveIo['watch']['input']>(() => notProvided('classLive', 'watch')),
    loadConversation: io('loadConversation'),
    extend: io('extend'),
    close: io('close'),
    clock: fromCallback<LiveMachineEvent>(() => notProvided('classLive', 'clock')),
  },
  actions: {
    selectStudent: assign(({ event }) =>
      event.type === 'student.open'
        ? { selected: event.studentId, conversation: [], handIn: null, conversationError: null }
        : {},
    ),
    /** Says what an action did (a toast). */
    notify: (_, _notice: Notice) => notProvided('classLive', 'notify'),
    /** What an extend or close answers: the session's new end or state. */
    mergeDetail: assign({
      detail: ({ context }, answer: Partial<ClassSessionDetail>) =>
        context.detail ? { ...context.detail, ...answer } : null,
    }),
    /** Copies the join code or link (the clipboard, and says so). */
    copy: (_, _params: CopyParams) => notProvided('classLive', 'copy'),
  },
  guards: {
    isSnapshot: ({ event }) => event.type === 'live.event' && event.event.event === 'snapshot',
    refused: ({ event }) =>
      event.type === 'live.lost' && [403, 404].includes(failureStatus(event.error) ?? 0),
    validMinutes: ({ context }) => parseMinutes(context.minutes) !== null,
    loaded: ({ context }) => context.detail !== null,
    isOpen: ({ context }) => context.detail?.status === 'open',
    extendable: ({ context }) => context.detail?.status === 'open' && context.detail.endsAt !== null,
  },
}).createMachine({
  id: 'classLive',
  type: 'parallel',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    detail: null,
    clockOffset: 0,
    now: 0,
    selected: null,
    conversation: [],
    handIn: null,
    conversationError: null,
    projector: false,
    minutes: '5',
    actionError: null,
    loadError: null,
  }),
  invoke: { src: 'clock' },
  on: {
    'clock.tick': { actions: assign({ now: ({ event }) => event.now }) },
    'projector.toggle': {
      guard: 'loaded',
      actions: assign({ projector: ({ context }) => !context.projector }),
    },
    'code.copy': {
      guard: 'loaded',
      actions: {
        type: 'copy',
        params: ({ context }) => ({ what: 'code', value: context.detail?.code ?? '' }),
      },
    },
    'link.copy': {
      guard: 'loaded',
      actions: {
        type: 'copy',
        params: ({ context }) => ({ what: 'link', value: context.detail?.joinPath ?? '' }),
      },
    },
    'live.event': {
      actions: assign(({ context, event }) => applyLiveEvent(context, event.event, event.receivedAt)),
    },
  },
  states: {
    stream: {
      initial: 'Watching',
      states: {
        Watching: {
          invoke: {
            src: 'watch',
            input: ({ context }) => ({ sessionId: context.sessionId, studentId: context.selected }),
          },
          initial: 'Connecting',
          states: {
            Connecting: {
              tags: 'connecting',
              on: {
                'live.event': {
                  guard: 'isSnapshot',
                  target: 'Live',
                  actions: assign(({ context, event }) =>
                    applyLiveEvent(context, event.event, event.receivedAt),
                  ),
                },
              },
            },
            Live: {},
          },
          on: {
            'live.lost': [
              {
                guard: 'refused',
                target: 'Failed',
                actions: assign({ loadError: ({ event }) => event.error ?? null }),
              },
              { target: 'Retrying' },
            ],
            'student.open': { target: 'Watching', reenter: true },
            'student.close': { target: 'Watching', reenter: true },
          },
        },
        Retrying: { tags: 'reconnecting', after: { [RECONNECT_MS]: 'Watching' } },
        Failed: { on: { 'live.retry': 'Watching' } },
      },
    },
    student: {
      initial: 'Closed',
      states: {
        Closed: { on: { 'student.open': { target: 'Open', actions: 'selectStudent' } } },
        Open: {
          on: {
            // Reentered from within the region: its domain stays the region, not the whole machine.
            'student.open': { target: 'Open', reenter: true, actions: 'selectStudent' },
            'student.close': {
              target: 'Closed',
              actions: assign({ selected: null, conversation: [], handIn: null }),
            },
          },
          initial: 'Loading',
          states: {
            Loading: {
              invoke: {
                src: 'loadConversation',
                input: ({ context }) => ({ sessionId: context.sessionId, studentId: context.selected ?? '' }),
                onDone: {
                  target: 'Showing',
                  actions: assign({
                    conversation: ({ context, event }) =>
                      context.conversation.reduce(withMessage, event.output.conversation),
                    handIn: ({ event }) => ({ draft: event.output.draft, handIn: event.output.handIn }),
                  }),
                },
                onError: {
                  target: 'Showing',
                  actions: assign({ conversationError: ({ event }) => event.error as Failure }),
                },
              },
            },
            Showing: {},
          },
        },
      },
    },
    action: {
      initial: 'Idle',
      states: {
        Idle: {
          on: {
            'extend.open': {
              guard: 'extendable',
              target: 'Extending',
              actions: assign({ actionError: null }),
            },
            'close.request': { guard: 'isOpen', target: 'Closing', actions: assign({ actionError: null }) },
          },
        },
        Extending: {
          initial: 'Editing',
          states: {
            Editing: {
              on: {
                'extend.change': {
                  actions: assign({ minutes: ({ event }) => event.value, actionError: null }),
                },
                'extend.submit': [
                  { guard: 'validMinutes', target: 'Saving' },
                  { actions: assign({ actionError: CLASS_TEXTS.extension }) },
                ],
                'extend.cancel': '#classLive.action.Idle',
              },
            },
            Saving: {
              tags: 'saving',
              invoke: {
                src: 'extend',
                input: ({ context }) => ({
                  sessionId: context.sessionId,
                  minutes: parseMinutes(context.minutes) ?? 0,
                }),
                onDone: {
                  target: '#classLive.action.Idle',
                  actions: [
                    { type: 'mergeDetail', params: ({ event }) => event.output },
                    {
                      type: 'notify',
                      params: ({ context }) => ({
                        tone: 'success' as const,
                        message: CLASS_TEXTS.extended(parseMinutes(context.minutes) ?? 0),
                      }),
                    },
                  ],
                },
                onError: {
                  target: 'Editing',
                  actions: assign({ actionError: ({ event }) => refusal(event.error) }),
                },
              },
            },
          },
        },
        Closing: {
          initial: 'Confirming',
          states: {
            Confirming: { on: { 'close.confirm': 'Saving', 'close.cancel': '#classLive.action.Idle' } },
            Saving: {
              tags: 'saving',
              invoke: {
                src: 'close',
                input: ({ context }) => ({ sessionId: context.sessionId }),
                onDone: {
                  target: '#classLive.action.Idle',
                  actions: [
                    { type: 'mergeDetail', params: ({ event }) => event.output },
                    { type: 'notify', params: { tone: 'success' as const, message: CLASS_TEXTS.closed } },
                  ],
                },
                onError: {
                  target: 'Confirming',
                  actions: assign({ actionError: ({ event }) => refusal(event.error) }),
                },
              },
            },
          },
        },
      },
    },
  },
});
