import { serverLexicon } from '../../../lexicon';
import { type ChatTurn, type ResolvedLeia, specList, specText } from '../../provider';
import type { TranscriptTurn } from '../../transcription';
import { Interviewee, lastQuestion } from '../interviewee';
import { greetingOf, selfQuestion } from '../phrases';
import { fold, type Language, words } from '../text';
import {
  answerOpen,
  answerYesNo,
  describes,
  hintClause,
  judgeGuess,
  namesSecret,
  type Verdict,
} from './answers';
import { GAME_PHRASES, type GameBook } from './phrases';
import { type GameRules, readRules } from './rules';
import { type Clause, clauseQuestion, clauseSentence, readSecret, type Secret } from './secret';

/**
 * The host of a guessing game (a LEIA whose process is 'game'): it plays by the rules the problem
 * states, answers from the secret's facts, judges guesses and keeps count. The count is not kept
 * anywhere: it is replayed from the conversation, so the same conversation always gets the same
 * reply and a regenerated reply does not count twice.
 */

/** Secrets read, by solution: each reply replays the game, and reading one looks words up. */
const SECRETS = new Map<string, Secret | undefined>();
const MAX_SECRETS = 200;

function secretOf(solution: string, language: Language, category: string | undefined): Secret | undefined {
  const key = `${language}\n${category ?? ''}\n${solution}`;
  if (SECRETS.has(key)) return SECRETS.get(key);
  const secret = readSecret(solution, language, {
    ...(category && { category, categorySentence: GAME_PHRASES[language].isCategory(category) }),
    // The lexicon is English; a Spanish game is played from its texts alone.
    ...(language === 'en' && { lexicon: serverLexicon() }),
  });
  if (SECRETS.size >= MAX_SECRETS) SECRETS.clear();
  SECRETS.set(key, secret);
  return secret;
}

const isGame = (leia: ResolvedLeia) =>
  [...specList(leia.behaviour.spec, 'process'), ...specList(leia.problem.spec, 'process')].includes('game');

type Move =
  | { kind: 'greeting' | 'rules' | 'count' | 'hint' | 'secret' | 'offTopic' }
  | { kind: 'self'; about: 'who' | 'personality' }
  | { kind: 'guess'; phrase: string; explicit: boolean }
  | { kind: 'yesNo'; text: string; known?: Verdict }
  | { kind: 'open'; text: string };

interface Score {
  used: number;
  over?: 'won' | 'lost';
}

const ARTICLE = /^(a|an|the|un|una|el|la)\s/;
/** Clauses short enough to ask about in a simulated game. */
const SHORT_CLAUSE = 6;
const SIMULATED_QUESTIONS = 3;
/** Where a clause can be cut short: before a comma, a conjunction or a preposition. */
const PHRASE_BOUNDARY = /,|\s(?=(with|and|or|of|for|to|in|on|from|by|con|y|o|de|para|en)\s)/g;
/** "Is it a stapler or a pen?": one guess naming several things. */
const EITHER = /\s+(?:or|o)\s+/i;

export class GameHost {
  readonly #persona: Interviewee;
  readonly #rules: GameRules;
  readonly #secret: Secret;
  readonly #book: GameBook;

  private constructor(persona: Interviewee, rules: GameRules, secret: Secret) {
    this.#persona = persona;
    this.#rules = rules;
    this.#secret = secret;
    this.#book = GAME_PHRASES[persona.knowledge.language];
  }

  /** The persona who hosts. */
  get persona(): Interviewee {
    return this.#persona;
  }

  /** The host for a game LEIA whose solution names its secret; undefined for anything else. */
  static of(leia: ResolvedLeia): GameHost | undefined {
    if (!isGame(leia)) return undefined;
    const problem = (key: string) => specText(leia.problem.spec, key);
    const rules = readRules(problem('details'), problem('description'));
    const persona = new Interviewee(leia);
    const { language } = persona.knowledge;
    const secret = secretOf(problem('solution'), language, rules.category);
    return secret ? new GameHost(persona, rules, secret) : undefined;
  }

  /** The reply to the last user turn, then its alternatives. */
  replies(history: readonly ChatTurn[]): string[] {
    const messages = history.filter((turn) => turn.role === 'user').map((turn) => turn.content);
    const score: Score = { used: 0 };
    for (const message of messages.slice(0, -1)) this.#play(this.#read(message), score);
    const message = lastQuestion(history);
    const hello = this.#persona.greeting(message);
    return this.#play(this.#read(message), score).map((reply) => (hello ? `${hello} ${reply}` : reply));
  }

