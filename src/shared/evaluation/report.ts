import { type Lexicon, NO_LEXICON } from '../lexicon';
import {
  EVALUATION_TEXTS,
  type EvaluationReport,
  type ThemeComment,
  type VerbatimLeak,
} from '../schemas/evaluation';
import type { SolutionFormat } from '../schemas/resources';
import { type ConversationMessage, type LeiaTurn, leiaTurns } from './conversation';
import { type ReadSolution, readSolution } from './elements';
import { gameFigures, gameScore } from './game';
import { type InterviewerTally, interviewerFigures, NO_TALLY, tallyAfter } from './interviewer';
import { VERBATIM_LINES, VERBATIM_WORDS, verbatimLeaks } from './leaks';
import {
  type ElementReveal,
  noReveals,
  PARTLY_THRESHOLD,
  REVEAL_THRESHOLD,
  type RevealProgress,
  revealsAfter,
} from './reveal';
import { scoreOf } from './score';

/**
 * The elicitation report of one conversation. Reveals come from offline matching or from a judge
 * model (server side); everything else (verbatim leaks, the interviewer's figures, the score) is
 * computed here the same way for both, so two reports of one conversation differ only in what
 * the method decides.
 */

export interface EvaluationInput {
  solution: string;
  solutionFormat: SolutionFormat;
  messages: readonly ConversationMessage[];
  /** A guessing game, with the question count its rules state: scored as a game. */
  game?: { limit?: number };
}

/** The solution read and the conversation split into turns, once for every method. */
export interface PreparedEvaluation extends EvaluationInput {
  read: ReadSolution;
  turns: LeiaTurn[];
}

export const prepareEvaluation = (input: EvaluationInput): PreparedEvaluation => ({
  ...input,
  read: readSolution(input.solution, input.solutionFormat),
  turns: leiaTurns(input.messages),
});

/** What a judge model decided; `reveals` cover every element, in their order. */
export interface Judgement {
  model: string;
  reveals: (ElementReveal & { unprompted?: boolean })[];
  comments: ThemeComment[];
}

/**
 * What a report counts message by message and turn by turn, and how far: kept with a report, a
 * conversation that grows is measured on from there (growing-measure.ts), to the same figures.
 */
export interface TurnFigures {
  messages: number;
  turns: number;
  /** Offline; none when a judge decides. */
  reveals?: RevealProgress;
  verbatim: readonly VerbatimLeak[];
  interviewer: InterviewerTally;
}

/** The figures of `prepared`'s conversation, from `from` (made of its first messages) when given. */
export function measureTurns(
  prepared: PreparedEvaluation,
  {
    lexicon = NO_LEXICON,
    reveals = true,
    from,
  }: { lexicon?: Lexicon; reveals?: boolean; from?: TurnFigures },
): TurnFigures {
  const { elements } = prepared.read;
  const turns = prepared.turns.slice(from?.turns ?? 0);
  const start = from?.reveals ?? noReveals(elements);
  return {
    messages: prepared.messages.length,
    turns: prepared.turns.length,
    ...(reveals && { reveals: revealsAfter(start, elements, turns, lexicon) }),
    verbatim: [...(from?.verbatim ?? []), ...verbatimLeaks(prepared.solution, turns)],
    interviewer: tallyAfter(from?.interviewer ?? NO_TALLY, prepared.messages.slice(from?.messages ?? 0)),
  };
}

const round = (value: number) => Math.round(value * 1000) / 1000;

