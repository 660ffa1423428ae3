import type { ClassMessage, ClassReportInput, ClassStudentInput } from '@shared/evaluation/class-inputs';
import { gradeOffline } from '@shared/evaluation/grading';

/** A small class: one solution shared by two LEIA configurations, and students of each. */

export const SOLUTION = `classDiagram
  class Room {
    +int capacity
  }
  class Booking {
    +Date start
  }
  Room "1" --> "0..*" Booking : has`;

export const LEIAS = [
  { configId: 'c1', name: 'Hotel manager (terse)' },
  { configId: 'c2', name: 'Hotel manager (chatty)' },
];

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 9, minute)).toISOString();

/** Question, answer, question, answer...: the LEIA's replies are the odd messages. */
export const talk = (...lines: string[]): ClassMessage[] =>
  lines.map((text, index) => ({ text, isLeia: index % 2 === 1, timestamp: at(index) }));

export function student(
  id: string,
  configId: string,
  options: { messages?: ClassMessage[]; handIn?: string | null; email?: string } = {},
): ClassStudentInput {
  const handIn = options.handIn ?? null;
  const leia = LEIAS.find((one) => one.configId === configId)!;
  return {
    id,
    name: `Student ${id}`,
    ...(options.email !== undefined && { email: options.email }),
    leia,
    joinedAt: at(0),
    lastActivityAt: at(20),
    handedInAt: handIn === null ? null : at(30),
    autoHandedIn: false,
    messages: options.messages ?? [],
    handIn,
    grade: handIn === null ? null : gradeOffline({ solution: SOLUTION, solutionFormat: 'mermaid', handIn }),
  };
}

export const classInput = (students: ClassStudentInput[]): ClassReportInput => ({
  sessionId: 's1',
  leias: LEIAS,
  solutions: {
    c1: { text: SOLUTION, format: 'mermaid' },
    c2: { text: SOLUTION, format: 'mermaid' },
  },
  students,
  now: new Date(Date.UTC(2026, 10, 26, 10, 0)),
});

export const ROOMS_TALK = talk(
  'What do you manage?',
  'We manage rooms. Each room has a capacity.',
  'Anything else?',
  'I am not sure I can say.',
);
export const BOOKINGS_TALK = talk(
  'Tell me about bookings',
  'Guests make bookings, and a booking has a start date.',
);
export const FULL_HAND_IN = SOLUTION;
export const ROOM_HAND_IN = 'classDiagram\n  class Room {\n    +int capacity\n  }';
