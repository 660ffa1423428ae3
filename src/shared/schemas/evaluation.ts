import { z } from 'zod';
import { ELEMENT_KINDS } from '../evaluation/elements/types';
import { INTERVIEW_THEMES } from '../evaluation/themes';
import { solutionFormats } from './resources';
import { transcriptionSchema } from './transcription';

/**
 * Elicitation reports (docs/architecture.md "Evaluation"): how much of a LEIA's hidden solution a
 * conversation revealed, when, and how well the interviewer asked.
 *
 *   POST /api/v1/runner/{sessionId}/evaluation   sessionEvaluationBodySchema -> 201 Evaluation
 *   GET  /api/v1/runner/{sessionId}/evaluations  -> Evaluation[] (newest first)
 *   POST /api/v1/evaluations                     transcriptionEvaluationBodySchema -> 201 Evaluation
 *   GET  /api/v1/evaluations/{id}                -> Evaluation
 *
 * A report is made for the screens: `curve` is uPlot's data as it is ([turn, coverage]), and
 * `elements` is the element list in the solution's order.
 */

export const EVALUATION_TEXTS = {
  noSolution: "This LEIA's problem has no solution to compare the conversation with",
  noLeiaReply: 'There is nothing to evaluate yet: the conversation has no reply from the LEIA',
  evaluationNotFound: 'Evaluation not found',
  judgeUnavailable: 'No language model is connected: use the offline method',
  offlineMethod: (revealPercent: number, words: number) =>
    `Offline matching: an element counts as revealed when one reply of the LEIA states at least ${revealPercent}% of its key words (rarer words weigh more; case, accents, plurals, compound names such as SeatingZone, synonyms and times or durations said another way are folded; a question back or a refusal states nothing), and partly revealed from ${words} of them.`,
  judgeMethod: (model: string) =>
    `Judged by the language model ${model}: it marked each element revealed, partly revealed or not, with the turn of its evidence.`,
  judgeFallback: (reason: string) =>
    `The language model could not judge this conversation (${reason}); offline matching was used instead.`,
  solutionFallback: (format: string) =>
    `The solution could not be read as ${format}; it was split into sentences instead.`,
  omittedElements: (count: number) => `${count} more elements of a very long solution were left out.`,
  unpromptedOffline: 'Unprompted reveals are only measured with a connected language model.',
  gameMethod:
    'A guessing game: the score counts the secret guessed, the questions it took and the guesses wasted; the elements are the facts of the secret the host let out.',
  themesOffline: 'Comments on the interview are only given with a connected language model.',
} as const;

export const evaluationMethods = ['offline', 'judge'] as const;
export const evaluationMethodSchema = z.enum(evaluationMethods);
export type EvaluationMethod = z.infer<typeof evaluationMethodSchema>;

export const elementStatuses = ['revealed', 'partly', 'not'] as const;
export const elementStatusSchema = z.enum(elementStatuses);
export type ElementStatus = z.infer<typeof elementStatusSchema>;

const turnNumber = z.number().int().min(1);
const share = z.number().min(0).max(1);
const count = z.number().int().min(0);

export const reportElementSchema = z.object({
  id: z.string(),
  kind: z.enum(ELEMENT_KINDS),
  label: z.string(),
  parent: z.string().optional(),
  status: elementStatusSchema,
  /** The LEIA turn that first revealed it (first partly revealed it, for 'partly'); null for 'not'. */
  turn: turnNumber.nullable(),
  /** Offline: the share of its key words found in that reply. */
  match: share.optional(),
  /** A short quote of the reply (or the confirmed question) that revealed it. */
  evidence: z.string().optional(),
  /** Judge only: revealed in a reply to a question that did not ask for it. */
  unprompted: z.boolean().optional(),
});
export type ReportElement = z.infer<typeof reportElementSchema>;

export const verbatimLeakSchema = z.object({
  turn: turnNumber,
  kind: z.enum(['words', 'lines']),
  /** How many consecutive words of the solution the reply repeats. */
  words: count,
  /** The repeated part, quoted from the solution. */
  excerpt: z.string(),
});
export type VerbatimLeak = z.infer<typeof verbatimLeakSchema>;

export const themeCommentSchema = z.object({ theme: z.enum(INTERVIEW_THEMES), comment: z.string() });
export type ThemeComment = z.infer<typeof themeCommentSchema>;

