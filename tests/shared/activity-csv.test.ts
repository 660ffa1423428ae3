import { CSV_COLUMNS, guardFormula, transcriptionsCsv } from '@shared/activity-export';
import type { Activity, LeiaConfig } from '@shared/schemas/activities';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';

/**
 * The transcriptions CSV opened in a spreadsheet (issue 21, item 5): read with ',' as RFC 4180 says,
 * every cell is what was written (formula starts guarded); read by a spreadsheet that splits on ';'
 * and ignores quotes that do not open a cell, no cell starts with what would make it a formula.
 */

const TRIGGER = /^[=+\-@\t\r]/;

const config = (
  id: string,
  data: LeiaConfig['configuration']['data'],
  name = 'Library, booking',
): LeiaConfig => ({
  id,
  leia: { id: `leia-${id}`, metadata: { name, version: '1.0.0' }, isPublished: true, spec: {} as never },
  configuration: { mode: 'transcription', ...(data && { data }) },
});
const activityOf = (name: string, leias: LeiaConfig[]): Activity => ({
  id: 'a-1',
  name,
  createdAt: '2024-01-31T09:00:00.000Z',
  isPublished: false,
  visibility: 'private',
  leias,
});
const messagesOf = (texts: string[]) =>
  texts.map((text, i) => ({ text, timestamp: `2024-01-31T09:30:0${i % 10}Z`, isLeia: i % 2 === 1 }));

/** Read as RFC 4180 with ',': the rows, header first. */
const rfcRows = (csv: string): string[][] => parse(csv, { delimiter: ',', record_delimiter: '\r\n' });

/**
 * Read as the most careless spreadsheet might with ';': lines split on any line break, cells on
 * every ';', no quote honoured. What would make a cell a formula comes after spaces and quotes.
 */
const semicolonCells = (csv: string): string[] => csv.split(/\r\n|\r|\n/).flatMap((line) => line.split(';'));
const runnable = (cell: string) => TRIGGER.test(cell.replace(/^[ "]*/, ''));

describe('the transcriptions CSV', () => {
  it('guards a formula at the start of a cell and after a ";" or a line break inside it', () => {
    expect(guardFormula('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(guardFormula('a;=1+1')).toBe("a;'=1+1");
    expect(guardFormula('a; "@cmd"')).toBe('a; "\'@cmd"');
    expect(guardFormula('first\n-2+3')).toBe("first\n'-2+3");
    expect(guardFormula('Well, -5 degrees')).toBe('Well, -5 degrees');
    expect(guardFormula('plain text')).toBe('plain text');
  });

  it("quotes every cell that holds a ',' or a ';', and writes a row with the link of a linked LEIA", () => {
    const activity = activityOf('Week 1; evening', [
      config('c1', { messages: messagesOf(['a;=1+1', 'Hello, world', 'say "hi"']) }),
      config('c2', { link: 'https://example.org/t?a=1;b=2' }, 'Bakery'),
      config('c3', undefined, 'Nothing yet'),
    ]);
    const csv = transcriptionsCsv(activity);
    expect(csv.split('\r\n')).toEqual([
      CSV_COLUMNS.join(','),
      '"Week 1; evening","Library, booking",1,Interviewer,2024-01-31T09:30:00Z,"a;\'=1+1",',
      '"Week 1; evening","Library, booking",2,LEIA,2024-01-31T09:30:01Z,"Hello, world",',
      '"Week 1; evening","Library, booking",3,Interviewer,2024-01-31T09:30:02Z,"say ""hi""",',
      '"Week 1; evening",Bakery,,,,,"https://example.org/t?a=1;b=2"',
      '',
    ]);
  });

  it('read with either separator, no cell can run, and read with "," every cell is what was written', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc
        .array(fc.constantFrom('a', ' ', ',', ';', '"', '\n', '\r', '\t', '=', '+', '-', '@', '1', "'"), {
          maxLength: 20,
        })
        .map((chars) => chars.join('')),
    );
    fc.assert(
      fc.property(text, fc.array(text, { minLength: 1, maxLength: 4 }), text, (name, texts, leia) => {
        const activity = activityOf(name || 'x', [
          config('c1', { messages: messagesOf(texts.map((t) => t || 'x')) }, leia),
        ]);
        const csv = transcriptionsCsv(activity);
        const rows = rfcRows(csv);
        expect(rows[0]).toEqual([...CSV_COLUMNS]);
        rows.slice(1).forEach((row, i) => {
          expect(row[0]).toBe(guardFormula(name || 'x'));
          expect(row[1]).toBe(guardFormula(leia || 'LEIA 1'));
          expect(row[5]).toBe(guardFormula(texts[i] || 'x'));
        });
        for (const cell of rows.flat()) expect(runnable(cell), JSON.stringify(cell)).toBe(false);
        for (const cell of semicolonCells(csv)) expect(runnable(cell), JSON.stringify(cell)).toBe(false);
      }),
      { numRuns: 500 },
    );
  });
});
