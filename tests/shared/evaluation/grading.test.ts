import { gradeOf, gradeOffline, MAX_HAND_IN_CHARS } from '@shared/evaluation/grading';
import { applyOverride, clearOverride, keepOverride } from '@shared/evaluation/grading-override';
import { type Lexicon, NO_LEXICON } from '@shared/lexicon';
import { GRADING_TEXTS, type HandInGrade, handInGradeSchema } from '@shared/schemas/grading';
import type { SolutionFormat } from '@shared/schemas/resources';

const CLASSES = `classDiagram
  class Member {
    String cardNumber
    String email
  }
  class Librarian {
    String name
  }
  class Room {
    String name
    int capacity
  }
  class StudyRoom
  class Booking
  Room <|-- StudyRoom
  Member "1" --> "0..*" Booking : makes
  Booking "0..*" --> "1" Room : for`;

const grade = (handIn: string, solution = CLASSES, format: SolutionFormat = 'mermaid', lexicon?: Lexicon) => {
  const result = gradeOffline({ solution, solutionFormat: format, handIn }, lexicon);
  expect(handInGradeSchema.parse(result)).toEqual(result);
  return result;
};
const status = (result: HandInGrade, label: string) => {
  const element = result.elements.find((e) => e.label === label);
  if (!element) throw new Error(`No element ${label} in ${result.elements.map((e) => e.label).join(', ')}`);
  return element;
};

