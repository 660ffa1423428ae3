import {
  CLASS_TEXTS,
  isJoinCode,
  normaliseJoinCode,
  secondsLeft,
  TIME_LEFT_ANNOUNCEMENTS,
} from '@shared/class-sessions';
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { type Failure, failureLimitText, failureMessage, failureStatus } from '../failure';
import { notProvided } from '../notProvided';
import { REPLY_STREAM, withReply, withStoppedReply } from '../replyStream';
import {
  EVENTS_RECONNECT_MS,
  type JoinField,
  type LoadedView,
  STUDENT_FLOW_TEXTS,
  type StudentContext,
  type StudentEvent,
  type StudentInput,
  type StudentIo,
} from './contract';

/**
 * A class session's student (the /join, /join/{code} and /resume screens; docs/architecture.md
 * "Class sessions"):
 *
 *   Resuming (a resume link's token) --> Session | --refused--> Joining.Code (resumeInvalid)
 *   Checking (GET me: the cookie)    --> Session | --404--> Joining | --other--> LoadFailed
 *   Joining.Code --join.submitCode--> LookingUp --info--> Details --join.submit--> Submitting --> Session
 *   Session: Routing --> Active | After (handed in) | Ended (ended, nothing handed in)
 *   After: LoadingReport (the student's own report, if the session shows reports) --> Shown |
 *   ReportFailed --report.retry--> LoadingReport.
 *   Active (parallel): chat (Idle, Replying.Sending/Streaming, Failed; Reading in transcription
 *   mode), draft (Clean, Waiting 800 ms --> Saving), handIn (Ready, Submitting), clock (ticks),
 *   events (Watching the session's events --session.lost--> Retrying 2 s --> Watching).
 *   session.extended: the new deadline; session.closed (the view after the hand-in) --> Routing,
 *   the draft on screen kept.
 *   Time up, or 'The session has ended' from any call --> Ending (GET me again) --> Routing.
 *
 * IO is the stubs below, provided once by the screen (client/screens/Student/actors.tsx).
 */

export const DRAFT_DEBOUNCE_MS = 800;

type Io<K extends keyof StudentIo> = StudentIo[K];
const stub = <K extends keyof StudentIo>(name: K) =>
  fromPromise<Io<K>['output'], Io<K>['input']>(async () => notProvided('classStudent', name));

/** The server says the session is over: the view is loaded again to show what it became. */
const isEnded = (error: unknown) =>
  failureStatus(error) === 409 && (error as Failure).message === CLASS_TEXTS.ended;

/** The thresholds (minutes) already passed `seconds` before the end: never announced late. */
const passed = (seconds: number | null): number[] =>
  seconds === null ? [] : TIME_LEFT_ANNOUNCEMENTS.filter((minutes) => seconds < minutes * 60 - 2);

const loaded = ({ view, receivedAt }: LoadedView) => ({
  view,
  clockOffset: Date.parse(view.serverNow) - receivedAt,
  now: receivedAt,
  announced: passed(secondsLeft(view.endsAt, Date.parse(view.serverNow))),
  messages: view.conversation,
  draft: view.draft,
  loadError: null,
});

const fieldErrorsOf = (error: unknown): Partial<Record<JoinField, string>> => {
  const errors = (error as Failure).validationErrors ?? {};
  const out: Partial<Record<JoinField, string>> = {};
  for (const [path, text] of Object.entries(errors)) {
    const field = (['code', 'displayName', 'email'] as const).find((name) => path.includes(name));
    if (field) out[field] ??= text;
  }
  const message = (error as Failure).message;
  if (message === CLASS_TEXTS.displayNameRequired) out.displayName ??= message;
  if (message === CLASS_TEXTS.emailRequired || message === CLASS_TEXTS.emailInvalid) out.email ??= message;
  return out;
};

const firstInvalid = (errors: Partial<Record<JoinField, string>>): JoinField | undefined =>
  (['code', 'displayName', 'email'] as const).find((field) => errors[field] !== undefined);

