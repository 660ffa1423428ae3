import { withDigits } from './rules';
import {
  type Clause,
  clauseHas,
  gameTerms,
  keyTerms,
  negatedIn,
  optionIn,
  type Secret,
  withoutArticle,
} from './secret';

/**
 * How the host reasons about its secret: a yes/no question is true when one clause says every
 * property the question asks about (a property no clause states is a No), a guess is right,
 * close (a broader or a narrower term) or wrong, an open question is answered by one clause.
 */

export type Verdict =
  | { kind: 'yes'; qualifier?: string }
  | { kind: 'sometimes' }
  | { kind: 'depends' }
  | { kind: 'no'; because?: Clause };

const FLIPS = /\b(without|sin)\b/i;
const ASKED_BOUND =
  /\b(less|more|under|over|fewer|cheaper|bigger|smaller|larger|heavier|lighter|menos|m[aá]s)\b[^?]*?(\d+)/i;
const LESS = /^(less|under|fewer|cheaper|smaller|lighter|menos)$/i;

export function answerYesNo(secret: Secret, question: string): Verdict {
  const compared = compare(secret, question);
  if (compared) return compared;
  const asked = keyTerms(question).filter((term) => !secret.name.includes(term));
  if (asked.length === 0) return { kind: 'depends' };
  const clause = secret.clauses.find((candidate) => asked.every((term) => clauseHas(candidate, term)));
  if (!clause) return { kind: 'no' };
  const flips = FLIPS.test(question);
  if (asked.some((term) => negatedIn(clause, term)))
    return flips ? { kind: 'yes' } : { kind: 'no', because: clause };
  if (flips) return { kind: 'no', because: clause };
  if (asked.some((term) => optionIn(clause, term))) return { kind: 'sometimes' };
  return clause.qualifier ? { kind: 'yes', qualifier: clause.qualifier } : { kind: 'yes' };
}

/** "Does it cost more than 50 euros?" against "costs less than twenty euros". */
function compare(secret: Secret, question: string): Verdict | undefined {
  const match = ASKED_BOUND.exec(withDigits(question));
  if (!match?.[1] || !match[2]) return undefined;
  const asked = { less: LESS.test(match[1]), value: Number(match[2]) };
  const about = keyTerms(question).filter((term) => !/^\d+$/.test(term));
  const clause = secret.clauses.find(
    (candidate) =>
      candidate.bound && (about.length === 0 || about.some((term) => clauseHas(candidate, term))),
  );
  if (!clause?.bound) return undefined;
  const { direction, value } = clause.bound;
  if (direction === 'less') {
    if (asked.value < value) return { kind: 'depends' };
    return asked.less ? { kind: 'yes' } : { kind: 'no', because: clause };
  }
  if (asked.value > value) return { kind: 'depends' };
  return asked.less ? { kind: 'no', because: clause } : { kind: 'yes' };
}

export type Judgement = 'right' | 'close' | 'wrong';

const endsWith = (long: readonly string[], tail: readonly string[]) =>
  tail.length > 0 && tail.every((term, index) => long[long.length - tail.length + index] === term);

/**
 * Right: the secret's name (any article, singular or plural). Close: a narrower term ("electric
 * stapler"), or a broader one ("clip" for a paper clip, or a kind the solution names: "a kind of
 * office supply"). Anything else is wrong, a sibling too ("binder clip").
 */
export function judgeGuess(secret: Secret, phrase: string): Judgement {
  const guessed = gameTerms(withoutArticle(phrase));
  const { name } = secret;
  if (guessed.length === 0) return 'wrong';
  if (guessed.length === name.length && endsWith(guessed, name)) return 'right';
  if (endsWith(guessed, name) || endsWith(name, guessed)) return 'close';
  if (secret.kinds.some((kind) => kind.length === guessed.length && endsWith(guessed, kind))) return 'close';
  return 'wrong';
}

/** A guessed thing the clauses say is true of the secret ("a metal object"): every word said somewhere. */
export function describes(secret: Secret, phrase: string): boolean {
  const asked = keyTerms(withoutArticle(phrase));
  return asked.length > 0 && asked.every((term) => secret.clauses.some((clause) => clauseHas(clause, term)));
}

/** The clause that answers an open question: by what it asks about, else by shared words. */
export function answerOpen(
  secret: Secret,
  question: string,
  topics: readonly { asks: RegExp; answeredBy: RegExp }[],
): Clause | undefined {
  const topic = topics.find(({ asks }) => asks.test(question));
  if (topic) return secret.clauses.find((clause) => topic.answeredBy.test(clause.text));
  const asked = keyTerms(question);
  let best: Clause | undefined;
  let bestShared = 0;
  for (const clause of secret.clauses) {
    const shared = asked.filter((term) => clauseHas(clause, term)).length;
    if (shared > bestShared) [best, bestShared] = [clause, shared];
  }
  return best;
}

/** A hint that rules something out ("it works without electricity"), else the first thing said of it. */
export function hintClause(secret: Secret): Clause | undefined {
  return secret.clauses.find((clause) => clause.negated.size > 0) ?? secret.clauses[0];
}

/** Whether a text gives the secret's name away ("staples" for a stapler). */
export function namesSecret(secret: Secret, text: string): boolean {
  const said = gameTerms(text);
  return secret.name.some((term) =>
    said.some(
      (word) => Math.min(word.length, term.length) >= 4 && (word.startsWith(term) || term.startsWith(word)),
    ),
  );
}
