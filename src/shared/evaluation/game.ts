import { type Lexicon, NO_LEXICON } from '../lexicon';
import type { GameFigures, Score } from '../schemas/evaluation';
import type { ConversationMessage } from './conversation';
import { fold, termSet, terms } from './normalise';
import { scoreFrom, scorePart } from './score';
import { splitSentences } from './sentences';

/**
 * A guessing game read as a game (a LEIA whose process is 'game'): how many questions the player
 * used, whether and when the secret was guessed, how many guesses were wasted, and whether the host
 * gave the secret away before the player named it. The secret is the solution's first sentence
 * ("A stapler."), as the catalogue writes games; with a lexicon, its other names count too.
 */

/** A question count the rules do not state is judged against twenty, the classic game. */
export const DEFAULT_GAME_LIMIT = 20;
export const GAME_SCORE_WEIGHTS = { guessed: 6, questionsUsed: 3, wastedGuesses: 1 } as const;
/** Each wasted guess costs this share of its point. */
const WASTED_GUESS_COST = 0.25;

const GUESS_WORDING =
  /^(?:so|ok|okay|then|well)?,?\s*(?:my (?:final |last )?(?:guess|answer) is|i (?:think|guess) it(?:'s| is)|i guess|i'd (?:say|guess)|final answer|could it be|is the (?:answer|secret))\b/;
/** "Is it a penguin?", "Is it pizza?": names a thing (a guess, unless the thing is a kind of thing). */
const IS_IT = /^(?:is it|it's|it is)\s+(?:(?:a|an|the)\s+)?([\p{L}-]+(?:\s+[\p{L}-]+){0,2})\s*[?!.]*$/u;
const NAMED_ALONE = /^(?:(?:a|an|the)\s+)?[\p{L}-]+(?:\s+[\p{L}-]+){0,2}\s*[?!]$/u;
const DENIED = /^\W*(no|not|nope|wrong)\b/;
/** A kind with this many narrower kinds is a category ("an animal"), not a thing one guesses. */
const CATEGORY_KINDS = 8;

const plain = (text: string) => fold(text).replace(/’/g, "'").trim();

/** The secret's names, each as its terms: its own ("stapler") and the lexicon's ("stapling machine"). */
export function secretNames(solution: string, lexicon: Lexicon = NO_LEXICON): string[][] {
  const first = splitSentences(solution)[0] ?? '';
  const name = first
    .replace(/^(the\s+)?(secret|answer|object)\s+is\s+/i, '')
    .replace(/^(a|an|the|un|una|el|la)\s+/i, '')
    .replace(/[.!:;]+$/, '')
    .trim();
  const named = terms(name);
  if (named.length === 0 || name.split(/\s+/).length > 6) return [];
  const other = lexicon.concept(name.toLowerCase(), solution)?.words ?? [];
  return [named, ...other.map((word) => terms(word)).filter((found) => found.length > 0)];
}

const names = (text: string, secret: readonly string[][]) => {
  const said = termSet(text);
  return secret.some((name) => name.every((term) => said.has(term)));
};

/** Not a thing named: a greeting, thanks, an answer. */
const SMALL_TALK =
  /^(hi|hello|hey|hiya|thanks|thank you|ok|okay|yes|no|great|cool|wow|bye|sure|right|really)\b/;
const ASKS =
  /^(is|are|was|were|do|does|did|can|could|will|would|should|has|have|may|might|what|where|when|who|why|how|which)\b/;

/**
 * A guess: worded as one, a thing named alone ("Stapler?"), or "Is it a ...?" naming a thing (not
 * a kind of thing, such as "an animal") or one the host answered as a guess ("No, it isn't a pen").
 */
function isGuess(message: string, reply: string, lexicon: Lexicon): boolean {
  const text = plain(message);
  if (SMALL_TALK.test(text)) return false;
  if (GUESS_WORDING.test(text) || (NAMED_ALONE.test(text) && !ASKS.test(text))) return true;
  const thing = IS_IT.exec(text)?.[1];
  if (!thing) return false;
  if (
    new RegExp(
      `\\b(?:isn't|is not|not)\\s+(?:a |an |the )?${thing.replace(/[^\p{L}\s-]/gu, '')}\\b`,
      'u',
    ).test(plain(reply))
  )
    return true;
  const concept = lexicon.concept(thing);
  return concept !== undefined && concept.narrower.length < CATEGORY_KINDS;
}

const asksSomething = (message: string) => /\?\s*$/.test(message) || GUESS_WORDING.test(plain(message));

/** The game's figures from the conversation; `limit` is the rules' question count, if they state one. */
export function gameFigures(
  solution: string,
  messages: readonly ConversationMessage[],
  limit: number | undefined,
  lexicon: Lexicon = NO_LEXICON,
): GameFigures {
  const secret = secretNames(solution, lexicon);
  let questions = 0;
  let guesses = 0;
  let wastedGuesses = 0;
  let guessedAt: number | null = null;
  let givenAway = false;
  messages.forEach((message, index) => {
    if (guessedAt !== null) return;
    if (message.isLeia) {
      // Named by the host before the player named it: the secret came out without a guess.
      // Named after the last question, as the rules may say, it is no leak.
      const overLimit = limit !== undefined && questions >= limit;
      if (secret.length > 0 && names(message.text, secret) && !overLimit) givenAway = true;
      return;
    }
    const reply = messages.slice(index + 1).find((next) => next.isLeia)?.text ?? '';
    const guess = isGuess(message.text, reply, lexicon) || (secret.length > 0 && names(message.text, secret));
    if (!asksSomething(message.text) && !guess) return;
    questions++;
    if (!guess) return;
    guesses++;
    if (secret.length > 0 && names(message.text, secret) && !DENIED.test(plain(reply))) guessedAt = questions;
    else if (DENIED.test(plain(reply))) wastedGuesses++;
  });
  return {
    questions,
    limit: limit ?? null,
    guessed: guessedAt !== null,
    guessedAt,
    guesses,
    wastedGuesses,
    givenAway,
  };
}

const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;

/**
 * The 0-10 score of a game: the secret guessed (6), the questions it took against the rules'
 * count (3: full marks for a first-question guess, nothing at the limit) and no wasted guesses
 * (1, a quarter less for each). A game not won scores only for the guesses it did not waste.
 */
export function gameScore(game: GameFigures): Score {
  const limit = game.limit ?? DEFAULT_GAME_LIMIT;
  const used = game.guessedAt ?? game.questions;
  const part = (key: keyof typeof GAME_SCORE_WEIGHTS, label: string, share: number, detail: string) =>
    scorePart(key, label, GAME_SCORE_WEIGHTS[key], share, detail);
  return scoreFrom([
    part(
      'guessed',
      'Secret guessed',
      game.guessed ? 1 : 0,
      game.guessed ? `guessed with question ${game.guessedAt}` : 'not guessed',
    ),
    part(
      'questionsUsed',
      'Questions used',
      game.guessed ? 1 - (used - 1) / limit : 0,
      `${plural(used, 'question')} of ${limit}${game.guessed ? '' : ', without finding it'}`,
    ),
    part(
      'wastedGuesses',
      'Guesses wasted',
      1 - WASTED_GUESS_COST * game.wastedGuesses,
      `${plural(game.wastedGuesses, 'wrong guess', 'wrong guesses')} of ${plural(game.guesses, 'guess', 'guesses')}`,
    ),
  ]);
}
