import { sessionExport, studentsCsv } from '@shared/class-export';
import type { ClassStudentInput } from '@shared/evaluation/class-inputs';
import { buildClassReport } from '@shared/evaluation/class-report';
import { gradeOffline } from '@shared/evaluation/grading';
import { evaluateOffline } from '@shared/evaluation/report';
import { sessionExportSchema } from '@shared/schemas/class-report';
import { elementStatuses } from '@shared/schemas/evaluation';
import { gradeStatuses } from '@shared/schemas/grading';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classInput, ROOMS_TALK, SOLUTION, student } from './class-report-fixtures';

/**
 * The class report as properties, over random classes (each student's stored elicitation and
 * grade drawn at random): the grid's cells are the students' statuses and its counts are theirs,
 * an element is unasked exactly when no cell elicited it, a variant's mean lies within its spread
 * and is the mean of its students' grades, the students CSV gives back every grade (0 as 0) and
 * guards every cell, and the session JSON validates.
 */

const BASE_REPORT = evaluateOffline({ solution: SOLUTION, solutionFormat: 'mermaid', messages: ROOMS_TALK });
const BASE_GRADE = gradeOffline({ solution: SOLUTION, solutionFormat: 'mermaid', handIn: SOLUTION });
const ELEMENTS = BASE_REPORT.elements.length;

const drawn = fc.record({
  configId: fc.constantFrom('c1', 'c2'),
  name: fc.string({ maxLength: 12 }),
  elicited: fc.array(fc.constantFrom(...elementStatuses), { minLength: ELEMENTS, maxLength: ELEMENTS }),
  /** Share gained at each turn, as tenths of the remaining. */
  steps: fc.array(fc.integer({ min: 0, max: 10 }), { maxLength: 6 }),
  grade: fc.option(
    fc.record({
      tenths: fc.integer({ min: 0, max: 100 }),
      statuses: fc.array(fc.constantFrom(...gradeStatuses), { minLength: ELEMENTS, maxLength: ELEMENTS }),
      handIn: fc.string({ maxLength: 20 }),
    }),
    { nil: null },
  ),
});
type Drawn = typeof drawn extends fc.Arbitrary<infer T> ? T : never;

function toStudent(one: Drawn, index: number): ClassStudentInput {
  const base = student(`s${index}`, one.configId, { messages: ROOMS_TALK });
  const coverage = [0];
  for (const step of one.steps)
    coverage.push(Math.round((coverage.at(-1)! + ((1 - coverage.at(-1)!) * step) / 10) * 1000) / 1000);
  const elicitation = {
    ...BASE_REPORT,
    turns: one.steps.length,
    curve: { turn: coverage.map((_, turn) => turn), revealed: coverage.map(() => 0), coverage },
    coverage: { ...BASE_REPORT.coverage, ratio: coverage.at(-1)! },
    elements: BASE_REPORT.elements.map((element, i) => ({ ...element, status: one.elicited[i]! })),
  };
  const grade = one.grade && {
    ...BASE_GRADE,
    grade: one.grade.tenths / 10,
    final: one.grade.tenths / 10,
    elements: BASE_GRADE.elements.map((element, i) => ({ ...element, status: one.grade!.statuses[i]! })),
  };
  return {
    ...base,
    name: one.name,
    elicitation,
    grade,
    handIn: one.grade ? one.grade.handIn : null,
    handedInAt: one.grade ? base.lastActivityAt : null,
  };
}

const classes = fc.array(drawn, { minLength: 1, maxLength: 12 }).map((all) => all.map(toStudent));

describe('class report properties', () => {
  it("the grid's cells and counts are the students' own", () => {
    fc.assert(
      fc.property(classes, (students) => {
        const [grid] = buildClassReport(classInput(students)).grids;
        expect(grid!.students).toEqual(students.map((one) => one.id));
        grid!.elements.forEach((row, i) => {
          expect(row.elicited).toEqual(students.map((one) => one.elicitation!.elements[i]!.status));
          expect(row.handIn).toEqual(
            students.map((one) => (one.grade ? one.grade.elements[i]!.status : null)),
          );
          expect(row.elicitedBy).toBe(row.elicited.filter((status) => status === 'revealed').length);
          expect(row.inHandIns).toBe(row.handIn.filter((status) => status === 'present').length);
          expect(row.unasked).toBe(row.elicited.every((status) => status === 'not'));
          expect(row.rarelyAsked).toBe(row.elicited.filter((s) => s !== 'not').length < students.length / 2);
        });
      }),
    );
  });

  it("a variant's mean is its students' and lies within its spread; its curve never falls", () => {
    fc.assert(
      fc.property(classes, (students) => {
        for (const variant of buildClassReport(classInput(students)).variants) {
          const members = students.filter((one) => one.leia.configId === variant.leia.configId);
          const grades = members.flatMap((one) => (one.grade ? [one.grade.final] : []));
          expect(variant.students).toBe(members.length);
          if (grades.length === 0) {
            expect(variant.meanGrade).toBeNull();
            continue;
          }
          const mean = grades.reduce((a, b) => a + b, 0) / grades.length;
          expect(Math.abs(variant.meanGrade! - mean)).toBeLessThanOrEqual(0.005 + 1e-9);
          const { sd, min, max } = variant.gradeSpread!;
          expect(min).toBe(Math.min(...grades));
          expect(max).toBe(Math.max(...grades));
          expect(variant.meanGrade!).toBeGreaterThanOrEqual(min - 0.005);
          expect(variant.meanGrade!).toBeLessThanOrEqual(max + 0.005);
          expect(sd === 0).toBe(min === max);
          const longest = Math.max(...members.map((one) => one.elicitation!.curve.coverage.length));
          expect(variant.curve.turn).toHaveLength(longest);
          variant.curve.share.forEach((share, t) => {
            if (t > 0) expect(share).toBeGreaterThanOrEqual(variant.curve.share[t - 1]!);
          });
        }
      }),
    );
  });

  it('the students CSV gives back every grade, 0 as 0, and guards every cell', () => {
    fc.assert(
      fc.property(classes, (students) => {
        const report = buildClassReport(classInput(students));
        const [header, ...rows] = parse(studentsCsv(report, students)) as string[][];
        const grade = header!.indexOf('grade');
        rows.forEach((row, i) => {
          const expected = students[i]!.grade?.final;
          expect(row[grade]).toBe(expected === undefined ? '' : String(expected));
          for (const cell of row) expect(cell).not.toMatch(/(?:^|[;\r\n])[ "]*[=+\-@\t\r]/);
        });
      }),
    );
  });

  it('the session JSON validates against its schema', () => {
    const session = {
      id: 's1',
      name: 'Class',
      activity: 'Activity',
      createdAt: '2026-11-26T09:00:00.000Z',
      closedAt: null,
      identity: 'name' as const,
    };
    fc.assert(
      fc.property(classes, (students) => {
        const exported = JSON.parse(JSON.stringify(sessionExport(session, classInput(students))));
        expect(sessionExportSchema.safeParse(exported).success).toBe(true);
      }),
      { numRuns: 30 },
    );
  });
});
