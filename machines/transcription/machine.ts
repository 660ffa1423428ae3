import { openableLink, transcriptionKind } from '@shared/activity-config';
import { ACTIVITY_TEXTS, type Activity, isValidTranscriptionLink } from '@shared/schemas/activities';
import { type TranscriptionMessage, validateTranscriptionJson } from '@shared/schemas/transcription';
import { assign, fromPromise, setup } from 'xstate';
import { failureLimitText, failureMessageFor } from '../failure';
import { type Notice, notice } from '../notice';
import { notProvided } from '../notProvided';
import {
  errorsOf,
  hasTranscription,
  isEmptyList,
  isTranscribable,
  jsonText,
  type SaveData,
  TRANSCRIPTION_TEXTS,
  type TranscriptionContext,
  type TranscriptionEvent,
  type TranscriptionTarget,
} from './contract';

/**
 * The four ways to give an activity's LEIA a transcription, and viewing it (My Activities). One
 * flow at a time; a new one may start from Idle or while the link input is open.
 *
 *   link.open --> Link.Editing --link.submit (an http(s) URL)--> Link.Saving --> Idle | Link.Editing
 *   generate.open --> Preview.Generating --messages--> Preview.Ready --preview.save--> Preview.Saving --> Idle
 *                     Preview.Generating --none--> Preview.Empty; --error--> Idle (the preview closes)
 *                     Preview.Ready | Preview.Empty --preview.cancel--> Idle (discarded)
 *   manual.start --> Manual.Starting --{sessionId}--> Idle (openChat: the chat records it) | Idle, toast
 *   json.open --> Json.Editing --json.tab preview (valid)--> tab Preview; --json.save (valid)--> Json.Saving
 *   view.open --> Viewing (messages) | Idle (an http(s) link opens in a new tab; another is refused)
 *   Viewing --view.close--> Idle
 *
 * The preview cannot be closed while generating or saving (no preview.cancel there). Every save is
 * the same PUT (a link clears messages, messages clear the link) and answers the whole activity,
 * which `onUpdated` hands to the list. Failure toasts show the server's message on 400, 404 and
 * 409, else the default. Auto Generate and Generate need the LEIA itself (a populated list).
 * The four flows are refused unless the LEIA is in transcription mode and its activity unpublished
 * (`isTranscribable`); viewing, unless there is a transcription.
 */

type Failed = { event: { error: unknown } };
type Ctx = { context: TranscriptionContext };

const UPDATE_STATUSES = [400, 404, 409] as const;

/** The focus once the link input goes: on the row's new View, or back on its Add Link. */
const linkFocus = (field: 'viewLink' | 'addLink') => ({ type: 'focusLink' as const, params: field });

/** My Activities' transcription notices are brief (3 s), as the card's own changes. */
const notify = (tone: Notice['tone'], message: string) => notice(tone, message, true);
const failed = (fallback: string) => ({
  type: 'notify' as const,
  params: ({ event }: Failed): Notice => ({
    tone: 'error',
    message: failureMessageFor(event.error, UPDATE_STATUSES, fallback),
    brief: true,
  }),
});
/** A limited route's failure: what a fair-use limit refused and when to retry, else `fallback`. */
const limitedOr = (fallback: string) => ({
  type: 'notify' as const,
  params: ({ event }: Failed): Notice => ({
    tone: 'error',
    message: failureLimitText(event.error) ?? fallback,
    brief: true,
  }),
});
const updated = {
  type: 'onUpdated' as const,
  params: ({ event }: { event: { output: Activity } }) => ({ activity: event.output }),
};
const targetOf = ({ context }: Ctx) => context.target!;
const unavailable = notify('error', TRANSCRIPTION_TEXTS.leiaUnavailable);
type Guarded = { event: TranscriptionEvent };
/** The event's LEIA may be given a transcription (transcription mode, an unpublished activity). */
const transcribable = ({ event }: Guarded) => 'target' in event && isTranscribable(event.target);
/** ... and the LEIA itself is at hand (generating needs it; without it a toast says so). */
const transcribableLeia = ({ event }: Guarded) =>
  'target' in event && isTranscribable(event.target) && event.target.hasLeia;