describe('a hand-in graded offline', () => {
  it('grades the solution itself 10, and says how', () => {
    const result = grade(CLASSES);
    expect(result).toMatchObject({
      method: 'offline',
      grade: 10,
      final: 10,
      counted: 'computed',
      recall: 1,
      penalty: 0,
      figures: { total: 13, present: 13, partly: 0, missing: 0, extra: 0, handIn: 13 },
    });
    expect(result.explanation).toBe(
      '10 / 10: 13 of 13 solution elements present, 0 partly present (half each), 0 extra elements not in the solution (a quarter each taken off).',
    );
    expect(result.notes[0]).toBe(GRADING_TEXTS.offlineMethod(60, 34));
    expect(result.notes).toContain(GRADING_TEXTS.feedbackOffline);
    expect(result.feedback).toBeUndefined();
  });

  it('grades an empty hand-in 0, every element missing', () => {
    for (const empty of ['', '   \n\n', 'classDiagram']) {
      const result = grade(empty);
      expect(result).toMatchObject({ grade: 0, figures: { handIn: 0, extra: 0 } });
      expect(result.elements.every((e) => e.status === 'missing' && e.evidence === undefined)).toBe(true);
    }
  });

  it('reads the hand-in with the solution’s parser, whatever its names’ style, and quotes its evidence', () => {
    const result = grade(`classDiagram
      class Member {
        +card_number: string
        +Email
      }
      Member "1" --> "*" Booking : makes`);
    expect(status(result, 'Member.cardNumber')).toMatchObject({
      status: 'present',
      evidence: 'Member.card_number',
    });
    expect(status(result, 'Member.email').status).toBe('present');
    // "*" and "0..*" are the same multiplicity.
    expect(status(result, 'Member "1" --> "0..*" Booking : makes').status).toBe('present');
    expect(status(result, 'Room').status).toBe('missing');
  });

  it('matches a diagram’s elements one to one: one hand-in class stands for one solution class', () => {
    const onlySub = grade('classDiagram\n class StudyRoom');
    expect(status(onlySub, 'StudyRoom').status).toBe('present');
    expect(status(onlySub, 'Room').status).toBe('missing');
    const both = grade('classDiagram\n class StudyRoom\n class Room');
    expect(status(both, 'Room').evidence).toBe('Room');
    expect(status(both, 'StudyRoom').evidence).toBe('StudyRoom');
  });

  it('counts an attribute under another class as partly present, and says where it is', () => {
    const result = grade('classDiagram\n class Librarian {\n  email\n }');
    expect(status(result, 'Member.email')).toMatchObject({
      status: 'partly',
      note: 'found under Librarian',
      evidence: 'Librarian.email',
    });
  });

  it('never takes a class’s name alone for one of its attributes', () => {
    const result = grade('classDiagram\n class Member {\n  nickname\n }');
    expect(status(result, 'Member').status).toBe('present');
    expect(status(result, 'Member.email').status).toBe('missing');
    expect(result.extra).toEqual([{ kind: 'attribute', label: 'Member.nickname', parent: 'Member' }]);
  });

  it('counts a relationship of another kind, direction, multiplicity or other classes as partly present', () => {
    const cases: [string, string, string][] = [
      ['StudyRoom is a Room', 'StudyRoom --> Room', GRADING_TEXTS.otherLink],
      ['StudyRoom is a Room', 'StudyRoom <|-- Room', GRADING_TEXTS.otherDirection],
      [
        'Member "1" --> "0..*" Booking : makes',
        'Booking "1" <-- "1..*" Member : makes',
        GRADING_TEXTS.otherMultiplicity('Booking 1, Member 1..*'),
      ],
      ['Member "1" --> "0..*" Booking : makes', 'Librarian --> Booking : makes', GRADING_TEXTS.otherClasses],
    ];
    for (const [label, handIn, note] of cases) {
      expect(status(grade(`classDiagram\n ${handIn}`), label), handIn).toMatchObject({
        status: 'partly',
        note,
      });
    }
    // Written the other way round, an association with the same multiplicities is the same.
    const flipped = grade('classDiagram\n Booking "0..*" <-- "1" Member : makes');
    expect(status(flipped, 'Member "1" --> "0..*" Booking : makes').status).toBe('present');
    // Multiplicities left out are not wrong; an association between other classes is not this one.
    const bare = grade('classDiagram\n Member --> Booking : makes\n Librarian --> Room');
    expect(status(bare, 'Member "1" --> "0..*" Booking : makes').status).toBe('present');
    expect(status(bare, 'Booking "0..*" --> "1" Room : for').status).toBe('missing');
  });

  it('takes an ER diagram for a class diagram: the same kinds of elements', () => {
    const result = grade(`erDiagram
      MEMBER ||--o{ BOOKING : makes
      MEMBER {
        string card_number
      }`);
    expect(status(result, 'Member').status).toBe('present');
    expect(status(result, 'Member.cardNumber').status).toBe('present');
    expect(status(result, 'Member "1" --> "0..*" Booking : makes').status).toBe('present');
  });

  it('takes off a quarter of an element for each extra one, never going below 0', () => {
    const half =
      'classDiagram\n class Member\n class Room\n class Booking\n class Librarian\n class StudyRoom';
    const base = grade(half);
    expect(base.figures).toMatchObject({ present: 5, extra: 0 });
    const padded = grade(`${half}\n class Author\n class Shelf\n class Loan\n class Fine`);
    expect(padded.figures).toMatchObject({ present: 5, extra: 4 });
    expect(padded.extra.map((e) => e.label)).toEqual(['Author', 'Shelf', 'Loan', 'Fine']);
    expect(padded.penalty).toBeCloseTo((0.25 * 4) / 13, 3);
    expect(padded.grade).toBe(Math.round(10 * (5 / 13 - 1 / 13) * 10) / 10);
    expect(padded.grade).toBeLessThan(base.grade);
    const junk = Array.from(
      { length: 80 },
      (_, i) => `  class Junk${String.fromCharCode(97 + (i % 26))}${i}`,
    );
    expect(grade(`${half}\n${junk.join('\n')}`).grade).toBe(0);
  });

  it('grades by the formula: recall, half for partly, a quarter off per extra', () => {
    expect(gradeOf({ present: 6, partly: 2, extra: 4, total: 10 })).toEqual({
      recall: 0.7,
      penalty: 0.1,
      grade: 6,
    });
    expect(gradeOf({ present: 0, partly: 0, extra: 0, total: 0 })).toEqual({
      recall: 0,
      penalty: 0,
      grade: 0,
    });
  });

  it('compares a hand-in that is not in its format as sentences, and says so', () => {
    const result = grade('Members have a card number and an email. Rooms have a capacity.');
    expect(result.notes).toContain(GRADING_TEXTS.handInFallback('mermaid'));
    expect(status(result, 'Member.cardNumber').status).toBe('present');
    expect(status(result, 'Room.capacity').status).toBe('present');
    // A class named inside a longer sentence is only mentioned there.
    expect(status(result, 'Member')).toMatchObject({ status: 'partly', note: GRADING_TEXTS.onlyMentioned });
  });

  it('compares a hand-in drawn as another kind of diagram as text, and says so', () => {
    const result = grade('flowchart TD\n  M[Member] --> B[Booking]');
    expect(result.notes).toContain(GRADING_TEXTS.otherDiagram);
    expect(status(result, 'Member').status).toBe('present');
  });

  it('reads a hand-in in a code fence as the code', () => {
    expect(grade(`\`\`\`mermaid\n${CLASSES}\n\`\`\``).grade).toBe(10);
  });

  it('grades the first MAX_HAND_IN_CHARS characters of a very long hand-in, and says so', () => {
    const result = grade(`${CLASSES}\n%% ${'x'.repeat(MAX_HAND_IN_CHARS)}`);
    expect(result.grade).toBe(10);
    expect(result.notes).toContain(GRADING_TEXTS.truncatedHandIn('100,000'));
  });

  it('gives 0 when the solution has no elements, and says why', () => {
    const result = grade('Anything at all.', '', 'text');
    expect(result).toMatchObject({ grade: 0, figures: { total: 0 } });
    expect(result.notes).toContain(GRADING_TEXTS.noElements);
  });
});

