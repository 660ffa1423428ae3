import { type ParseError, parse, printParseErrorCode } from 'jsonc-parser';

/**
 * Where JSON that does not parse goes wrong, and what is wrong there, in words: 'line 3,
 * column 5: a comma or a closing } is expected'. JSON.parse's own messages differ from one engine
 * to the next (and some give no position), so a parser made to report errors reads the text again.
 */

/** By the parser's error names (its codes are a const enum, which this build cannot import). */
export const JSON_ERROR_TEXTS: Record<string, string> = {
  InvalidSymbol:
    'this is not JSON here: texts and field names take double quotes, true, false and null are lower case',
  InvalidNumberFormat: 'this number is not written as JSON writes numbers',
  PropertyNameExpected: 'a field name in double quotes is expected',
  ValueExpected: 'a value is expected',
  ColonExpected: 'a colon (:) is expected after the field name',
  CommaExpected: 'a comma is expected before the next item',
  CloseBraceExpected: 'a comma or a closing } is expected',
  CloseBracketExpected: 'a comma or a closing ] is expected',
  EndOfFileExpected: 'the text goes on after the end of the value',
  InvalidCommentToken: 'JSON has no comments',
  UnexpectedEndOfComment: 'JSON has no comments',
  UnexpectedEndOfString: 'this text is not closed with a double quote',
  UnexpectedEndOfNumber: 'this number ends too early',
  InvalidUnicode: 'this \\u escape needs four hexadecimal digits',
  InvalidEscapeCharacter: 'this backslash escape is not one JSON knows',
  InvalidCharacter: 'this character must be escaped inside a text',
};
const EMPTY = 'the text is empty';
const TRAILING_COMMA = 'a comma cannot come before a closing bracket';

/** The line and column (both from 1) of `offset` in `text`. */
export const lineAndColumn = (text: string, offset: number): { line: number; column: number } => {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
};

/** 'line 3, column 5: a comma or a closing } is expected', or null when nothing is found wrong. */
export function describeJsonError(text: string): string | null {
  if (text.trim() === '') return EMPTY;
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first) return null;
  const { line, column } = lineAndColumn(text, first.offset);
  let code = printParseErrorCode(first.error);
  // A bare or single-quoted field name: the parser's next complaint says so better.
  if (
    code === 'InvalidSymbol' &&
    errors[1] &&
    printParseErrorCode(errors[1].error) === 'PropertyNameExpected'
  )
    code = 'PropertyNameExpected';
  const afterComma = text.slice(0, first.offset).trimEnd().endsWith(',');
  const what =
    code === 'ValueExpected' && afterComma && /^\s*[\]}]/.test(text.slice(first.offset))
      ? TRAILING_COMMA
      : (JSON_ERROR_TEXTS[code] ?? JSON_ERROR_TEXTS.InvalidSymbol);
  return `line ${line}, column ${column}: ${what}`;
}
