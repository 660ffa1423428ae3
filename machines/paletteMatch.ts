/**
 * How well an item matches the text typed in the palette: one rule for the root's commands, a
 * static page's items (both filtered by cmdk with `paletteFilter`) and the best match Enter picks
 * when it was pressed before the list arrived; `rankByMatch` orders a search page's answer.
 */

/**
 * The keyword of an item that matches any text but ranks below every real match: the typed-text
 * commands ('Search LEIAs for “…”', see Command.withText), listed last.
 */
export const MATCHES_ANY_TEXT = 'palette:matches-any-text';
const LAST = 1e-6;

const termsOf = (text: string): string[] => text.toLowerCase().trim().split(/\s+/).filter(Boolean);

/**
 * Every typed word must occur in `words`; a word found at the start of the text or of a word
 * counts more. 0..1, 0 = no match.
 */
const looseScore = (terms: readonly string[], haystack: string): number => {
  let score = 0;
  for (const term of terms) {
    const at = haystack.indexOf(term);
    if (at < 0) return 0;
    score += at === 0 ? 3 : /\s/.test(haystack[at - 1] ?? '') ? 2 : 1;
  }
  return score / (terms.length * 3);
};

const startsWord = (text: string, at: number) => at === 0 || !/[\p{L}\p{N}]/u.test(text[at - 1] ?? '');

/** Where `term` first begins a word of `text` at or after `from`, or -1. */
const wordStartFrom = (text: string, term: string, from: number): number => {
  for (let at = text.indexOf(term, from); at >= 0; at = text.indexOf(term, at + 1)) {
    if (startsWord(text, at)) return at;
  }
  return -1;
};

/** Where the typed words begin, in order, words of `title` ('new leia' in 'Design a new LEIA'), or -1. */
const inOrderAt = (terms: readonly string[], title: string): number => {
  let from = 0;
  let first = -1;
  for (const term of terms) {
    const at = wordStartFrom(title, term, from);
    if (at < 0) return -1;
    if (first < 0) first = at;
    from = at + term.length;
  }
  return first;
};

/**
 * How well the typed text matches an item whose first word is its name: a name that starts with
 * the typed words, in order, ranks above one that contains them in order, which ranks above a
 * looser match (the words anywhere, in any order, in the name, keywords or group). 0..1, 0 = no
 * match; '' matches everything with 1.
 */
export const matchScore = (text: string, words: readonly string[]): number => {
  const terms = termsOf(text);
  if (terms.length === 0) return 1;
  const loose = looseScore(terms, words.join(' ').toLowerCase());
  if (loose === 0) return 0;
  const at = inOrderAt(terms, (words[0] ?? '').toLowerCase());
  if (at === 0) return 0.8 + 0.2 * loose;
  if (at > 0) return 0.5 + 0.2 * loose;
  return 0.1 + 0.3 * loose;
};

/** cmdk's filter signature over the item's keywords (title, keywords, group). */
export const paletteFilter = (_value: string, search: string, keywords?: string[]): number => {
  if (termsOf(search).length === 0) return 1;
  if (keywords?.[0] === MATCHES_ANY_TEXT) return LAST;
  return matchScore(search, keywords ?? []);
};

/**
 * Orders `items` by how well `text` matches their fields, the first field weighing most (a name
 * before a description): an exact first field first, then by score field by field. Ties keep the
 * given order, so a server's order survives among equals.
 */
export const rankByMatch = <T>(items: readonly T[], text: string, fields: (item: T) => string[]): T[] => {
  const wanted = text.trim().toLowerCase();
  if (wanted === '') return [...items];
  const keyOf = (item: T) => {
    const values = fields(item);
    return [
      values[0]?.trim().toLowerCase() === wanted ? 1 : 0,
      ...values.map((v) => matchScore(wanted, [v])),
    ];
  };
  const keyed = items.map((item, index) => ({ item, index, key: keyOf(item) }));
  keyed.sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) {
      const difference = (b.key[i] ?? 0) - (a.key[i] ?? 0);
      if (difference !== 0) return difference;
    }
    return a.index - b.index;
  });
  return keyed.map(({ item }) => item);
};

/**
 * The palette's groups in the order they are listed for `text`: by their best command, and each
 * group's commands by score (ties keep the registered order). cmdk filters with `paletteFilter`
 * but its own sort leaves the groups in the order they were rendered.
 */
export const rankGroups = <G extends { commands: readonly unknown[] }>(
  groups: readonly G[],
  text: string,
  wordsOf: (command: G['commands'][number], group: G) => string[],
): G[] => {
  if (termsOf(text).length === 0) return [...groups];
  const scored = groups.map((group, index) => {
    const commands = group.commands
      .map((command, at) => ({ command, at, score: paletteFilter('', text, wordsOf(command, group)) }))
      .sort((a, b) => b.score - a.score || a.at - b.at);
    return {
      group: { ...group, commands: commands.map(({ command }) => command) },
      index,
      best: commands[0]?.score ?? 0,
    };
  });
  scored.sort((a, b) => b.best - a.best || a.index - b.index);
  return scored.map(({ group }) => group);
};
