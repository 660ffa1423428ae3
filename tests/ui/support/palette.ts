import type { PageCommand, PaletteItem } from '@client/palette';

/**
 * A page command's items as the palette would get them: a static page's `load`, or a search
 * page's `search` for `text` ('' = what the page shows when it opens).
 */
export const pageItems = (
  command: PageCommand,
  text = '',
  signal: AbortSignal = new AbortController().signal,
): Promise<PaletteItem[]> | PaletteItem[] =>
  command.page.search ? command.page.search(text, signal) : command.page.load(signal);
