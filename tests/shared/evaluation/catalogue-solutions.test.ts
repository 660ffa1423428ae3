import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readSolution } from '@shared/evaluation/elements';
import { termSet, terms } from '@shared/evaluation/normalise';
import type { SolutionFormat } from '@shared/schemas/resources';
import { parse } from 'yaml';

/** Every solution of the starter catalogue reads in its own format, element by element. */

const dir = fileURLToPath(new URL('../../../src/server/catalogue/problems', import.meta.url));
const problems = readdirSync(dir)
  .filter((file) => file.endsWith('.yaml'))
  .map((file) => {
    const { spec } = parse(readFileSync(`${dir}/${file}`, 'utf8')) as {
      spec: { solution: string; solutionFormat: SolutionFormat };
    };
    return { file, solution: spec.solution, format: spec.solutionFormat };
  });

it('has solutions to read', () => {
  expect(problems.length).toBeGreaterThanOrEqual(4);
});

describe.each(problems)('$file ($format)', ({ solution, format }) => {
  const read = readSolution(solution, format);

  it('reads in its format, into elements made of its words', () => {
    expect(read.fallback).toBe(false);
    expect(read.omitted).toBe(0);
    expect(read.elements.length).toBeGreaterThanOrEqual(5);
    const words = termSet(solution);
    for (const element of read.elements) {
      for (const term of terms(element.text)) expect(words.has(term), element.label).toBe(true);
    }
  });
});

it('reads the class diagram of the library into classes, attributes and relationships', () => {
  const library = problems.find((problem) => problem.file === 'library-room-booking.yaml')!;
  const elements = readSolution(library.solution, library.format).elements;
  const of = (kind: string) => elements.filter((e) => e.kind === kind).map((e) => e.label);
  expect(of('class')).toEqual(
    expect.arrayContaining(['Member', 'Booking', 'Room', 'HallBooking', 'Closure']),
  );
  expect(of('attribute')).toEqual(expect.arrayContaining(['Member.cardNumber', 'Room.capacity']));
  expect(of('relationship')).toEqual(
    expect.arrayContaining(['Member "1" --> "0..*" Booking : makes', 'StudyRoom is a Room']),
  );
});

it('reads the YAML requirements of the clinic as one entry per requirement', () => {
  const clinic = problems.find((problem) => problem.file === 'clinic-appointment-reminders.yaml')!;
  const labels = readSolution(clinic.solution, clinic.format).elements.map((e) => e.label);
  expect(labels.filter((label) => label.startsWith('functional_requirements['))).toHaveLength(10);
  expect(labels).toContain('constraints[C2].text: No messages between 21:00 and 08:00.');
});
