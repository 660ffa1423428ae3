import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gradeOffline } from '@shared/evaluation/grading';
import type { Lexicon } from '@shared/lexicon';
import type { GradedElement } from '@shared/schemas/grading';
import type { SolutionFormat } from '@shared/schemas/resources';
import { parse } from 'yaml';
import { BANDS, LABELLED_HAND_INS, type LabelledHandIn, type ProblemFile } from './grading-labelled';

/**
 * How far offline grading agrees with the labelled hand-ins (grading-labelled.ts): the share
 * graded inside the instructor's band, the share at most one band off, and the share of the
 * elements a person saw present or missing that the grader saw so. Shared by the floors
 * (grading-labelled.test.ts) and the benchmark (tests/bench/grading.bench.ts), which prints them.
 */

const dir = fileURLToPath(new URL('../../../src/server/catalogue/problems', import.meta.url));

export function catalogueProblem(file: ProblemFile): { solution: string; solutionFormat: SolutionFormat } {
  const { spec } = parse(readFileSync(`${dir}/${file}.yaml`, 'utf8')) as {
    spec: { solution: string; solutionFormat: SolutionFormat };
  };
  return { solution: spec.solution, solutionFormat: spec.solutionFormat };
}

export interface GradingMiss {
  student: string;
  expected: string;
  got: string;
}

export interface GradingAgreement {
  handIns: number;
  /** Graded inside the labelled band (its edges included). */
  inBand: number;
  /** At most one band off. */
  nearBand: number;
  elements: number;
  elementsAgreed: number;
  misses: GradingMiss[];
}

const BAND_ORDER = Object.keys(BANDS) as (keyof typeof BANDS)[];

/** The bands a grade falls in (two on an edge). */
const bandsOf = (grade: number) =>
  BAND_ORDER.map((name, index) => ({ name, index })).filter(
    ({ name }) => grade >= BANDS[name][0] && grade <= BANDS[name][1],
  );

/** The graded element a label names: the one with that label, else the only one whose label contains it. */
function named(elements: readonly GradedElement[], name: string, student: string): GradedElement {
  const exact = elements.filter((element) => element.label === name);
  const found = exact.length > 0 ? exact : elements.filter((element) => element.label.includes(name));
  if (found.length !== 1) throw new Error(`${student}: "${name}" names ${found.length} elements`);
  return found[0]!;
}

export function gradingAgreement(
  lexicon?: Lexicon,
  handIns: readonly LabelledHandIn[] = LABELLED_HAND_INS,
): GradingAgreement {
  const figures: GradingAgreement = {
    handIns: 0,
    inBand: 0,
    nearBand: 0,
    elements: 0,
    elementsAgreed: 0,
    misses: [],
  };
  for (const labelled of handIns) {
    const result = gradeOffline({ ...catalogueProblem(labelled.problem), handIn: labelled.handIn }, lexicon);
    const wanted = BAND_ORDER.indexOf(labelled.band);
    const distance = Math.min(...bandsOf(result.grade).map(({ index }) => Math.abs(index - wanted)));
    figures.handIns++;
    if (distance === 0) figures.inBand++;
    if (distance <= 1) figures.nearBand++;
    if (distance > 0) {
      const got = `${result.grade}${distance === 1 ? ' (one band off)' : ''}`;
      figures.misses.push({ student: labelled.student, expected: labelled.band, got });
    }
    const seen = [
      ...(labelled.present ?? []).map((name) => [name, 'present'] as const),
      ...(labelled.missing ?? []).map((name) => [name, 'missing'] as const),
    ];
    for (const [name, status] of seen) {
      const element = named(result.elements, name, labelled.student);
      figures.elements++;
      if (element.status === status) figures.elementsAgreed++;
      else
        figures.misses.push({
          student: labelled.student,
          expected: `${name} ${status}`,
          got: element.status,
        });
    }
  }
  return figures;
}
