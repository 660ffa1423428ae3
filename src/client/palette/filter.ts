/**
 * The keyword of an item that matches any text but ranks below every real match: the typed-text
 * commands ('Search LEIAs for “…”', see ActionCommand.withText), listed last.
 */
export const MATCHES_ANY_TEXT = 'palette:matches-any-text';
const LAST = 1e-6;

/**
 * cmdk filter: every typed word must occur in the item's words (title, keywords, group);
 * matches at the start of the text or of a word rank higher. Returns 0..1 (0 = hidden).
 */
export const paletteFilter = (_value: string, search: string, keywords?: string[]): number => {
  const terms = search.toLowerCase().trim().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return 1;
  if (keywords?.[0] === MATCHES_ANY_TEXT) return LAST;
  const haystack = (keywords ?? []).join(' ').toLowerCase();
  let score = 0;
  for (const term of terms) {
    const at = haystack.indexOf(term);
    if (at < 0) return 0;
    score += at === 0 ? 3 : /\s/.test(haystack[at - 1] ?? '') ? 2 : 1;
  }
  return score / (terms.length * 3);
};
