import { performance } from 'node:perf_hooks';
import { WordNet } from '@server/lexicon/wordnet';
import { simulateReply } from '@server/runner/simulator';
import { FIFTH_GAME_QUESTIONS, HELD_OUT_GAME_QUESTIONS } from '../server/accuracy/labelled/games';
import { SPANISH_GAME_QUESTIONS, SPANISH_GAMES } from '../server/accuracy/labelled/games-spanish';
import {
  FOURTH_INTERVIEW_QUESTIONS,
  HELD_OUT_INTERVIEW_QUESTIONS,
  MORE_INTERVIEW_QUESTIONS,
} from '../server/accuracy/labelled/interviews';
import {
  catalogueLeias,
  deflectionAccuracy,
  gameAccuracy,
  interviewAccuracy,
  revealAccuracy,
} from '../server/accuracy/measure';
import { row } from './support/common';
import type { BenchRow } from './types';

/**
 * Issue 24's figures on the labelled sets (tests/server/accuracy/labelled): the offline
 * simulator's game answers and guesses, its interview answers, offline reveal matching; and what
 * the WordNet lexicon costs: the first answer that looks words up (files opened, nothing loaded
 * before) and the memory its cache holds after the whole measure.
 */

const pct = (ratio: number) => Math.round(ratio * 1000) / 10;

/** How long one reply takes: `ask` run once, timed. */
const timed = (ask: () => string) => {
  const start = performance.now();
  ask();
  return performance.now() - start;
};

export async function run(): Promise<BenchRow[]> {
  const leias = await catalogueLeias();
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const wordnet = new WordNet();
  const firstLookup = timed(() => String(wordnet.senses('stapler', 'n')));
  wordnet.close();
  const ask = (name: string, question: string) => () =>
    simulateReply(leias.get(name)!, [{ role: 'user', content: question }]);
  // Nothing of WordNet is open or cached yet in this process: the first answers pay for it.
  const firstGame = timed(ask('Mystery animal game with Sam', 'Does it live in cold places?'));
  const nextGame = timed(ask('Mystery animal game with Sam', 'Does it eat fish?'));
  const firstInterview = timed(
    ask('Clinic appointment reminders interview', 'When should the first reminder be sent?'),
  );
  const nextInterview = timed(ask('Clinic appointment reminders interview', 'How do patients cancel?'));

  const started = performance.now();
  const { yesNo, guesses } = await gameAccuracy();
  const gamesMs = performance.now() - started;
  const interviews = await interviewAccuracy();
  const moreInterviews = await interviewAccuracy(MORE_INTERVIEW_QUESTIONS);
  const heldOut = await interviewAccuracy(HELD_OUT_INTERVIEW_QUESTIONS);
  const fourth = await interviewAccuracy(FOURTH_INTERVIEW_QUESTIONS);
  const heldOutGames = await gameAccuracy(HELD_OUT_GAME_QUESTIONS);
  const fifthGames = await gameAccuracy(FIFTH_GAME_QUESTIONS);
  const spanish = await gameAccuracy(SPANISH_GAME_QUESTIONS, SPANISH_GAMES);
  const deflections = await deflectionAccuracy();
  const reveals = await revealAccuracy();
  global.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  const label = 'accuracy on the labelled sets';
  return [
    row(
      label,
      `game yes/no (${yesNo.right}/${yesNo.total})`,
      pct(yesNo.ratio),
      '%',
      '>= 95 %',
      yesNo.ratio >= 0.95,
    ),
    row(
      label,
      `guesses (${guesses.right}/${guesses.total})`,
      pct(guesses.ratio),
      '%',
      '>= 98 %',
      guesses.ratio >= 0.98,
    ),
    row(
      label,
      `interview answers, first set (${interviews.right}/${interviews.total})`,
      pct(interviews.ratio),
      '%',
      '>= 90 %',
      interviews.ratio >= 0.9,
    ),
    row(
      label,
      `interview answers, second set (${moreInterviews.right}/${moreInterviews.total})`,
      pct(moreInterviews.ratio),
      '%',
      '>= 90 %',
      moreInterviews.ratio >= 0.9,
    ),
    row(
      label,
      `interview answers, held-out set (${heldOut.right}/${heldOut.total})`,
      pct(heldOut.ratio),
      '%',
      '>= 90 %',
      heldOut.ratio >= 0.9,
    ),
    row(
      label,
      `interview answers, fourth held-out set (${fourth.right}/${fourth.total})`,
      pct(fourth.ratio),
      '%',
      '>= 90 %',
      fourth.ratio >= 0.9,
    ),
    row(
      label,
      `held-out game set: yes/no (${heldOutGames.yesNo.right}/${heldOutGames.yesNo.total})`,
      pct(heldOutGames.yesNo.ratio),
      '%',
      '>= 95 %',
      heldOutGames.yesNo.ratio >= 0.95,
    ),
    row(
      label,
      `held-out game set: guesses (${heldOutGames.guesses.right}/${heldOutGames.guesses.total})`,
      pct(heldOutGames.guesses.ratio),
      '%',
      '>= 98 %',
      heldOutGames.guesses.ratio >= 0.98,
    ),
    row(
      label,
      `fifth game set (categories): yes/no (${fifthGames.yesNo.right}/${fifthGames.yesNo.total})`,
      pct(fifthGames.yesNo.ratio),
      '%',
      '>= 95 %',
      fifthGames.yesNo.ratio >= 0.95,
    ),
    row(
      label,
      `Spanish games, no lexicon: yes/no (${spanish.yesNo.right}/${spanish.yesNo.total})`,
      pct(spanish.yesNo.ratio),
      '%',
      '>= 95 %',
      spanish.yesNo.ratio >= 0.95,
    ),
    row(
      label,
      `Spanish games: guesses (${spanish.guesses.right}/${spanish.guesses.total})`,
      pct(spanish.guesses.ratio),
      '%',
      '>= 98 %',
      spanish.guesses.ratio >= 0.98,
    ),
    row(
      label,
      `off-topic questions deflected (${deflections.right}/${deflections.total})`,
      pct(deflections.ratio),
      '%',
      '100 %',
      deflections.ratio === 1,
    ),
    row(
      label,
      `reveal precision (${reveals.pairs} pairs)`,
      pct(reveals.precision),
      '%',
      '>= 95 %',
      reveals.precision >= 0.95,
    ),
    row(label, 'reveal recall', pct(reveals.recall), '%', '>= 90 %', reveals.recall >= 0.9),
    row('WordNet lexicon', 'first lookup (opens the files)', firstLookup, 'ms'),
    row('offline simulator', 'first game answer of the process', firstGame, 'ms'),
    row('offline simulator', 'next game answer, same game', nextGame, 'ms'),
    row('offline simulator', 'first interview answer of the LEIA', firstInterview, 'ms'),
    row('offline simulator', 'next interview answer', nextInterview, 'ms'),
    row('offline simulator', `${yesNo.total + guesses.total} game answers in fresh rounds`, gamesMs, 'ms'),
    row(
      'WordNet lexicon',
      'heap after the measure (cache included)',
      (heapAfter - heapBefore) / 1024 / 1024,
      'MB',
    ),
  ];
}
