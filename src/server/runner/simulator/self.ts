import { thirdPersonVerb } from './agreement';
import { PHRASES } from './phrases';
import { fold, words } from './text';
import { SPANISH_FIRST_PERSON, toFirstPerson, type Voice } from './voice';

/**
 * How the persona speaks about itself. A persona sheet describes the persona from outside: a
 * label ("Nurse manager at Northgate Family Clinic, 41.") and a list of traits ("calm, organised,
 * tells stories instead of giving numbers"). Read out as they are they sound like the sheet, not
 * the person; here they become what the person would say ("I'm nurse manager at ..., and I'm 41.",
 * "I'm calm and organised. I tell stories instead of giving numbers.").
 */

const lowerFirst = (text: string) =>
  /^\p{Lu}\p{Ll}/u.test(text) ? text.charAt(0).toLowerCase() + text.slice(1) : text;

const list = (items: readonly string[], and: string) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;

/** "Co-owner and operations manager of X, 47[, who runs ...]." : a label, perhaps with an age, and no subject. */
const LABEL = /^(?<role>[^,]+?)(?:,\s+(?<age>\d{1,3}))?(?:,\s+(?:who|que)\s+(?<rest>.+?))?[.!]?$/u;
const VERB =
  /^(is|are|was|were|has|have|had|does|did|will|can|could|would|should|may|might|must|es|está|tiene)$/;
/**
 * Without an age a label must be a role somewhere and have no verb: "Owner of a small bakery",
 * not "Runs a bakery in Seville" or "Friendly and calm".
 */
const roleWithoutVerb = (text: string) =>
  /\s(of|at|in|for|de|en)\s/.test(text) &&
  words(text).every((word) => !VERB.test(fold(word)) && !/ed$/.test(word) && !thirdPersonVerb(word));

/**
 * A persona sentence that is a label ("Nurse manager at X, 41."), told as the person would;
 * undefined for any other sentence (the pronoun rewriting handles those).
 */
export function selfIntroduction(sentence: string, voice: Voice): string | undefined {
  const label = LABEL.exec(sentence.trim())?.groups;
  if (!label?.role || (!label.age && (label.rest || !roleWithoutVerb(label.role)))) return undefined;
  const first = fold(words(label.role)[0] ?? '');
  if (first === fold(voice.firstName) || first === fold(voice.subject) || first === 'i') return undefined;
  const role = lowerFirst(label.role.trim());
  const phrases = PHRASES[voice.language];
  const said = voice.language === 'en' ? withArticle(role) : role;
  const intro = label.age ? phrases.roleAndAge(said, label.age) : phrases.iAm(said);
  return label.rest ? `${intro} ${firstPersonPredicate(`${label.rest}.`, voice)}` : intro;
}

/** "drama teacher" -> "a drama teacher", "manager of X" -> "the manager of X". */
function withArticle(role: string): string {
  if (/^(a|an|the|my)\s/i.test(role)) return role;
  if (/\s(of|at|in|for)\s/.test(role)) return `the ${role}`;
  return `${/^[aeiou]/i.test(role) ? 'an' : 'a'} ${role}`;
}

/** "runs the club and hosts the quiz" -> "I run the club and host the quiz". */
function firstPersonPredicate(predicate: string, voice: Voice): string {
  if (voice.language === 'es') return predicate.charAt(0).toUpperCase() + predicate.slice(1);
  // A stand-in name as subject: the rewriting reads it as the persona and conjugates like "she".
  const stand: Voice = {
    ...voice,
    firstName: 'Persona',
    fullName: '',
    pronouns: true,
    secondPerson: false,
  };
  return toFirstPerson(`Persona ${predicate}`, stand);
}

type TraitKind = 'quality' | 'habit' | 'possession';

/** "dry sense of humour", "an eye for detail": traits one has rather than is. */
const POSSESSION = /^(a|an)\s|\b(sense|eye|ear|memory|habit|knack|temper|taste|passion|love)\s+(of|for)\b/i;

function kindOf(trait: string): TraitKind {
  if (POSSESSION.test(trait)) return 'possession';
  return thirdPersonVerb(fold(words(trait)[0] ?? '')) ? 'habit' : 'quality';
}

/**
 * The persona's traits in the first person. English groups them by what they are: qualities
 * ("I'm calm, organised and precise about numbers."), habits ("I tell stories and dislike
 * paperwork.") and what the persona has ("I have a dry sense of humour."). A part that already
 * is a clause ("but she gets nervous with computers") follows the part before it.
 */
export function describePersonality(traits: string, voice: Voice): string {
  const text = traits.trim().replace(/[.\s]+$/, '');
  if (!text) return '';
  const mine = { ...voice, pronouns: true, secondPerson: false };
  if (voice.language === 'es') {
    const conjugated = text.replace(/\p{L}+/gu, (word) => SPANISH_FIRST_PERSON[fold(word)] ?? word);
    return `Soy ${lowerFirst(conjugated)}.`;
  }
  const groups: Record<TraitKind, string[]> = { quality: [], habit: [], possession: [] };
  let last: TraitKind = 'quality';
  for (const part of text.split(/\s*[,;]\s*|\n+/).map((trait) => trait.trim())) {
    if (!part) continue;
    if (/^(but|and|yet|though)\s/i.test(part) && groups[last].length > 0) {
      const previous = groups[last];
      previous[previous.length - 1] += `, ${lowerFirst(toFirstPerson(part, mine))}`;
      continue;
    }
    last = kindOf(part);
    const phrase = lowerFirst(part);
    if (last === 'habit') groups.habit.push(firstPersonPredicate(phrase, voice).replace(/^I\s+/, ''));
    else if (last === 'possession')
      groups.possession.push(/^(a|an)\s/i.test(phrase) ? phrase : `a ${phrase}`);
    else groups.quality.push(lowerFirst(toFirstPerson(phrase, mine)));
  }
  return [
    groups.quality.length > 0 && `I'm ${list(groups.quality, 'and')}.`,
    groups.habit.length > 0 && `I ${list(groups.habit, 'and')}.`,
    groups.possession.length > 0 && `I have ${list(groups.possession, 'and')}.`,
  ]
    .filter(Boolean)
    .join(' ');
}