const REQUIREMENTS = `system: Appointment reminder service
actors:
  - patient
  - receptionist
requirements:
  - id: FR1
    text: Send a first reminder two days before each appointment.
  - id: FR2
    text: Send reminders for patients under 16 to their parent or guardian.
constraints:
  - id: C1
    text: No messages between 21:00 and 08:00.`;

describe('structured and prose hand-ins', () => {
  const yaml = (handIn: string) => grade(handIn, REQUIREMENTS, 'yaml');

  it('reads an entry with its keys: the student wrote them', () => {
    const result = yaml(`system: appointment reminder service
reminders:
  first: 48 hours before the appointment
quiet_hours: no messages between 9 pm and 8 am`);
    expect(
      status(result, 'requirements[FR1].text: Send a first reminder two days before each appointment.'),
    ).toMatchObject({
      status: 'present',
      evidence: 'reminders.first: 48 hours before the appointment',
    });
    expect(status(result, 'constraints[C1].text: No messages between 21:00 and 08:00.').status).toBe(
      'present',
    );
    expect(status(result, 'system: Appointment reminder service').status).toBe('present');
  });

  it('reads a key with spaces in it as the student wrote it', () => {
    const rules = 'rules:\n  max hours: 3\n  days ahead: 14';
    expect(grade(rules, rules, 'yaml')).toMatchObject({ grade: 10, figures: { present: 2 } });
  });

  it('counts another time, duration or number as partly present', () => {
    const result = yaml(`requirements:
  - Send a first reminder one day before each appointment.
  - Send reminders for patients under 18 to their parent or guardian.`);
    for (const label of [
      'requirements[FR1].text: Send a first reminder two days before each appointment.',
      'requirements[FR2].text: Send reminders for patients under 16 to their parent or guardian.',
    ]) {
      expect(status(result, label)).toMatchObject({ status: 'partly', note: GRADING_TEXTS.otherValue });
    }
  });

  it('counts a name only mentioned in a longer statement as partly present', () => {
    const result = yaml(`actors: [receptionist]
requirements:
  - The patient gets a reminder two days before each appointment.`);
    expect(status(result, 'actors[1]: receptionist').status).toBe('present');
    expect(status(result, 'actors[0]: patient')).toMatchObject({
      status: 'partly',
      note: GRADING_TEXTS.onlyMentioned,
    });
  });

  it('lets one sentence of prose state several elements', () => {
    const result = grade(
      'A stapler, made of metal and plastic, that joins sheets of paper.',
      'A stapler. It is made of metal and plastic. It joins sheets of paper.',
      'text',
    );
    expect(result.figures).toMatchObject({ total: 3, present: 3, extra: 0 });
    // Two sentences saying the same are not extra, whichever one the element was found in.
    const twice = grade('A stapler. It is a stapler.', 'A stapler.', 'text');
    expect(twice.figures).toMatchObject({ present: 1, extra: 0, handIn: 2 });
  });

  it('meets a synonym through the lexicon, as reveal tracking does', () => {
    const lexicon: Lexicon = {
      ...NO_LEXICON,
      related: (word) => new Set(word === 'patron' ? ['member'] : []),
    };
    const handIn = 'classDiagram\n class Patron';
    expect(status(grade(handIn), 'Member').status).toBe('missing');
    expect(status(grade(handIn, CLASSES, 'mermaid', lexicon), 'Member').status).toBe('present');
  });
});

