import { serverLexicon } from '@server/lexicon';
import type { ResolvedLeia } from '@server/runner/provider';
import { simulateReply } from '@server/runner/simulator';
import { PHRASES } from '@server/runner/simulator/phrases';
import { leiaTurns } from '@shared/evaluation/conversation';
import { readSolution, type SolutionElement } from '@shared/evaluation/elements';
import { trackReveals } from '@shared/evaluation/reveal';
import type { SolutionFormat } from '@shared/schemas/resources';
import { loadCatalogueLeias } from '../runner/catalogue-leias';
import { GAME_QUESTIONS, type GameLabel, type GameQuestion } from './labelled/games';
import { INTERVIEW_QUESTIONS, type InterviewQuestion, OFF_TOPIC_QUESTIONS } from './labelled/interviews';
import { REVEAL_SNIPPETS, type RevealSnippet } from './labelled/reveals';

/**
 * The accuracy of the offline simulator and of offline reveal matching on the labelled sets
 * (labelled/): each question asked in a fresh conversation, each reply read the way a person
 * would read it. Shared by the accuracy tests (floors) and the benchmark (figures).
 */

/** The starter catalogue's LEIAs as the generation engine resolves them, by name. */
export const catalogueLeias = loadCatalogueLeias;

export interface Miss {
  ask: string;
  expected: string;
  got: string;
}

export interface Accuracy {
  right: number;
  total: number;
  ratio: number;
  misses: Miss[];
}

const accuracy = (right: number, total: number, misses: Miss[]): Accuracy => ({
  right,
  total,
  ratio: total === 0 ? 0 : right / total,
  misses,
});