export const interviewerSchema = z.object({
  /** Messages of the interviewer (not the LEIA). */
  messages: count,
  questions: count,
  open: count,
  closed: count,
  /** open / (open + closed); null when no question was asked. */
  openShare: share.nullable(),
  followUps: count,
  summaries: count,
  /** Judge only: comments under the seven themes of interview mistakes; null offline. */
  comments: z.array(themeCommentSchema).nullable(),
});
export type InterviewerStats = z.infer<typeof interviewerSchema>;

export const scorePartSchema = z.object({
  /** An interview's parts, or a game's (guessed, questionsUsed, wastedGuesses). */
  key: z.enum(['coverage', 'open', 'followUps', 'summaries', 'guessed', 'questionsUsed', 'wastedGuesses']),
  label: z.string(),
  points: z.number().min(0),
  max: z.number().min(0),
  /** The figures it comes from, e.g. "55% of 40 elements revealed". */
  detail: z.string(),
});
export type ScorePart = z.infer<typeof scorePartSchema>;

export const scoreSchema = z.object({
  /** 0-10 with one decimal, as the original system's score. */
  value: z.number().min(0).max(10),
  parts: z.array(scorePartSchema),
  explanation: z.string(),
});
export type Score = z.infer<typeof scoreSchema>;

/** A guessing game's own figures (a LEIA whose process is 'game'). */
export const gameFiguresSchema = z.object({
  /** The player's questions and guesses, up to the right guess. */
  questions: count,
  /** The rules' question count, when they state one. */
  limit: count.nullable(),
  guessed: z.boolean(),
  /** The question (counting guesses) that found the secret; null when it was not found. */
  guessedAt: z.number().int().min(1).nullable(),
  guesses: count,
  /** Guesses the host said were wrong. */
  wastedGuesses: count,
  /** The host named the secret before the player did (and before the rules allowed). */
  givenAway: z.boolean(),
});
export type GameFigures = z.infer<typeof gameFiguresSchema>;

export const evaluationReportSchema = z.object({
  method: evaluationMethodSchema,
  /** The model that judged (method 'judge'). */
  model: z.string().optional(),
  /** A judge was asked for but failed; the report is offline and says why. */
  fallback: z.string().optional(),
  solutionFormat: z.enum(solutionFormats),
  thresholds: z.object({ reveal: share, partly: share, verbatimWords: count, verbatimLines: count }),
  /** Replies of the LEIA: turn n is the LEIA's n-th reply. */
  turns: count,
  messages: count,
  coverage: z.object({ revealed: count, partly: count, total: count, ratio: share }),
  /** uPlot data: coverage after each turn, from turn 0 (nothing revealed yet). */
  curve: z.object({ turn: z.array(count), revealed: z.array(count), coverage: z.array(share) }),
  /** The turn at which half the solution had been revealed; null if it never was. */
  halfTurn: turnNumber.nullable(),
  elements: z.array(reportElementSchema),
  leaks: z.object({
    verbatim: z.array(verbatimLeakSchema),
    /** Ids of elements revealed unprompted (judge only); null offline. */
    unprompted: z.array(z.string()).nullable(),
  }),
  interviewer: interviewerSchema,
  /** Present for a guessing game: its figures, and what its score is made of. */
  game: gameFiguresSchema.optional(),
  score: scoreSchema,
  /** What the reader should know about how the figures were made. */
  notes: z.array(z.string()),
});
export type EvaluationReport = z.infer<typeof evaluationReportSchema>;

export const evaluationSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** 'session': a chat of the runner; 'transcription': messages sent to POST /evaluations. */
  source: z.enum(['session', 'transcription']),
  sessionId: z.string().optional(),
  leia: z.object({ id: z.string().optional(), name: z.string().optional() }),
  report: evaluationReportSchema,
});
export type Evaluation = z.infer<typeof evaluationSchema>;

/**
 * `method` asks for one method; by default the judge when a model is connected, else offline. The
 * body may be left out.
 */
export const sessionEvaluationBodySchema = z
  .object({ method: evaluationMethodSchema.optional() })
  .nullish()
  .transform((body) => body ?? {});
export type SessionEvaluationBody = z.infer<typeof sessionEvaluationBodySchema>;

export const transcriptionEvaluationBodySchema = z.object({
  leia: z.string().trim().min(1, 'Choose the LEIA the conversation was held with'),
  messages: transcriptionSchema,
  method: evaluationMethodSchema.optional(),
});
export type TranscriptionEvaluationBody = z.infer<typeof transcriptionEvaluationBodySchema>;