describe('an instructor’s override', () => {
  const computed = grade('classDiagram\n class Member\n class Room');
  const at = '2025-03-01T10:00:00.000Z';

  it('keeps both grades and says that the override counts', () => {
    const overridden = applyOverride(
      computed,
      { grade: 7.5, comment: 'Good reasoning in the notes.' },
      { by: 'teacher@leia.local', at: new Date(at) },
    );
    expect(handInGradeSchema.parse(overridden)).toEqual(overridden);
    expect(overridden).toMatchObject({
      grade: computed.grade,
      counted: 'override',
      final: 7.5,
      override: { grade: 7.5, comment: 'Good reasoning in the notes.', by: 'teacher@leia.local', at },
    });
    expect(overridden.elements).toEqual(computed.elements);
    expect(computed.override).toBeUndefined();
  });

  it('counts a grade of 0 as a grade', () => {
    const zero = applyOverride(computed, { grade: 0, comment: 'Copied.' }, { by: 't', at });
    expect(zero).toMatchObject({ counted: 'override', final: 0 });
  });

  it('can be withdrawn, and survives grading again', () => {
    const overridden = applyOverride(computed, { grade: 9, comment: 'Oral exam.' }, { by: 't', at });
    expect(clearOverride(overridden)).toEqual(computed);
    const again = keepOverride(overridden, grade(CLASSES));
    expect(again).toMatchObject({ grade: 10, counted: 'override', final: 9 });
    expect(keepOverride(computed, grade(CLASSES))).toMatchObject({ counted: 'computed', final: 10 });
  });

  it('refuses what is not a grade from 0 to 10 with one decimal, or no reason, naming what is wrong', () => {
    const attempt = (body: unknown) => () =>
      applyOverride(computed, body as { grade: number; comment: string }, { by: 't', at });
    expect(attempt({ grade: 11, comment: 'x' })).toThrow(GRADING_TEXTS.gradeRange);
    expect(attempt({ grade: -1, comment: 'x' })).toThrow(GRADING_TEXTS.gradeRange);
    expect(attempt({ grade: 95, comment: 'x' })).toThrow(GRADING_TEXTS.gradeRange);
    expect(attempt({ grade: 7.25, comment: 'x' })).toThrow(GRADING_TEXTS.gradeDecimals);
    expect(attempt({ grade: '7', comment: 'x' })).toThrow(GRADING_TEXTS.gradeRange);
    expect(attempt({ grade: 7, comment: '   ' })).toThrow(GRADING_TEXTS.commentRequired);
    expect(attempt({ grade: 7 })).toThrow(GRADING_TEXTS.commentRequired);
    expect(attempt({ grade: 7, comment: 'x'.repeat(2001) })).toThrow(GRADING_TEXTS.commentTooLong);
  });

  it('is a result whose counted grade is consistent, or the schema refuses it', () => {
    expect(handInGradeSchema.safeParse({ ...computed, counted: 'override' }).success).toBe(false);
    expect(handInGradeSchema.safeParse({ ...computed, final: 9 }).success).toBe(false);
    expect(handInGradeSchema.safeParse({ ...computed, grade: 10.5, final: 10.5 }).success).toBe(false);
  });
});

describe('flowcharts and sequence diagrams', () => {
  it('count an edge or a message from another node as partly present', () => {
    const flow = 'flowchart TD\n  Order[Receive order] --> Check[Check stock]\n  Check --> Pack[Pack crates]';
    const result = grade('flowchart TD\n  Bake[Bake bread] --> Check[Check stock]', flow);
    expect(status(result, 'Receive order → Check stock')).toMatchObject({
      status: 'partly',
      note: GRADING_TEXTS.startsFrom('Bake bread'),
    });
    const sequence = 'sequenceDiagram\n  Customer->>Shop: order\n  Shop->>Customer: invoice';
    expect(grade(sequence, sequence).grade).toBe(10);
  });
});
