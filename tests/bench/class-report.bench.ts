import { performance } from 'node:perf_hooks';
import { serverLexicon } from '@server/lexicon';
import { messagesCsv, sessionExport, studentsCsv } from '@shared/class-export';
import type { ClassReportInput, ClassStudentInput } from '@shared/evaluation/class-inputs';
import { buildClassReport } from '@shared/evaluation/class-report';
import { readSolution } from '@shared/evaluation/elements';
import { gradeOffline } from '@shared/evaluation/grading';
import { growingMeasurer } from '@shared/evaluation/growing-measure';
import { evaluateOffline } from '@shared/evaluation/report';
import { gradingTiming } from './grading.bench';
import { classDiagram, longHandIn } from './support/class-diagram';
import { median, row } from './support/common';
import type { BenchRow } from './types';

/**
 * Issue 27's figures for what a class learned:
 * - the class report of 200 students x 60 elements built on the server: final (the grades and
 *   the conversations' reports stored at hand-in, as after the session) against the issue's
 *   300 ms, and live (every conversation measured offline with WordNet as it is built): at the
 *   first load, every conversation whole, and at each later load, as the server keeps them, each
 *   measured on over the turn it grew by;
 * - the exports of 200 students x 40 messages (messages CSV, students CSV, session JSON) against 2 s;
 * - grading a 300-line mermaid hand-in against the 60-element solution (grading.bench.ts's figure).
 */

const STUDENTS = 200;
const TURNS = 20;
const TARGETS = { report: 300, exports: 2000 } as const;
const LEIAS = [
  { configId: 'c1', name: 'Librarian (terse)' },
  { configId: 'c2', name: 'Librarian (chatty)' },
  { configId: 'c3', name: 'Librarian (evasive)' },
];

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 26, 9, 0) + minutes * 60_000).toISOString();

/** 20 questions and replies; each reply states a few elements, more of them for a better student. */
function conversation(student: number, texts: string[]): ClassStudentInput['messages'] {
  const messages: { text: string; isLeia: boolean; timestamp: string }[] = [];
  const perReply = 1 + (student % 4);
  for (let turn = 0; turn < TURNS; turn++) {
    const start = (student * 7 + turn * perReply) % texts.length;
    const told = Array.from({ length: perReply }, (_, k) => texts[(start + k) % texts.length]!);
    messages.push({
      text: `Could you tell me more about ${told[0]}?`,
      isLeia: false,
      timestamp: at(turn * 2),
    });
    messages.push({ text: `${told.join('. ')}.`, isLeia: true, timestamp: at(turn * 2 + 1) });
  }
  return messages;
}

/** Hand-ins of every quality: the long 300-line one, the whole solution, a part of it, nothing right. */
export function handInOf(student: number, solution: string): string {
  const lines = solution.split('\n');
  switch (student % 4) {
    case 0:
      return longHandIn(solution);
    case 1:
      return solution;
    case 2:
      return lines.slice(0, 1 + (student % lines.length)).join('\n');
    default:
      return 'classDiagram\n  class Visitor {\n    String name\n  }';
  }
}

export function classOf(stored: boolean): ClassReportInput {
  const solution = classDiagram();
  const texts = readSolution(solution, 'mermaid').elements.map((element) => element.text);
  const lexicon = serverLexicon();
  const students = Array.from({ length: STUDENTS }, (_, i): ClassStudentInput => {
    const messages = conversation(i, texts);
    const handIn = i % 10 === 9 ? null : handInOf(i, solution);
    return {
      id: `s${i}`,
      name: `Student ${i}`,
      email: `student${i}@example.org`,
      leia: LEIAS[i % LEIAS.length]!,
      joinedAt: at(0),
      lastActivityAt: at(TURNS * 2),
      handedInAt: handIn === null ? null : at(TURNS * 2 + 1),
      autoHandedIn: false,
      messages,
      handIn,
      grade: handIn === null ? null : gradeOffline({ solution, solutionFormat: 'mermaid', handIn }, lexicon),
      ...(stored && {
        elicitation: evaluateOffline({ solution, solutionFormat: 'mermaid', messages }, lexicon),
      }),
    };
  });
  const solutions = Object.fromEntries(
    LEIAS.map((leia) => [leia.configId, { text: solution, format: 'mermaid' as const }]),
  );
  return { sessionId: 'bench', leias: LEIAS, solutions, students, now: new Date(), lexicon };
}

