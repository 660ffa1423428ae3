import { remembering } from '../remembering';

/**
 * Times of day and durations said in words or in figures, as one term each, so they are compared
 * by value: "9 pm", "21:00" and "nine in the evening" are "@t21:00"; "48 hours", "two days" and
 * "2 days" are "@d2880" (minutes); "a quarter of an hour" and "15 minutes" are "@d15". English
 * and Spanish units. What is not read as a value stays in the text, as words.
 */

/** Cheap tests first: most texts say no time and no duration, and the full patterns are long. */
const MAY_HOLD_DURATION =
  /\b(?:minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|hora|minutos?|horas?|d[ií]as|semanas?|mes(?:es)?)\b/i;
const MAY_HOLD_TIME =
  /\d[:.h]\d|\b(?:am|a\.m|pm|p\.m|noon|midday|midnight|morning|afternoon|evening|night|mañana|tarde|noche|mediod[ií]a|medianoche)\b/i;
export const MAY_HOLD_VALUES = {
  test: (text: string) => MAY_HOLD_DURATION.test(text) || MAY_HOLD_TIME.test(text),
};

const SMALL: Record<string, number> = Object.fromEntries(
  [
    'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty',
    'cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince dieciseis diecisiete dieciocho diecinueve veinte',
  ].flatMap((list) => list.split(' ').map((word, value) => [word, value])),
);
const TENS: Record<string, number> = {
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  treinta: 30,
  cuarenta: 40,
  cincuenta: 50,
  sesenta: 60,
  noventa: 90,
};

const NUMBER_WORD = `(?:${[...Object.keys(TENS), ...Object.keys(SMALL)].sort((a, b) => b.length - a.length).join('|')})`;
/** "48", "forty-eight", "forty eight", "a" / "an" / "un" / "una" (one). */
const NUMBER = `(\\d+(?:[.,]\\d+)?|${NUMBER_WORD}(?:[\\s-]${NUMBER_WORD})?|an?|una?)`;

/** "48", "forty-eight", "sixteen", "a" as a number; undefined for anything else. */
export function numberValue(text: string): number | undefined {
  const folded = text.toLowerCase().trim();
  if (/^\d+([.,]\d+)?$/.test(folded)) return Number(folded.replace(',', '.'));
  if (/^(an?|una?)$/.test(folded)) return 1;
  const parts = folded.split(/[\s-]+/);
  let value = 0;
  for (const part of parts) {
    const small = SMALL[part];
    const tens = TENS[part];
    if (small === undefined && tens === undefined) return undefined;
    value += small ?? tens ?? 0;
  }
  return value;
}

const MINUTES: [RegExp, number][] = [
  [/^(minutes?|mins?|minutos?)$/, 1],
  [/^(hours?|hrs?|horas?)$/, 60],
  [/^(days?|dias?)$/, 1440],
  [/^(weeks?|semanas?)$/, 10080],
  [/^(fortnights?)$/, 20160],
  // A month is counted as 30 days, as "30 days overdue" and "a month behind" mean alike.
  [/^(months?|mes|meses)$/, 43200],
];

const DURATION = new RegExp(
  `\\b(?:(a quarter of an hour|un cuarto de hora)|(half an hour|media hora)|(an hour and a half|hora y media)|${NUMBER}\\s+(minutes?|mins?|hours?|hrs?|days?|weeks?|fortnights?|months?|minutos?|horas?|d[ií]as|semanas?|mes(?:es)?))\\b`,
  'giu',
);

const HOUR_WORD = `(\\d{1,2}|${NUMBER_WORD})`;
/** "9 pm", "9:30 a.m.", "nine in the evening", "eleven at night", "two in the afternoon", "21:00". */
const TIME = new RegExp(
  [
    `\\b(\\d{1,2})[:.h](\\d{2})\\s*(a\\.?m\\.?|p\\.?m\\.?)?(?!\\d|[.,:]\\d)`,
    `\\b${HOUR_WORD}\\s*(a\\.?m\\.?|p\\.?m\\.?)(?=\\W|$)`,
    `\\b(?:(half|quarter) past\\s+)?${HOUR_WORD}(?:\\s+o'clock)?\\s+(in the morning|in the afternoon|in the evening|at night|de la mañana|de la tarde|de la noche)`,
    `\\b(noon|midday|midnight|mediodia|medianoche)\\b`,
  ].join('|'),
  'giu',
);

const pad = (n: number) => String(n).padStart(2, '0');
const timeTerm = (hour: number, minute: number) =>
  hour >= 0 && hour < 24 && minute >= 0 && minute < 60 ? `@t${pad(hour)}:${pad(minute)}` : undefined;

function timeOf(match: RegExpExecArray): string | undefined {
  const [, hh, mm, ampm, hourWord, ampm2, past, hourWord2, part, named] = match;
  if (named) return /midnight|medianoche/i.test(named) ? '@t00:00' : '@t12:00';
  const later = (hour: number, suffix: string | undefined) =>
    suffix && /p/i.test(suffix) && hour < 12
      ? hour + 12
      : suffix && /a/i.test(suffix) && hour === 12
        ? 0
        : hour;
  if (hh !== undefined) return timeTerm(later(Number(hh), ampm), Number(mm));
  if (hourWord !== undefined) {
    const hour = numberValue(hourWord);
    return hour === undefined ? undefined : timeTerm(later(hour, ampm2), 0);
  }
  const hour = numberValue(hourWord2 ?? '');
  if (hour === undefined) return undefined;
  const evening =
    /afternoon|evening|night|tarde|noche/i.test(part ?? '') &&
    hour < 12 &&
    !(hour <= 4 && /night|noche/i.test(part ?? ''));
  const minute = past === undefined ? 0 : /half/i.test(past) ? 30 : 15;
  return timeTerm(evening ? hour + 12 : hour, minute);
}

function durationOf(match: RegExpExecArray): string | undefined {
  const [, quarter, half, hourAndHalf, amount, unit] = match;
  if (quarter) return '@d15';
  if (half) return '@d30';
  if (hourAndHalf) return '@d90';
  const value = numberValue(amount ?? '');
  const per = MINUTES.find(([pattern]) =>
    pattern.test((unit ?? '').toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')),
  )?.[1];
  return value === undefined || per === undefined ? undefined : `@d${Math.round(value * per)}`;
}

/** Texts repeat within a conversation (a reply is read for its sentences, then whole): remembered, bounded. */
const MAX_REMEMBERED = 5_000;

/** The values a text says, as terms, and the text with them blanked out (spaces, same length). */
export const valueTerms = remembering(readValues, MAX_REMEMBERED);

function readValues(text: string): { values: string[]; rest: string } {
  const values: string[] = [];
  let rest = text;
  for (const [pattern, read, may] of [
    [DURATION, durationOf, MAY_HOLD_DURATION],
    [TIME, timeOf, MAY_HOLD_TIME],
  ] as const) {
    if (!may.test(rest)) continue;
    pattern.lastIndex = 0;
    rest = rest.replace(pattern, (...args) => {
      const whole = args[0] as string;
      const match = Object.assign([...args.slice(0, -2)], {
        index: 0,
        input: '',
      }) as unknown as RegExpExecArray;
      const value = read(match);
      if (value === undefined) return whole;
      values.push(value);
      return ' '.repeat(whole.length);
    });
  }
  return { values, rest };
}