  /** A short game: the player opens, asks about a few of the secret's facts, then guesses it. */
  transcript(): TranscriptTurn[] {
    const book = this.#book;
    const asked = this.#secret.clauses
      .filter(
        (clause) => words(clause.text).length <= SHORT_CLAUSE && !namesSecret(this.#secret, clause.text),
      )
      .flatMap((clause) => clauseQuestion(clause, this.#secret.language) ?? [])
      .slice(0, SIMULATED_QUESTIONS);
    const history: ChatTurn[] = [];
    for (const question of [book.opening, book.probe, ...asked, book.guessQuestion(this.#secret.said)]) {
      history.push({ role: 'user', content: question });
      history.push({ role: 'assistant', content: this.replies(history)[0] ?? '' });
    }
    history.push({ role: 'user', content: book.closing }, { role: 'assistant', content: book.farewell });
    return history.map((turn) => ({ text: turn.content, isLeia: turn.role === 'assistant' }));
  }

  #read(message: string): Move {
    const book = this.#book;
    // Spanish opens questions with ¿ and exclamations with ¡; the patterns read the words.
    const folded = fold(message.replace(/’/g, "'")).replace(/[¿¡]/g, '').trim();
    const greeting = greetingOf(message);
    const text = greeting
      ? folded.replace(new RegExp(`^\\W*${greeting.split(' ').join('\\W+')}\\b[\\W]*`), '').trim()
      : folded;
    if (!/\p{L}/u.test(text)) return { kind: 'greeting' };
    if (book.asksRules.test(text)) return { kind: 'rules' };
    if (book.asksCount.test(text)) return { kind: 'count' };
    if (book.asksHint.test(text)) return { kind: 'hint' };
    if (book.asksSecret.test(text)) return { kind: 'secret' };
    if (book.asksToPlay.test(text) && !book.aboutSecret.test(text)) return { kind: 'greeting' };
    const about = selfQuestion(text);
    if (about) return { kind: 'self', about };
    const guess = book.guess.exec(text);
    const phrase = guess?.[2]?.trim();
    // The guess as the player wrote it (accents and all): the same number of words, at the end.
    const asWritten = (guessed: string) => words(message).slice(-words(guessed).length).join(' ');
    const judged = phrase === undefined ? undefined : judgeGuess(this.#secret, phrase);
    // "Can it be found in a kitchen?" asks about it; "Could it be a penguin?" guesses.
    const asks =
      !!guess?.[1] && book.mayBe.test(guess[1]) && !ARTICLE.test(phrase ?? '') && judged === 'wrong';
    // "Is it a bird?" names a kind it is: a question answered yes, not a guess.
    if (judged === 'kind' && !guess?.[1]) return { kind: 'yesNo', text, known: { kind: 'yes' } };
    if (phrase && !asks && (guess?.[1] || ARTICLE.test(phrase) || judged !== 'wrong'))
      return { kind: 'guess', phrase: asWritten(phrase), explicit: !!guess?.[1] };
    if (ARTICLE.test(text) && words(text).length <= 4 && !text.includes(' it'))
      return { kind: 'guess', phrase: asWritten(text), explicit: false };
    // "Stapler?", "Tape dispenser?": a thing named alone is a guess; "¿Sujeta papel?" ("Holds
    // paper?"), words the secret's clauses say, is a question.
    if (book.namedAlone.test(text) && !book.open.test(text) && !book.yesNo.test(text.replace(/[?!.]+$/, '')))
      return this.#saysOfSecret(text)
        ? { kind: 'yesNo', text }
        : { kind: 'guess', phrase: asWritten(text), explicit: true };
    const aboutSecret = book.aboutSecret.test(text);
    if (book.open.test(text)) return aboutSecret ? { kind: 'open', text } : { kind: 'offTopic' };
    if (book.yesNo.test(text)) return aboutSecret ? { kind: 'yesNo', text } : { kind: 'offTopic' };
    return { kind: 'offTopic' };
  }

  /** Whether a short text without a verb of asking says something the secret's clauses hold. */
  #saysOfSecret(text: string): boolean {
    const secret = this.#secret;
    if (namesSecret(secret, text) || judgeGuess(secret, text.replace(/[?!.]+$/, '')) !== 'wrong')
      return false;
    const verdict = answerYesNo(secret, text);
    return verdict.kind === 'yes' || verdict.kind === 'sometimes';
  }

  /** The replies to one move (usual one first), counting it on the score. */
  #play(move: Move, score: Score): string[] {
    const { limit, reveal, guessesCount, category } = this.#rules;
    const book = this.#book;
    const secret = this.#secret;
    if (score.over) return [...book.over(score.over === 'won' || reveal ? secret.said : undefined)];
    switch (move.kind) {
      case 'greeting':
        return [book.intro(category, limit, guessesCount)];
      case 'self': {
        const answer = move.about === 'who' ? this.#persona.intro(2) : this.#persona.personality();
        return [`${answer} ${book.ready}`];
      }
      case 'rules':
        return [book.rules(limit, guessesCount, reveal)];
      case 'count':
        return [book.count(score.used, limit)];
      case 'hint': {
        const hint = this.#say(hintClause(secret));
        return hint ? [...book.hint(hint)] : [...book.noHint];
      }
      case 'secret':
        return [...(reveal && limit ? book.notYet(score.used, limit) : book.keepSecret)];
      case 'offTopic':
        return [...book.offTopic];
    }
    if (move.kind !== 'guess' || guessesCount) score.used += 1;
    const replies = this.#answer(move, score);
    if (score.over === 'won' || limit === undefined || score.used < limit) return replies;
    score.over = 'lost';
    const ending = [book.lastQuestion, ...(reveal ? [book.reveal(secret.said)] : [])];
    if (reveal && this.#rules.advice) ending.push(book.advice(this.#example()));
    return replies.map((reply) => [reply, ...ending].join(' '));
  }

  #answer(move: Extract<Move, { kind: 'guess' | 'yesNo' | 'open' }>, score: Score): string[] {
    const book = this.#book;
    const secret = this.#secret;
    if (move.kind === 'open') {
      const answer = this.#say(answerOpen(secret, move.text, book.topics));
      return answer ? [answer] : [...book.unknown];
    }
    if (move.kind === 'yesNo') return this.#verdict(move.known ?? answerYesNo(secret, move.text));
    return this.#judge(move, score);
  }

  #judge(move: Extract<Move, { kind: 'guess' }>, score: Score): string[] {
    const book = this.#book;
    const secret = this.#secret;
    // Naming several things at once is close at best: the player still has to say which.
    const options = move.phrase.split(EITHER).map((option) => judgeGuess(secret, option));
    const judged =
      options.length === 1 ? options[0] : options.some((option) => option !== 'wrong') ? 'close' : 'wrong';
    if (judged === 'kind') return this.#verdict({ kind: 'yes' });
    if (judged === 'right') {
      score.over = 'won';
      return [...book.right(secret.said, score.used)];
    }
    const count = this.#rules.countOnGuess ? ` ${book.count(score.used, this.#rules.limit)}` : '';
    if (judged === 'close') return book.close.map((reply) => reply + count);
    if (!move.explicit && describes(secret, move.phrase)) return this.#verdict({ kind: 'yes' });
    return book.wrong(move.phrase).map((reply) => reply + count);
  }

  #verdict(verdict: Verdict): string[] {
    const book = this.#book;
    if (verdict.kind === 'yes')
      return [...(verdict.qualifier ? book.qualified(verdict.qualifier) : book.yes)];
    if (verdict.kind === 'sometimes') return [...book.sometimes];
    if (verdict.kind === 'depends') return [...book.depends];
    const because = this.#say(verdict.because);
    return because ? [...book.noBecause(because), ...book.no] : [...book.no];
  }

  /**
   * A clause as the host says it, short: cut back at a phrase boundary while it repeats a long
   * run of the solution or gives the name away ("with small metal staples"); undefined if
   * nothing sayable is left.
   */
  #say(clause: Clause | undefined): string | undefined {
    if (!clause) return undefined;
    let sentence = clauseSentence(clause, this.#secret.language);
    const unsayable = (text: string) => this.#persona.guard.leaks(text) || namesSecret(this.#secret, text);
    while (unsayable(sentence)) {
      const cut = [...sentence.matchAll(PHRASE_BOUNDARY)].at(-1)?.index ?? 0;
      if (words(sentence.slice(0, cut)).length < 3) return undefined;
      sentence = `${sentence.slice(0, cut)}.`;
    }
    return sentence;
  }

  /** The question that would have found the secret fastest: where it is used, else the first thing said of it. */
  #example(): string | undefined {
    const clauses = this.#secret.clauses;
    const place = clauses.find((clause) => this.#book.place.test(clause.text));
    const [first] = clauses.filter((clause) => clause !== place);
    for (const clause of [place, first]) {
      const question = clause && clauseQuestion(clause, this.#secret.language);
      if (question && !this.#persona.guard.leaks(question) && !namesSecret(this.#secret, question))
        return question;
    }
    return undefined;
  }
}