/** How a player reads the host's reply, in English or in Spanish. */
export function readGameReply(reply: string): GameLabel | 'other' {
  if (/\b(well done|congratulations|correct, it's|enhorabuena)\b/i.test(reply)) return 'right';
  if (/^(close|you're close|¡caliente|se acerca)\b/i.test(reply)) return 'close';
  if (/^no\b/i.test(reply)) return 'no';
  if (/^(yes|mostly|usually|often|generally|normally|mainly|typically)\b/i.test(reply)) return 'yes';
  if (/^s[ií](?!\p{L})/iu.test(reply)) return 'yes';
  return 'other';
}

const GUESSES: readonly GameLabel[] = ['right', 'wrong', 'close'];

export async function gameAccuracy(
  questions: readonly GameQuestion[] = GAME_QUESTIONS,
  games?: ReadonlyMap<string, ResolvedLeia>,
): Promise<{ yesNo: Accuracy; guesses: Accuracy }> {
  const leias = games ?? (await catalogueLeias());
  const tally = {
    yesNo: { right: 0, total: 0, misses: [] as Miss[] },
    guesses: { right: 0, total: 0, misses: [] as Miss[] },
  };
  for (const question of questions) {
    const leia = leias.get(question.leia);
    if (!leia) throw new Error(`No catalogue LEIA named ${question.leia}`);
    const reply = simulateReply(leia, [{ role: 'user', content: question.ask }]);
    const read = readGameReply(reply);
    const isGuess = GUESSES.includes(question.label);
    const expected = question.label === 'wrong' ? 'no' : question.label;
    const bucket = isGuess ? tally.guesses : tally.yesNo;
    bucket.total++;
    if (read === expected) bucket.right++;
    else
      bucket.misses.push({ ask: `${question.leia}: ${question.ask}`, expected: question.label, got: reply });
  }
  return {
    yesNo: accuracy(tally.yesNo.right, tally.yesNo.total, tally.yesNo.misses),
    guesses: accuracy(tally.guesses.right, tally.guesses.total, tally.guesses.misses),
  };
}

const plain = (text: string) => text.toLowerCase().replace(/[’]/g, "'").replace(/\s+/g, ' ');

/** Each question asked in a fresh conversation with its LEIA, judged by `right`. */
async function judgeReplies<Q extends { leia: string; ask: string }>(
  questions: readonly Q[],
  right: (reply: string, question: Q) => boolean,
  expected: (question: Q) => string,
): Promise<Accuracy> {
  const leias = await catalogueLeias();
  let count = 0;
  const misses: Miss[] = [];
  for (const question of questions) {
    const leia = leias.get(question.leia);
    if (!leia) throw new Error(`No catalogue LEIA named ${question.leia}`);
    const reply = simulateReply(leia, [{ role: 'user', content: question.ask }]);
    if (right(reply, question)) count++;
    else misses.push({ ask: `${question.leia}: ${question.ask}`, expected: expected(question), got: reply });
  }
  return accuracy(count, questions.length, misses);
}

export const interviewAccuracy = (questions: readonly InterviewQuestion[] = INTERVIEW_QUESTIONS) =>
  judgeReplies(
    questions,
    (reply, question) => plain(reply).includes(plain(question.says)),
    (question) => question.says,
  );

const DEFLECTIONS = Object.values(PHRASES).flatMap((book) => book.deflections);

/** Off-topic and out-of-role questions answered with one of the persona's deflections, and no fact. */
export const deflectionAccuracy = (
  questions: readonly { leia: string; ask: string }[] = OFF_TOPIC_QUESTIONS,
) =>
  judgeReplies(
    questions,
    (reply) => DEFLECTIONS.includes(reply),
    () => 'a deflection',
  );

export interface RevealAccuracy {
  pairs: number;
  truePositives: number;
  falsePositives: number;
  falseNegatives: number;
  precision: number;
  recall: number;
  misses: Miss[];
}

/** The element a label names: the one whose label it is, else the only one whose label contains it. */
function elementNamed(elements: readonly SolutionElement[], name: string, where: string): SolutionElement {
  const exact = elements.filter((element) => element.label === name);
  const found = exact.length > 0 ? exact : elements.filter((element) => element.label.includes(name));
  if (found.length !== 1) throw new Error(`${where}: "${name}" names ${found.length} elements`);
  return found[0]!;
}

export async function revealAccuracy(
  snippets: readonly RevealSnippet[] = REVEAL_SNIPPETS,
): Promise<RevealAccuracy> {
  const leias = await catalogueLeias();
  const lexicon = serverLexicon();
  let truePositives = 0;
  let falsePositives = 0;
  let falseNegatives = 0;
  let pairs = 0;
  const misses: Miss[] = [];
  for (const snippet of snippets) {
    const leia = leias.get(snippet.leia);
    if (!leia) throw new Error(`No catalogue LEIA named ${snippet.leia}`);
    const problem = leia.problem.spec as { solution: string; solutionFormat: SolutionFormat };
    const { elements } = readSolution(problem.solution, problem.solutionFormat);
    const expected = new Set(snippet.reveals.map((name) => elementNamed(elements, name, snippet.ask).id));
    const turns = leiaTurns([
      { text: snippet.ask, isLeia: false },
      { text: snippet.reply, isLeia: true },
    ]);
    const found = new Set(
      trackReveals(elements, turns, lexicon)
        .filter((reveal) => reveal.status === 'revealed')
        .map((reveal) => reveal.id),
    );
    pairs += elements.length;
    for (const element of elements) {
      const want = expected.has(element.id);
      const got = found.has(element.id);
      if (want && got) truePositives++;
      if (got && !want) falsePositives++;
      if (want && !got) falseNegatives++;
      if (want !== got)
        misses.push({
          ask: `${snippet.ask} -> ${snippet.reply}`,
          expected: want ? 'revealed' : 'not revealed',
          got: element.label,
        });
    }
  }
  return {
    pairs,
    truePositives,
    falsePositives,
    falseNegatives,
    precision: truePositives / Math.max(1, truePositives + falsePositives),
    recall: truePositives / Math.max(1, truePositives + falseNegatives),
    misses,
  };
}
