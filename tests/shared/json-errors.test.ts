import { INPUT_TEXTS, invalidJsonText, parseJsonText } from '@shared/input-rules';
import { describeJsonError, lineAndColumn } from '@shared/json-errors';

describe('JSON errors say where and what', () => {
  it.each([
    ['{\n  "a": 1\n  "b": 2\n}', 'line 3, column 3: a comma is expected before the next item'],
    ['{"a": }', 'line 1, column 7: a value is expected'],
    ['[1,2', 'line 1, column 5: a comma or a closing ] is expected'],
    ['[1,]', 'line 1, column 4: a comma cannot come before a closing bracket'],
    ['{"a":"x}', 'line 1, column 6: this text is not closed with a double quote'],
    ["{'a': 1}", 'line 1, column 2: a field name in double quotes is expected'],
    ['{a: 1}', 'line 1, column 2: a field name in double quotes is expected'],
    ['{"a": 1 // note\n}', 'line 1, column 9: JSON has no comments'],
    ['   ', 'the text is empty'],
  ])('%j', (text, where) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(describeJsonError(text)).toBe(where);
    expect(parseJsonText(text)).toEqual({ ok: false, error: `${INPUT_TEXTS.invalidJson} (${where})` });
  });

  it("keeps the product's text first, and alone when the parser finds nothing to add", () => {
    expect(invalidJsonText('{"a": tru}')).toMatch(/^Invalid JSON format \(line 1, column 7: /);
    expect(describeJsonError('{"a": 1}')).toBeNull();
    expect(invalidJsonText('{"a": 1}')).toBe('Invalid JSON format');
  });

  it('counts lines and columns from 1', () => {
    expect(lineAndColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
