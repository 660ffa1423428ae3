import { readSolution } from '@shared/evaluation/elements';
import { termSet, terms } from '@shared/evaluation/normalise';
import { solutionFormats } from '@shared/schemas/resources';
import fc from 'fast-check';
import { stringify } from 'yaml';

/**
 * Parsing is total (any text, any format: no throw, every element has words to match, ids in
 * order) and every element comes from the solution (its words are words of the solution).
 */

const SYNTAX = [
  'classDiagram',
  'graph TD',
  'flowchart LR',
  'sequenceDiagram',
  'stateDiagram-v2',
  'erDiagram',
  'class ',
  'Member',
  'SeatingZone',
  'card_number',
  'Reserva',
  'café',
  'zones',
  'three',
  '42',
  '{',
  '}',
  '[',
  ']',
  '(',
  ')',
  '-->',
  '<|--',
  '*--',
  '->>',
  '-- yes -->',
  '|label|',
  '"1"',
  '"0..*"',
  ':',
  ';',
  ',',
  '.',
  '?',
  '&',
  '&amp;',
  '<room>',
  '</room>',
  '<b>',
  '<p name="Hall">',
  '<!--',
  '-->',
  '<![CDATA[',
  '# ',
  '- ',
  '1. ',
  '**',
  '`',
  '```',
  '| a | b |',
  '---',
  'id: FR1',
  'key: value',
  '  - ',
  '\n',
  '\n\n',
  ' ',
  '  ',
  '\t',
] as const;

const syntaxSoup = fc.array(fc.constantFrom(...SYNTAX), { maxLength: 60 }).map((parts) => parts.join(''));
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ maxLength: 300 }),
  syntaxSoup,
);
const format = fc.constantFrom(...solutionFormats);

describe('reading a solution', () => {
  it('is total: never throws, every element has words to match, ids are e1, e2...', () => {
    fc.assert(
      fc.property(anyText, format, (solution, solutionFormat) => {
        const read = readSolution(solution, solutionFormat);
        read.elements.forEach((element, index) => {
          expect(element.id).toBe(`e${index + 1}`);
          expect(terms(element.text).length).toBeGreaterThan(0);
          expect(element.label.trim()).not.toBe('');
        });
        expect(readSolution(solution, solutionFormat)).toEqual(read);
      }),
      { numRuns: 1500 },
    );
  });

  it('takes every element from the solution text', () => {
    fc.assert(
      fc.property(
        anyText,
        fc.constantFrom('text', 'markdown', 'mermaid', 'xml', 'html') as fc.Arbitrary<
          'text' | 'markdown' | 'mermaid' | 'xml' | 'html'
        >,
        (solution, solutionFormat) => {
          const words = termSet(solution);
          for (const element of readSolution(solution, solutionFormat).elements) {
            for (const term of terms(element.text))
              expect(words.has(term), `${term} of ${element.label}`).toBe(true);
          }
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('takes every element of a YAML or JSON document from its keys and values', () => {
    const word = fc.constantFrom(
      'member',
      'seatingZone',
      'card_number',
      'Hall',
      'reserva',
      'three',
      'open',
      'FR1',
    );
    const text = fc.array(word, { minLength: 1, maxLength: 4 }).map((words) => words.join(' '));
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.integer(),
        fc.boolean(),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(word, tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, fc.boolean(), (document, asJson) => {
        const solution = asJson ? JSON.stringify(document, null, 2) : stringify(document);
        const read = readSolution(solution, asJson ? 'json' : 'yaml');
        const words = termSet(solution);
        for (const element of read.elements) {
          for (const term of terms(element.text))
            expect(words.has(term), `${term} of ${element.label}`).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});