/**
 * The live build as the server makes it at each load after the first (class-report-inputs.ts):
 * every student's conversation measured on from the last load, when each has grown by one turn
 * (the most a load sees when the report is refreshed as turns come). Returns the median of those
 * builds; the first load, every conversation measured whole, is the other live figure.
 */
function grownLive(live: ClassReportInput): number {
  const measure = growingMeasurer(live.lexicon);
  const build = (turns: number) => {
    const students = live.students.map((one) => {
      const messages = one.messages.slice(0, turns * 2);
      const { text, format } = live.solutions[one.leia.configId]!;
      return {
        ...one,
        messages,
        elicitation: measure(one.id, { solution: text, solutionFormat: format, messages }),
      };
    });
    return buildClassReport({ ...live, students });
  };
  const first = TURNS - 4;
  build(first);
  const times: number[] = [];
  for (let turns = first + 1; turns <= TURNS; turns++) {
    const start = performance.now();
    build(turns);
    times.push(performance.now() - start);
  }
  return median(times);
}

function timed(runs: number, work: () => void): number {
  work(); // warm
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return median(times);
}

export async function run(): Promise<BenchRow[]> {
  const final = classOf(true);
  const live = classOf(false);
  const report = buildClassReport(final);
  const cells = report.grids.reduce((sum, grid) => sum + grid.students.length * grid.elements.length, 0);
  if (cells !== STUDENTS * 60) throw new Error(`Expected ${STUDENTS * 60} grid cells, got ${cells}`);
  const builtFinal = timed(10, () => buildClassReport(final));
  const builtLive = timed(3, () => buildClassReport(live));
  const builtGrown = grownLive(live);
  const session = {
    id: 'bench',
    name: 'Bench class',
    activity: 'Library',
    createdAt: at(0),
    closedAt: at(60),
    identity: 'email' as const,
  };
  let bytes = 0;
  const exported = timed(5, () => {
    bytes =
      messagesCsv(session, final.students).length +
      studentsCsv(buildClassReport(final), final.students).length +
      JSON.stringify(sessionExport(session, final)).length;
  });
  const name = `class report, ${STUDENTS} students x 60 elements`;
  const exports = `exports (messages CSV, students CSV, session JSON), ${STUDENTS} students x ${TURNS * 2} messages`;
  return [
    row(
      `${name}, final (stored grades and reports)`,
      'built, median',
      builtFinal,
      'ms',
      `<= ${TARGETS.report} ms`,
      builtFinal <= TARGETS.report,
    ),
    row(
      `${name}, live, first load (every conversation measured whole, WordNet)`,
      'built, median',
      builtLive,
      'ms',
      `<= ${TARGETS.report} ms`,
      builtLive <= TARGETS.report,
    ),
    row(
      `${name}, live, each later load (every conversation grown by a turn, measured on)`,
      'built, median',
      builtGrown,
      'ms',
      `<= ${TARGETS.report} ms`,
      builtGrown <= TARGETS.report,
    ),
    row(exports, 'written, median', exported, 'ms', `<= ${TARGETS.exports} ms`, exported <= TARGETS.exports),
    row(exports, 'size', bytes / 1024 / 1024, 'MB'),
    ...gradingTiming(serverLexicon(), 'with WordNet (the server)'),
    ...gradingTiming(undefined, 'no lexicon'),
  ];
}