export const studentSetup = setup({
  types: {
    context: {} as StudentContext,
    events: {} as StudentEvent,
    input: {} as StudentInput,
  },
  actors: {
    loadMe: stub('loadMe'),
    resume: stub('resume'),
    joinInfo: stub('joinInfo'),
    join: stub('join'),
    reply: stub('reply'),
    saveDraft: stub('saveDraft'),
    handIn: stub('handIn'),
    loadReport: stub('loadReport'),
    /** Sends `clock.tick` with the browser's time every second. */
    clock: fromCallback<StudentEvent>(() => notProvided('classStudent', 'clock')),
    /** The session's events (STUDENT_PATHS.events): sends session.extended/closed, then session.lost. */
    sessionEvents: fromCallback<StudentEvent>(() => notProvided('classStudent', 'sessionEvents')),
  },
  actions: {
    loadView: assign((_, output: LoadedView) => loaded(output)),
    /** The deadline as the server now has it: the countdown and its announcements follow it. */
    applyDeadline: assign(({ context, event }) => {
      if (event.type !== 'session.extended' || !context.view) return {};
      const serverNow = Date.parse(event.serverNow);
      return {
        view: { ...context.view, endsAt: event.endsAt },
        clockOffset: serverNow - event.receivedAt,
        announced: passed(secondsLeft(event.endsAt, serverNow)),
      };
    }),
    /** The session closed: its view after the hand-in, the draft on screen as the student left it. */
    applyClosed: assign(({ context, event }) =>
      event.type === 'session.closed'
        ? { ...loaded({ view: event.view, receivedAt: event.receivedAt }), draft: context.draft }
        : {},
    ),
    editDraft: assign({ draft: ({ event }) => (event.type === 'draft.change' ? event.text : '') }),
    forgetSession: assign(({ context }) => ({ ...initialContext({}), clockOffset: context.clockOffset })),
    focusComposer: assign({ focus: () => ({ field: 'composer' as const, ifLost: true as const }) }),
    startPartial: assign({ partial: ({ event }) => (event.type === 'chat.delta' ? event.text : '') }),
    appendPartial: assign({
      partial: ({ context, event }) => context.partial + (event.type === 'chat.delta' ? event.text : ''),
    }),
    joinRefused: assign(({ context }, error: unknown) => {
      const fieldErrors = fieldErrorsOf(error);
      const field = firstInvalid(fieldErrors);
      return {
        fieldErrors,
        formError: field ? null : failureMessage(error, STUDENT_FLOW_TEXTS.joinFailed),
        focus: { field: field ?? (context.info ? ('displayName' as const) : ('code' as const)) },
      };
    }),
    /** The student's message is shown at once and its reply asked for. */
    sendMessage: assign(({ context, event }) => {
      const text = event.type === 'chat.send' ? event.text.trim() : '';
      return {
        messages: [...context.messages, { text, timestamp: new Date().toISOString(), isLeia: false }],
        pending: text,
        partial: '',
        requestId: context.requestId + 1,
        chatError: null,
        chatStatus: null,
      };
    }),
    /** A reply request begins: a new id, so a late delta of an earlier one is dropped. */
    beginReply: assign(({ context }, text: string) => ({
      pending: text,
      partial: '',
      requestId: context.requestId + 1,
      chatError: null,
      chatStatus: null,
    })),
  },
  guards: {
    validCode: ({ context }) => isJoinCode(normaliseJoinCode(context.code)),
    isNotFound: ({ event }) => 'error' in event && failureStatus(event.error) === 404,
    isEnded: ({ event }) => 'error' in event && isEnded(event.error),
    hasText: ({ event }) => event.type === 'chat.send' && event.text.trim() !== '',
    isCurrentRequest: ({ context, event }) =>
      event.type === 'chat.delta' && event.requestId === context.requestId,
    handedIn: ({ context }) => context.view?.handedIn === true,
    ended: ({ context }) => context.view?.state === 'ended',
    /** The server sets the after-hand-in figures only when the session shows reports. */
    showsReport: ({ context }) => context.view?.afterHandIn?.report !== undefined,
    transcription: ({ context }) => context.view?.mode === 'transcription',
    timeUp: ({ context, event }) =>
      event.type === 'clock.tick' &&
      secondsLeft(context.view?.endsAt ?? null, event.now + context.clockOffset) === 0,
  },
});