export function buildReport(
  prepared: PreparedEvaluation,
  outcome: { judged?: Judgement; fallback?: string; lexicon?: Lexicon; figures?: TurnFigures } = {},
): EvaluationReport {
  const { read, turns, messages } = prepared;
  const { elements } = read;
  const { judged, fallback, lexicon = NO_LEXICON } = outcome;
  const figures = outcome.figures ?? measureTurns(prepared, { lexicon, reveals: !judged });
  const reveals = judged?.reveals ?? figures.reveals?.reveals ?? [];
  const game = prepared.game
    ? gameFigures(prepared.solution, messages, prepared.game.limit, lexicon)
    : undefined;
  const total = elements.length;
  const revealed = reveals.filter((reveal) => reveal.status === 'revealed');
  const byTurn = new Array<number>(turns.length + 1).fill(0);
  for (const reveal of revealed) if (reveal.turn !== null) byTurn[reveal.turn]! += 1;
  const curve = { turn: [] as number[], revealed: [] as number[], coverage: [] as number[] };
  let sofar = 0;
  let halfTurn: number | null = null;
  byTurn.forEach((count, turn) => {
    sofar += count;
    curve.turn.push(turn);
    curve.revealed.push(sofar);
    curve.coverage.push(total === 0 ? 0 : round(sofar / total));
    if (halfTurn === null && turn > 0 && total > 0 && sofar / total >= 0.5) halfTurn = turn;
  });
  const coverage = {
    revealed: revealed.length,
    partly: reveals.filter((reveal) => reveal.status === 'partly').length,
    total,
    ratio: total === 0 ? 0 : round(revealed.length / total),
  };
  const interviewer = interviewerFigures(figures.interviewer);
  const notes = reportNotes(prepared, { judged, fallback, game: game !== undefined });
  return {
    method: judged ? 'judge' : 'offline',
    ...(judged && { model: judged.model }),
    ...(fallback && { fallback }),
    solutionFormat: prepared.solutionFormat,
    thresholds: {
      reveal: REVEAL_THRESHOLD,
      partly: PARTLY_THRESHOLD,
      verbatimWords: VERBATIM_WORDS,
      verbatimLines: VERBATIM_LINES,
    },
    turns: turns.length,
    messages: messages.length,
    coverage,
    curve,
    halfTurn,
    elements: elements.map((element, index) => {
      const reveal = reveals[index]!;
      return {
        id: element.id,
        kind: element.kind,
        label: element.label,
        ...(element.parent !== undefined && { parent: element.parent }),
        status: reveal.status,
        turn: reveal.turn,
        ...(reveal.match !== undefined && { match: reveal.match }),
        ...(reveal.evidence !== undefined && { evidence: reveal.evidence }),
        ...(judged && { unprompted: (reveal as { unprompted?: boolean }).unprompted === true }),
      };
    }),
    leaks: {
      verbatim: [...figures.verbatim],
      unprompted: judged
        ? judged.reveals.filter((reveal) => reveal.unprompted && reveal.status !== 'not').map((r) => r.id)
        : null,
    },
    interviewer: { ...interviewer, comments: judged ? judged.comments : null },
    ...(game && { game }),
    score: game ? gameScore(game) : scoreOf({ coverage, interviewer }),
    notes,
  };
}

/** What the reader should know about how the figures were made. */
function reportNotes(
  prepared: PreparedEvaluation,
  { judged, fallback, game }: { judged?: Judgement; fallback?: string; game: boolean },
): string[] {
  const { read } = prepared;
  return [
    judged
      ? EVALUATION_TEXTS.judgeMethod(judged.model)
      : EVALUATION_TEXTS.offlineMethod(REVEAL_THRESHOLD * 100, Math.round(PARTLY_THRESHOLD * 100)),
    ...(fallback ? [EVALUATION_TEXTS.judgeFallback(fallback)] : []),
    ...(read.fallback ? [EVALUATION_TEXTS.solutionFallback(prepared.solutionFormat)] : []),
    ...(read.omitted > 0 ? [EVALUATION_TEXTS.omittedElements(read.omitted)] : []),
    ...(judged ? [] : [EVALUATION_TEXTS.unpromptedOffline, EVALUATION_TEXTS.themesOffline]),
    ...(game ? [EVALUATION_TEXTS.gameMethod] : []),
  ];
}

/** The offline report of a conversation; with a lexicon, synonyms and other word forms count. */
export const evaluateOffline = (input: EvaluationInput, lexicon?: Lexicon): EvaluationReport =>
  buildReport(prepareEvaluation(input), lexicon ? { lexicon } : {});
