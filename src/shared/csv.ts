// The browser build: the Node one needs Buffer, which the screen's bundle has not.
import { stringify } from 'csv-stringify/browser/esm/sync';

/**
 * The CSV every export writes (activity transcriptions, class sessions): RFC 4180 (csv-stringify)
 * with CRLF line ends; every cell holding a ',' or a ';' is quoted, whichever one a spreadsheet
 * splits on; every text cell goes through the formula guard. Numbers are written as numbers (0 is
 * "0"); null and undefined are empty cells.
 */

/**
 * The formula guard: a spreadsheet runs a cell that starts with = + - @ (or a tab or CR before
 * one), so such a start gets an apostrophe. A spreadsheet may also split on ';' (many locales) and
 * ignore quotes that do not open a field, so a cell's text after a ';' or a line break can start a
 * cell of its own there: those starts are guarded too. Spaces and quotes before the character do
 * not hide it.
 */
export const guardFormula = (text: string): string =>
  text.replace(/(?<=^|[;\r\n])([ "]*)(?=[=+\-@\t\r])/g, "$1'");

export type CsvCell = string | number | boolean | null | undefined;

export const csvText = (header: readonly string[], rows: readonly CsvCell[][]): string =>
  stringify([[...header], ...rows], {
    record_delimiter: 'windows',
    eof: true,
    quoted_match: /[,;]/,
    cast: { string: guardFormula, boolean: (value) => (value ? 'yes' : 'no') },
  });