/** The announcement a tick makes, if it crosses one of TIME_LEFT_ANNOUNCEMENTS. */
export function announce(
  context: StudentContext,
  now: number,
): Pick<StudentContext, 'announced' | 'announcement'> {
  const seconds = secondsLeft(context.view?.endsAt ?? null, now + context.clockOffset);
  const due =
    seconds === null
      ? undefined
      : TIME_LEFT_ANNOUNCEMENTS.find(
          (minutes) => seconds <= minutes * 60 && !context.announced.includes(minutes),
        );
  if (due === undefined) return { announced: context.announced, announcement: context.announcement };
  return {
    announced: [...context.announced, ...TIME_LEFT_ANNOUNCEMENTS.filter((minutes) => minutes >= due)],
    announcement: CLASS_TEXTS.timeLeftAnnouncement(due * 60),
  };
}

export const initialContext = (input: StudentInput): StudentContext => ({
  code: input.code ? normaliseJoinCode(input.code) : '',
  displayName: '',
  email: '',
  info: null,
  resumeToken: input.resumeToken ?? null,
  formError: null,
  fieldErrors: {},
  view: null,
  resumePath: null,
  clockOffset: 0,
  now: 0,
  announcement: null,
  announced: [],
  loadError: null,
  messages: [],
  partial: '',
  pending: null,
  requestId: 0,
  chatStatus: null,
  chatError: null,
  draft: '',
  draftSavedAt: null,
  draftError: null,
  handInError: null,
  report: null,
  reportError: null,
  focus: null,
});

const sessionOutput = ({ event }: { event: { output: LoadedView } }) => event.output;

