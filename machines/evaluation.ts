import type { Evaluation } from '@shared/schemas/evaluation';
import type { TranscriptionMessage } from '@shared/schemas/transcription';
import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import { failureMessage } from './failure';
import { notProvided } from './notProvided';

/**
 * 'Evaluate' (the chat screen, and a transcription's view in My Activities): the elicitation
 * report of one conversation (docs/architecture.md "Evaluation").
 *
 *   Closed --evaluation.open(request)--> Open.Evaluating --report--> Open.Ready
 *   Open.Evaluating --error--> Open.Failed --evaluation.retry--> Open.Evaluating
 *   Open --evaluation.close--> Closed       (an evaluation under way is aborted: the server stops too)
 *   Open --evaluation.open (another)--> Open.Evaluating
 *
 * The app provides `evaluate`: POST /runner/{sessionId}/evaluation for a chat session, POST
 * /evaluations with the LEIA and the messages for a transcription.
 */

export const EVALUATION_VIEW_TEXTS = {
  title: 'Elicitation report',
  button: 'Evaluate',
  command: 'Evaluate conversation',
  evaluating: 'Evaluating the conversation...',
  failed: 'Could not evaluate the conversation',
  /** Why Evaluate cannot run now (the palette shows it beside the command). */
  nothingYet: 'No reply from the LEIA to evaluate yet',
  replying: 'A reply is on its way',
} as const;

export type EvaluationRequest =
  | { kind: 'session'; sessionId: string }
  | { kind: 'transcription'; leiaId: string; messages: TranscriptionMessage[] };

export interface EvaluationContext {
  request: EvaluationRequest | null;
  /** What is evaluated, for the title: the LEIA's name. */
  about: string;
  evaluation: Evaluation | null;
  error: string | null;
}

export type EvaluationEvent =
  | { type: 'evaluation.open'; request: EvaluationRequest; about?: string }
  | { type: 'evaluation.close' }
  | { type: 'evaluation.retry' };

/** 'Evaluate' on a transcription: its LEIA, its messages, and the LEIA's name for the title. */
export const evaluateTranscription = (
  leiaId: string,
  messages: TranscriptionMessage[],
  about: string,
): EvaluationEvent => ({
  type: 'evaluation.open',
  request: { kind: 'transcription', leiaId, messages },
  about,
});

export const evaluationMachine = setup({
  types: {
    context: {} as EvaluationContext,
    events: {} as EvaluationEvent,
    tags: {} as 'loading',
  },
  actors: {
    evaluate: fromPromise<Evaluation, EvaluationRequest>(async () => notProvided('evaluation', 'evaluate')),
  },
  actions: {
    open: assign(({ event }) =>
      event.type === 'evaluation.open'
        ? { request: event.request, about: event.about ?? '', evaluation: null, error: null }
        : {},
    ),
  },
}).createMachine({
  id: 'evaluation',
  context: { request: null, about: '', evaluation: null, error: null },
  initial: 'Closed',
  states: {
    Closed: {
      on: { 'evaluation.open': { target: 'Open', actions: 'open' } },
    },
    Open: {
      initial: 'Evaluating',
      on: {
        'evaluation.close': '#evaluation.Closed',
        'evaluation.open': { target: '.Evaluating', reenter: true, actions: 'open' },
      },
      states: {
        Evaluating: {
          tags: 'loading',
          entry: assign({ evaluation: null, error: null }),
          invoke: {
            src: 'evaluate',
            input: ({ context }) => context.request!,
            onDone: { target: 'Ready', actions: assign({ evaluation: ({ event }) => event.output }) },
            onError: {
              target: 'Failed',
              actions: assign({
                error: ({ event }) => failureMessage(event.error, EVALUATION_VIEW_TEXTS.failed),
              }),
            },
          },
        },
        Ready: {},
        Failed: { on: { 'evaluation.retry': 'Evaluating' } },
      },
    },
  },
});

export type EvaluationSnapshot = SnapshotFrom<typeof evaluationMachine>;

export const isEvaluationOpen = (s: EvaluationSnapshot): boolean => s.matches('Open');
export const isEvaluating = (s: EvaluationSnapshot): boolean => s.hasTag('loading');
/** The report's error, when loading it failed. */
export const evaluationError = (s: EvaluationSnapshot) =>
  s.matches({ Open: 'Failed' }) ? s.context.error : null;