/** The flows that may start from Idle and from an open link input. */
const starts = {
  'link.open': { guard: transcribable, target: '#transcription.Link', actions: 'setTarget' },
  'generate.open': [
    { guard: transcribableLeia, target: '#transcription.Preview', actions: 'setTarget' },
    { guard: transcribable, actions: unavailable },
  ],
  'manual.start': [
    { guard: transcribableLeia, target: '#transcription.Manual', actions: 'setTarget' },
    { guard: transcribable, actions: unavailable },
  ],
  'json.open': { guard: transcribable, target: '#transcription.Json', actions: 'setTarget' },
  'view.open': [
    {
      guard: ({ event }: Guarded) => 'target' in event && openableLink(event.target.config) !== undefined,
      actions: {
        type: 'openLink' as const,
        params: ({ event }: Guarded) => ({
          url: ('target' in event && openableLink(event.target.config)) || '',
        }),
      },
    },
    // A stored link of another scheme (javascript:, data:...) is never opened.
    {
      guard: ({ event }: Guarded) => 'target' in event && transcriptionKind(event.target.config) === 'link',
      actions: notify('error', ACTIVITY_TEXTS.linkNotOpened),
    },
    {
      guard: ({ event }: Guarded) => 'target' in event && hasTranscription(event.target),
      target: '#transcription.Viewing',
      actions: 'setTarget',
    },
  ],
} as const;