export const classStudentMachine = studentSetup.createMachine({
  id: 'classStudent',
  context: ({ input }) => initialContext(input),
  initial: 'Start',
  states: {
    Start: {
      always: [
        { guard: ({ context }) => context.resumeToken !== null, target: 'Resuming' },
        { target: 'Checking' },
      ],
    },
    Resuming: {
      tags: 'loading',
      invoke: {
        src: 'resume',
        input: ({ context }) => ({ token: context.resumeToken ?? '' }),
        onDone: { target: 'Session', actions: { type: 'loadView', params: sessionOutput } },
        onError: {
          target: 'Joining',
          actions: assign(({ event }) => ({
            formError:
              failureLimitText(event.error) ??
              (failureStatus(event.error) === undefined
                ? STUDENT_FLOW_TEXTS.joinFailed
                : CLASS_TEXTS.resumeInvalid),
          })),
        },
      },
      exit: assign({ resumeToken: null }),
    },
    Checking: {
      tags: 'loading',
      invoke: {
        src: 'loadMe',
        onDone: { target: 'Session', actions: { type: 'loadView', params: sessionOutput } },
        onError: [
          { guard: 'isNotFound', target: 'Joining' },
          { target: 'LoadFailed', actions: assign({ loadError: ({ event }) => event.error as Failure }) },
        ],
      },
    },
    LoadFailed: { on: { 'load.retry': 'Checking' } },
    Joining: {
      initial: 'Start',
      on: {
        'join.change': {
          actions: assign(({ context, event }) => ({
            [event.field]: event.value,
            fieldErrors: { ...context.fieldErrors, [event.field]: undefined },
          })),
        },
      },
      states: {
        Start: {
          always: [{ guard: 'validCode', target: 'LookingUp' }, { target: 'Code' }],
        },
        Code: {
          on: {
            'join.submitCode': [
              { guard: 'validCode', target: 'LookingUp' },
              {
                actions: assign(({ context }) => ({
                  fieldErrors: {
                    code: context.code.trim() === '' ? CLASS_TEXTS.codeRequired : CLASS_TEXTS.codeInvalid,
                  },
                  focus: { field: 'code' as const },
                })),
              },
            ],
          },
        },
        LookingUp: {
          tags: 'busy',
          invoke: {
            src: 'joinInfo',
            input: ({ context }) => ({ code: normaliseJoinCode(context.code) }),
            onDone: {
              target: 'Details',
              actions: assign({
                info: ({ event }) => event.output,
                code: ({ event }) => event.output.code,
                fieldErrors: {},
                formError: null,
                focus: ({ event }) => ({
                  field: event.output.identity === 'email' ? ('email' as const) : ('displayName' as const),
                }),
              }),
            },
            onError: {
              target: 'Code',
              actions: assign(({ event }) => ({
                fieldErrors: { code: codeRefusal(event.error) },
                focus: { field: 'code' as const },
              })),
            },
          },
        },
        Details: {
          on: {
            'join.submit': { target: 'Submitting', actions: assign({ formError: null, fieldErrors: {} }) },
            'join.back': {
              target: 'Code',
              actions: assign({
                info: null,
                formError: null,
                fieldErrors: {},
                focus: { field: 'code' as const },
              }),
            },
          },
        },
        Submitting: {
          tags: 'busy',
          invoke: {
            src: 'join',
            input: ({ context }) => ({
              code: normaliseJoinCode(context.code),
              ...(context.displayName.trim() !== '' && { displayName: context.displayName.trim() }),
              ...(context.email.trim() !== '' && { email: context.email.trim() }),
            }),
            onDone: {
              target: '#classStudent.Session',
              actions: [
                { type: 'loadView', params: sessionOutput },
                assign({ resumePath: ({ event }) => event.output.resumePath }),
              ],
            },
            onError: {
              target: 'Details',
              actions: {
                type: 'joinRefused',
                params: ({ event }: { event: { error: unknown } }) => event.error,
              },
            },
          },
        },
      },
    },
    Session: {
      initial: 'Routing',
      on: { 'resume.dismiss': { actions: assign({ resumePath: null }) } },
      states: {
        Routing: {
          always: [
            { guard: 'handedIn', target: 'After' },
            { guard: 'ended', target: 'Ended' },
            { target: 'Active' },
          ],
        },
        Active: {
          type: 'parallel',
          invoke: { src: 'clock' },
          on: {
            'session.extended': { actions: 'applyDeadline' },
            'session.closed': { target: 'Routing', actions: 'applyClosed' },
            'clock.tick': [
              { guard: 'timeUp', target: 'Ending' },
              {
                actions: assign(({ context, event }) => ({
                  now: event.now,
                  ...announce(context, event.now),
                })),
              },
            ],
          },
          states: {
            chat: {
              initial: 'Start',
              states: {
                Start: { always: [{ guard: 'transcription', target: 'Reading' }, { target: 'Idle' }] },
                Reading: {},
                Idle: {
                  on: { 'chat.send': { guard: 'hasText', target: 'Replying', actions: 'sendMessage' } },
                },
                Replying: {
                  tags: 'replying',
                  invoke: {
                    src: 'reply',
                    input: ({ context, self }) => {
                      const { requestId } = context;
                      return {
                        text: context.pending ?? '',
                        onDelta: (text: string) => self.send({ type: 'chat.delta', requestId, text }),
                      };
                    },
                    onDone: {
                      target: 'Idle',
                      actions: [
                        assign({
                          messages: ({ context, event }) => withReply(context.messages, event.output),
                          partial: '',
                          pending: null,
                          chatStatus: 'replied',
                        }),
                        'focusComposer',
                      ],
                    },
                    onError: [
                      { guard: 'isEnded', target: '#classStudent.Session.Ending' },
                      {
                        target: 'Failed',
                        actions: [
                          assign({
                            partial: '',
                            chatStatus: 'failed',
                            chatError: ({ event }) =>
                              failureStatus(event.error) === undefined
                                ? null
                                : failureMessage(event.error, STUDENT_FLOW_TEXTS.failedSend),
                          }),
                          'focusComposer',
                        ],
                      },
                    ],
                  },
                  on: {
                    'chat.stop': {
                      target: 'Idle',
                      actions: [
                        assign({
                          messages: ({ context }) => withStoppedReply(context.messages, context.partial),
                          partial: '',
                          pending: null,
                          chatStatus: 'stopped',
                        }),
                        'focusComposer',
                      ],
                    },
                  },
                  ...REPLY_STREAM,
                },
                Failed: {
                  on: {
                    // Another message instead: the unanswered one stays, as the server keeps it.
                    'chat.send': { guard: 'hasText', target: 'Replying', actions: 'sendMessage' },
                    'chat.retry': {
                      target: 'Replying',
                      actions: { type: 'beginReply', params: ({ context }) => context.pending ?? '' },
                    },
                  },
                },
              },
            },
            // Each edit (re)starts the wait from within the region: a transition declared on the
            // region itself with `reenter` would have the whole machine as its domain and end the
            // reply streaming in the chat region.
            draft: {
              initial: 'Clean',
              states: {
                Clean: { on: { 'draft.change': { target: 'Waiting', actions: 'editDraft' } } },
                Waiting: {
                  after: { [DRAFT_DEBOUNCE_MS]: 'Saving' },
                  on: { 'draft.change': { target: 'Waiting', reenter: true, actions: 'editDraft' } },
                },
                Saving: {
                  on: { 'draft.change': { target: 'Waiting', actions: 'editDraft' } },
                  tags: 'savingDraft',
                  invoke: {
                    src: 'saveDraft',
                    input: ({ context }) => ({ text: context.draft }),
                    onDone: {
                      target: 'Clean',
                      actions: assign({
                        draftSavedAt: ({ event }) => event.output.savedAt,
                        draftError: null,
                      }),
                    },
                    onError: [
                      { guard: 'isEnded', target: '#classStudent.Session.Ending' },
                      {
                        target: 'Clean',
                        actions: assign({
                          draftError: ({ event }) =>
                            failureLimitText(event.error) ?? STUDENT_FLOW_TEXTS.draftFailed,
                        }),
                      },
                    ],
                  },
                },
              },
            },
            events: {
              initial: 'Watching',
              states: {
                Watching: {
                  invoke: { src: 'sessionEvents' },
                  on: {
                    'session.lost': [
                      // The credential is gone (another browser resumed): the view says what remains.
                      { guard: 'isNotFound', target: '#classStudent.Session.Ending' },
                      { target: 'Retrying' },
                    ],
                  },
                },
                Retrying: { after: { [EVENTS_RECONNECT_MS]: 'Watching' } },
              },
            },
            handIn: {
              initial: 'Ready',
              states: {
                Ready: {
                  on: {
                    'handIn.submit': [
                      {
                        guard: ({ context }) => context.draft.trim() === '',
                        actions: assign({ handInError: CLASS_TEXTS.handInEmpty }),
                      },
                      { target: 'Submitting', actions: assign({ handInError: null }) },
                    ],
                  },
                },
                Submitting: {
                  tags: 'handingIn',
                  invoke: {
                    src: 'handIn',
                    input: ({ context }) => ({ text: context.draft }),
                    onDone: {
                      target: '#classStudent.Session.Routing',
                      actions: { type: 'loadView', params: sessionOutput },
                    },
                    onError: [
                      { guard: 'isEnded', target: '#classStudent.Session.Ending' },
                      {
                        target: 'Ready',
                        actions: assign({
                          handInError: ({ event }) =>
                            failureMessage(event.error, STUDENT_FLOW_TEXTS.handInFailed),
                        }),
                      },
                    ],
                  },
                },
              },
            },
          },
        },
        /** The time is up or the server said so: the view again, to show what the session became. */
        Ending: {
          tags: 'loading',
          invoke: {
            src: 'loadMe',
            onDone: { target: 'Routing', actions: { type: 'loadView', params: sessionOutput } },
            onError: { target: 'Ended' },
          },
        },
        /** Handed in: the student's own report is loaded when the session shows reports. */
        After: {
          initial: 'Deciding',
          on: { 'join.another': { target: '#classStudent.Joining', actions: 'forgetSession' } },
          states: {
            Deciding: { always: [{ guard: 'showsReport', target: 'LoadingReport' }, { target: 'Shown' }] },
            LoadingReport: {
              tags: 'reportLoading',
              invoke: {
                src: 'loadReport',
                onDone: { target: 'Shown', actions: assign({ report: ({ event }) => event.output }) },
                onError: {
                  target: 'ReportFailed',
                  actions: assign({
                    reportError: ({ event }) => failureMessage(event.error, STUDENT_FLOW_TEXTS.reportFailed),
                  }),
                },
              },
            },
            ReportFailed: {
              on: { 'report.retry': { target: 'LoadingReport', actions: assign({ reportError: null }) } },
            },
            Shown: {},
          },
        },
        Ended: { on: { 'join.another': { target: '#classStudent.Joining', actions: 'forgetSession' } } },
      },
    },
  },
});

/** A join code's lookup refused: what the code field says. */
function codeRefusal(error: unknown): string {
  const status = failureStatus(error);
  if (status === 404) return CLASS_TEXTS.codeUnknown;
  if (status === 400) return CLASS_TEXTS.codeInvalid;
  return failureMessage(error, STUDENT_FLOW_TEXTS.joinFailed);
}
