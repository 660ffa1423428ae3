import { FIFTH_GAME_QUESTIONS, GAME_QUESTIONS, HELD_OUT_GAME_QUESTIONS } from './labelled/games';
import { SPANISH_GAME_QUESTIONS, SPANISH_GAMES } from './labelled/games-spanish';
import {
  FOURTH_INTERVIEW_QUESTIONS,
  HELD_OUT_INTERVIEW_QUESTIONS,
  INTERVIEW_QUESTIONS,
  MORE_INTERVIEW_QUESTIONS,
  OFF_TOPIC_QUESTIONS,
} from './labelled/interviews';
import { REVEAL_SNIPPETS } from './labelled/reveals';
import { deflectionAccuracy, gameAccuracy, interviewAccuracy, type Miss, revealAccuracy } from './measure';

/**
 * Issue 24's floors on the labelled sets (labelled/, written by hand from the catalogue): the
 * offline simulator's game answers and guesses, its interview answers, and offline reveal
 * matching. `npm run bench -- accuracy` prints the figures reached.
 */

/**
 * The floors (0.95 game answers, 0.98 guesses, 0.90 interviews, 0.95 reveal precision and
 * 0.90 recall), raised to what is reached so that a change that loses ground shows. The
 * held-out sets (the third and fourth interview sets, the second and fifth game sets: written
 * before the changes made for their misses, and never tuned on) are held to what is reached on them, so that
 * they do not slip unseen. Spanish games are played without a lexicon, from what their secrets
 * literally say.
 */
const FLOORS = {
  yesNo: 0.96,
  guesses: 1,
  interviews: 0.93,
  moreInterviews: 0.92,
  heldOutInterviews: 0.89,
  fourthInterviews: 0.83,
  heldOutYesNo: 0.92,
  fifthYesNo: 0.83,
  heldOutGuesses: 1,
  spanishYesNo: 0.97,
  spanishGuesses: 1,
  precision: 0.96,
  recall: 0.92,
} as const;

const show = (misses: readonly Miss[]) =>
  misses.map((miss) => `${miss.ask}\n  expected ${miss.expected}, got: ${miss.got}`).join('\n');

describe('the labelled sets', () => {
  it('are as large as the issue asks', () => {
    expect(GAME_QUESTIONS.length).toBeGreaterThanOrEqual(150);
    expect(new Set(GAME_QUESTIONS.map((question) => question.leia)).size).toBeGreaterThanOrEqual(5);
    expect(INTERVIEW_QUESTIONS.length).toBeGreaterThanOrEqual(60);
    expect(MORE_INTERVIEW_QUESTIONS.length).toBeGreaterThanOrEqual(30);
    expect(HELD_OUT_INTERVIEW_QUESTIONS.length).toBeGreaterThanOrEqual(20);
    expect(SPANISH_GAME_QUESTIONS.length).toBeGreaterThanOrEqual(30);
    expect(OFF_TOPIC_QUESTIONS.length).toBeGreaterThanOrEqual(15);
    expect(FOURTH_INTERVIEW_QUESTIONS.length).toBeGreaterThanOrEqual(30);
    expect(HELD_OUT_GAME_QUESTIONS.length).toBeGreaterThanOrEqual(20);
    expect(FIFTH_GAME_QUESTIONS.length).toBeGreaterThanOrEqual(10);
    expect(REVEAL_SNIPPETS.length).toBeGreaterThanOrEqual(150);
    // Near-misses: snippets that reveal nothing, and guesses that are wrong.
    expect(REVEAL_SNIPPETS.filter((snippet) => snippet.reveals.length === 0).length).toBeGreaterThanOrEqual(
      40,
    );
    expect(GAME_QUESTIONS.filter((question) => question.label === 'wrong').length).toBeGreaterThanOrEqual(20);
  });
});

describe('accuracy of the offline simulator and of reveal matching', () => {
  it(`answers yes/no questions of the games right (at least ${FLOORS.yesNo}) and judges guesses right (at least ${FLOORS.guesses})`, async () => {
    const { yesNo, guesses } = await gameAccuracy();
    expect(yesNo.ratio, show(yesNo.misses)).toBeGreaterThanOrEqual(FLOORS.yesNo);
    expect(guesses.ratio, show(guesses.misses)).toBeGreaterThanOrEqual(FLOORS.guesses);
  });

  it(`answers the held-out game set's questions, category questions among them, right (at least ${FLOORS.heldOutYesNo}) and judges its guesses right`, async () => {
    const { yesNo, guesses } = await gameAccuracy(HELD_OUT_GAME_QUESTIONS);
    expect(yesNo.ratio, show(yesNo.misses)).toBeGreaterThanOrEqual(FLOORS.heldOutYesNo);
    expect(guesses.ratio, show(guesses.misses)).toBeGreaterThanOrEqual(FLOORS.heldOutGuesses);
  });

  it(`answers the fifth game set's category questions right (at least ${FLOORS.fifthYesNo})`, async () => {
    const { yesNo } = await gameAccuracy(FIFTH_GAME_QUESTIONS);
    expect(yesNo.ratio, show(yesNo.misses)).toBeGreaterThanOrEqual(FLOORS.fifthYesNo);
  });

  it(`answers the yes/no questions of Spanish games without a lexicon (at least ${FLOORS.spanishYesNo}) and judges their guesses right`, async () => {
    const { yesNo, guesses } = await gameAccuracy(SPANISH_GAME_QUESTIONS, SPANISH_GAMES);
    expect(yesNo.ratio, show(yesNo.misses)).toBeGreaterThanOrEqual(FLOORS.spanishYesNo);
    expect(guesses.ratio, show(guesses.misses)).toBeGreaterThanOrEqual(FLOORS.spanishGuesses);
  });

  it(`answers interview questions with the fact they ask for (at least ${FLOORS.interviews}; the second set at least ${FLOORS.moreInterviews}; the held-out sets at least ${FLOORS.heldOutInterviews} and ${FLOORS.fourthInterviews})`, async () => {
    const interviews = await interviewAccuracy();
    expect(interviews.ratio, show(interviews.misses)).toBeGreaterThanOrEqual(FLOORS.interviews);
    const more = await interviewAccuracy(MORE_INTERVIEW_QUESTIONS);
    expect(more.ratio, show(more.misses)).toBeGreaterThanOrEqual(FLOORS.moreInterviews);
    const heldOut = await interviewAccuracy(HELD_OUT_INTERVIEW_QUESTIONS);
    expect(heldOut.ratio, show(heldOut.misses)).toBeGreaterThanOrEqual(FLOORS.heldOutInterviews);
    const fourth = await interviewAccuracy(FOURTH_INTERVIEW_QUESTIONS);
    expect(fourth.ratio, show(fourth.misses)).toBeGreaterThanOrEqual(FLOORS.fourthInterviews);
  });

  it('deflects every off-topic and out-of-role interview question in character', async () => {
    const deflections = await deflectionAccuracy();
    expect(deflections.misses.map((miss) => `${miss.ask} -> ${miss.got}`)).toEqual([]);
  });

  it(`counts what replies state (precision at least ${FLOORS.precision}, recall at least ${FLOORS.recall})`, async () => {
    const reveals = await revealAccuracy();
    expect(reveals.precision, show(reveals.misses)).toBeGreaterThanOrEqual(FLOORS.precision);
    expect(reveals.recall, show(reveals.misses)).toBeGreaterThanOrEqual(FLOORS.recall);
  });
});
