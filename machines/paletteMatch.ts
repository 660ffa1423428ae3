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
 * counts more. 0..1, 0 = no match; '' matches everything with 1.
 */
export const matchScore = (text: string, words: readonly string[]): number => {
  const terms = termsOf(text);
  if (terms.length === 0) return 1;
  const haystack = words.join(' ').toLowerCase();
  let score = 0;
  for (const term of terms) {
    const at = haystack.indexOf(term);
    if (at < 0) return 0;
    score += at === 0 ? 3 : /\s/.test(haystack[at - 1] ?? '') ? 2 : 1;
  }
  return score / (terms.length * 3);
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
