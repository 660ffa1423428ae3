// The server grades with WordNet (as the class report will), the browser without a lexicon: the
// floors hold for both, so the test reads the server's lexicon files as they ship.
import { serverLexicon } from '@server/lexicon';
import type { Lexicon } from '@shared/lexicon';
import { BANDS, LABELLED_HAND_INS } from './grading-labelled';
import { type GradingAgreement, gradingAgreement } from './grading-measure';

/**
 * Offline grading against the labelled hand-ins (grading-labelled.ts): how often it gives the
 * band an instructor would, how often it is at most one band off, and how often it sees an element
 * present or missing as a person does. The floors are a little under what is reached (36 of 42 in
 * band with WordNet, 34 without; every hand-in within one band; 67 of 70 elements), so that a
 * change that costs agreement fails here; `npm run bench -- grading` prints the figures.
 */
const FLOORS = { inBand: 0.8, nearBand: 1, elements: 0.9 } as const;

const percent = (part: number, whole: number) => `${part}/${whole} (${Math.round((100 * part) / whole)}%)`;
const report = (name: string, figures: GradingAgreement) =>
  [
    `${name}: in band ${percent(figures.inBand, figures.handIns)}, within one band ${percent(figures.nearBand, figures.handIns)}, elements ${percent(figures.elementsAgreed, figures.elements)}`,
    ...figures.misses.map((miss) => `  ${miss.student}: expected ${miss.expected}, got ${miss.got}`),
  ].join('\n');

it('is a set as large and as varied as the issue asks', () => {
  expect(LABELLED_HAND_INS.length).toBeGreaterThanOrEqual(40);
  expect(new Set(LABELLED_HAND_INS.map((handIn) => handIn.problem)).size).toBeGreaterThanOrEqual(4);
  for (const band of Object.keys(BANDS)) {
    expect(LABELLED_HAND_INS.filter((handIn) => handIn.band === band).length, band).toBeGreaterThanOrEqual(6);
  }
  const labelledElements = LABELLED_HAND_INS.filter((handIn) => handIn.present || handIn.missing);
  expect(labelledElements.length).toBeGreaterThanOrEqual(15);
});

describe.each([
  ['with WordNet (the server)', serverLexicon()],
  ['without a lexicon (the browser)', undefined],
] as [string, Lexicon | undefined][])('agrees with an instructor %s', (name, lexicon) => {
  it(`in band at least ${FLOORS.inBand}, within one band ${FLOORS.nearBand}, elements ${FLOORS.elements}`, () => {
    const figures = gradingAgreement(lexicon);
    const shown = report(name, figures);
    console.info(shown);
    expect(figures.inBand / figures.handIns, shown).toBeGreaterThanOrEqual(FLOORS.inBand);
    expect(figures.nearBand / figures.handIns, shown).toBeGreaterThanOrEqual(FLOORS.nearBand);
    expect(figures.elementsAgreed / figures.elements, shown).toBeGreaterThanOrEqual(FLOORS.elements);
  });
});