export const transcriptionMachine = setup({
  types: {
    context: {} as TranscriptionContext,
    events: {} as TranscriptionEvent,
    tags: {} as 'saving' | 'generating' | 'starting',
  },
  actors: {
    /** PUT the configuration with a link or messages; answers the whole activity. */
    saveTranscription: fromPromise<Activity, { target: TranscriptionTarget; data: SaveData }>(async () =>
      notProvided('transcription', 'saveTranscription'),
    ),
    generateTranscription: fromPromise<TranscriptionMessage[], TranscriptionTarget>(async () =>
      notProvided('transcription', 'generateTranscription'),
    ),
    /** POST /runner/initialize with the experiment context. */
    startSession: fromPromise<{ sessionId?: string }, TranscriptionTarget>(async () =>
      notProvided('transcription', 'startSession'),
    ),
  },
  actions: {
    notify: (_, _notice: Notice) => notProvided('transcription', 'notify'),
    onUpdated: (_, _params: { activity: Activity }) => notProvided('transcription', 'onUpdated'),
    openChat: (_, _params: { sessionId: string; target: TranscriptionTarget }) =>
      notProvided('transcription', 'openChat'),
    /** In a new tab, without opener or referrer. */
    openLink: (_, _params: { url: string }) => notProvided('transcription', 'openLink'),
    focusLink: assign(({ context }, field: 'viewLink' | 'addLink') => ({
      focus: context.target ? { field, configId: context.target.config.id } : null,
    })),
    setTarget: assign(({ event }) => {
      if (!('target' in event)) return {};
      const json = jsonText(event.target.config);
      return {
        target: event.target,
        link: '',
        messages: event.target.config.configuration.data?.messages ?? [],
        json,
        jsonTab: 'editor' as const,
        jsonErrors: errorsOf(json),
      };
    }),
  },
  guards: {
    linkValid: ({ context }) => isValidTranscriptionLink(context.link),
    jsonValid: ({ context }) => context.jsonErrors.length === 0,
  },
}).createMachine({
  id: 'transcription',
  context: {
    target: null,
    link: '',
    messages: [],
    json: '',
    jsonTab: 'editor',
    jsonErrors: [],
    focus: null,
  },
  initial: 'Idle',
  states: {
    Idle: {
      entry: assign({ target: null, link: '', messages: [] }),
      on: starts,
    },

    Link: {
      initial: 'Editing',
      states: {
        Editing: {
          on: {
            ...starts,
            'link.change': { actions: assign({ link: ({ event }) => event.value }) },
            'link.submit': { guard: 'linkValid', target: 'Saving' },
            'link.cancel': { target: '#transcription.Idle', actions: linkFocus('addLink') },
          },
        },
        Saving: {
          tags: 'saving',
          invoke: {
            id: 'saveTranscription',
            src: 'saveTranscription',
            input: ({ context }) => ({ target: context.target!, data: { link: context.link.trim() } }),
            onDone: {
              target: '#transcription.Idle',
              actions: [updated, linkFocus('viewLink'), notify('success', TRANSCRIPTION_TEXTS.linkAdded)],
            },
            onError: { target: 'Editing', actions: failed(TRANSCRIPTION_TEXTS.linkFailed) },
          },
        },
      },
    },

    Preview: {
      initial: 'Generating',
      states: {
        Generating: {
          tags: 'generating',
          invoke: {
            id: 'generateTranscription',
            src: 'generateTranscription',
            input: targetOf,
            onDone: [
              { guard: ({ event }) => event.output.length === 0, target: 'Empty' },
              { target: 'Ready', actions: assign({ messages: ({ event }) => event.output }) },
            ],
            onError: {
              target: '#transcription.Idle',
              actions: limitedOr(TRANSCRIPTION_TEXTS.generateFailed),
            },
          },
        },
        Empty: { on: { 'preview.cancel': '#transcription.Idle' } },
        Ready: {
          on: {
            'preview.save': 'Saving',
            'preview.cancel': '#transcription.Idle',
          },
        },
        Saving: {
          tags: 'saving',
          invoke: {
            id: 'saveTranscription',
            src: 'saveTranscription',
            input: ({ context }) => ({
              target: context.target!,
              data: { messages: context.messages, source: 'generated' as const },
            }),
            onDone: {
              target: '#transcription.Idle',
              actions: [updated, notify('success', TRANSCRIPTION_TEXTS.saved)],
            },
            onError: { target: 'Ready', actions: failed(TRANSCRIPTION_TEXTS.saveFailed) },
          },
        },
      },
    },

    Manual: {
      initial: 'Starting',
      states: {
        Starting: {
          tags: 'starting',
          invoke: {
            id: 'startSession',
            src: 'startSession',
            input: targetOf,
            onDone: [
              {
                guard: ({ event }) =>
                  typeof event.output?.sessionId === 'string' && event.output.sessionId !== '',
                target: '#transcription.Idle',
                actions: {
                  type: 'openChat',
                  params: ({ context, event }) => ({
                    sessionId: event.output.sessionId!,
                    target: context.target!,
                  }),
                },
              },
              { target: '#transcription.Idle', actions: notify('error', TRANSCRIPTION_TEXTS.sessionFailed) },
            ],
            onError: { target: '#transcription.Idle', actions: limitedOr(TRANSCRIPTION_TEXTS.sessionFailed) },
          },
        },
      },
    },

    Json: {
      initial: 'Editing',
      states: {
        Editing: {
          on: {
            'json.change': {
              actions: assign({
                json: ({ event }) => event.text,
                jsonErrors: ({ event }) => errorsOf(event.text),
              }),
            },
            'json.tab': [
              { guard: ({ event }) => event.tab === 'editor', actions: assign({ jsonTab: 'editor' }) },
              {
                // Preview validates first: it stays on the editor while the JSON is wrong.
                guard: ({ context }) => context.jsonErrors.length === 0 || isEmptyList(context.json),
                actions: assign({ jsonTab: 'preview' }),
              },
            ],
            'json.save': { guard: 'jsonValid', target: 'Saving' },
            'json.cancel': '#transcription.Idle',
          },
        },
        Saving: {
          tags: 'saving',
          invoke: {
            id: 'saveTranscription',
            src: 'saveTranscription',
            input: ({ context }) => {
              const result = validateTranscriptionJson(context.json);
              return {
                target: context.target!,
                data: { messages: result.ok ? result.messages : [], source: 'edited' as const },
              };
            },
            onDone: {
              target: '#transcription.Idle',
              actions: [updated, notify('success', TRANSCRIPTION_TEXTS.updated)],
            },
            onError: { target: 'Editing', actions: failed(TRANSCRIPTION_TEXTS.saveFailed) },
          },
        },
      },
    },

    Viewing: {
      on: { 'view.close': 'Idle' },
    },
  },
});
