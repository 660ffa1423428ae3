import { leiaTurns } from '@shared/evaluation/conversation';
import { solutionElements } from '@shared/evaluation/elements';
import { evaluateOffline } from '@shared/evaluation/report';
import { REVEAL_THRESHOLD, trackReveals } from '@shared/evaluation/reveal';
import { evaluationReportSchema } from '@shared/schemas/evaluation';

const SOLUTION = `classDiagram
  class Venue {
    String name
  }
  class SeatingZone {
    int capacity
  }
  class Ticket
  Venue "1" *-- "1..*" SeatingZone : has
  Ticket "0..*" --> "1" SeatingZone : for`;

/** Interviewer and LEIA in turn; the LEIA's replies are turns 1, 2, 3... */
const chat = (...pairs: [string, string][]) =>
  pairs.flatMap(([question, reply]) => [
    { text: question, isLeia: false },
    { text: reply, isLeia: true },
  ]);

const CONVERSATION = chat(
  ['Hello, who are you?', 'Hi, I run the city arena.'],
  ['What do you sell?', 'We sell tickets for concerts.'],
  ['How is the arena organised?', 'The venue is split into seating zones, each with its own capacity.'],
  ['Does every venue have a name?', 'Yes.'],
);

describe('offline reveal tracking', () => {
  const report = evaluateOffline({ solution: SOLUTION, solutionFormat: 'mermaid', messages: CONVERSATION });
  const element = (label: string) => report.elements.find((e) => e.label === label)!;

  it('reports each element at the turn that first revealed it', () => {
    expect(element('Ticket')).toMatchObject({
      status: 'revealed',
      turn: 2,
      evidence: 'We sell tickets for concerts.',
    });
    expect(element('SeatingZone')).toMatchObject({ status: 'revealed', turn: 3 });
    expect(element('SeatingZone.capacity')).toMatchObject({ status: 'revealed', turn: 3 });
    expect(element('Venue "1" *-- "1..*" SeatingZone : has')).toMatchObject({ status: 'revealed', turn: 3 });
  });

  it('counts a question the LEIA agrees to as revealed by that reply', () => {
    expect(element('Venue.name')).toMatchObject({ status: 'revealed', turn: 4 });
    expect(element('Venue.name').evidence).toBe('Does every venue have a name?');
  });

  it('marks an element partly revealed when a reply carries some of its words', () => {
    // Tickets are named in turn 2 and seating zones in turn 3: no one reply states it.
    expect(element('Ticket "0..*" --> "1" SeatingZone : for')).toMatchObject({ status: 'partly', turn: 2 });
    const partly = evaluateOffline({
      solution: 'Members book study rooms for at most three hours.',
      solutionFormat: 'text',
      messages: chat(['Who books?', 'Our members book rooms.']),
    });
    expect(partly.elements[0]).toMatchObject({ status: 'partly', turn: 1 });
    expect(partly.coverage).toMatchObject({ revealed: 0, partly: 1, total: 1 });
  });

  it('matches "SeatingZone" in "seating zones", and needs one reply to carry the words', () => {
    const elements = solutionElements('classDiagram\n class SeatingZone', 'mermaid');
    const reveal = (...replies: string[]) =>
      trackReveals(
        elements,
        leiaTurns(
          replies.flatMap((text) => [
            { text: '?', isLeia: false },
            { text, isLeia: true },
          ]),
        ),
      )[0];
    expect(reveal('There are three seating zones.')).toMatchObject({ status: 'revealed', turn: 1, match: 1 });
    expect(reveal('We have seats.', 'Each zone is coloured.')).toMatchObject({ status: 'partly', turn: 1 });
    expect(REVEAL_THRESHOLD).toBe(0.6);
  });

  it('draws the coverage curve from turn 0 and finds when half was revealed', () => {
    expect(report.curve.turn).toEqual([0, 1, 2, 3, 4]);
    expect(report.curve.revealed).toEqual([0, 0, 1, 5, 6]);
    expect(report.curve.coverage.at(-1)).toBe(report.coverage.ratio);
    expect(report.coverage).toMatchObject({ revealed: 6, partly: 1, total: 7, ratio: 0.857 });
    expect(report.halfTurn).toBe(3);
  });

  it('is a valid report that says how it was made', () => {
    expect(evaluationReportSchema.parse(report)).toEqual(report);
    expect(report.method).toBe('offline');
    expect(report.leaks.unprompted).toBeNull();
    expect(report.interviewer.comments).toBeNull();
    expect(report.notes[0]).toContain('at least 60% of its key words');
  });
});

describe('verbatim leaks', () => {
  const solution =
    'A member can hold study rooms for at most three hours a day and book at most fourteen days ahead.';

  it('flags a reply holding 8 consecutive words of the solution, at its turn, quoting the solution', () => {
    const report = evaluateOffline({
      solution,
      solutionFormat: 'text',
      messages: chat(
        ['Rules?', 'There are some rules about rooms.'],
        ['Which?', 'Well: a Member can hold study rooms, for at most three hours a day. That is all.'],
      ),
    });
    expect(report.leaks.verbatim).toEqual([
      {
        turn: 2,
        kind: 'words',
        words: 13,
        excerpt: 'A member can hold study rooms for at most three hours a day',
      },
    ]);
  });

  it('does not flag seven words', () => {
    const report = evaluateOffline({
      solution,
      solutionFormat: 'text',
      // "can hold study rooms for at most" is seven words of it.
      messages: chat(['Rules?', 'You can hold study rooms for at most two hours.']),
    });
    expect(report.leaks.verbatim).toEqual([]);
  });

  it('flags two consecutive lines of the solution pasted into a reply', () => {
    const diagram = 'classDiagram\n  class Room {\n    int capacity\n  }\n  class Hall';
    const report = evaluateOffline({
      solution: diagram,
      solutionFormat: 'mermaid',
      messages: chat(['Show me', 'Here:\nclass Room {\nint   capacity\nthat is it']),
    });
    expect(report.leaks.verbatim).toEqual([
      { turn: 1, kind: 'lines', words: 4, excerpt: 'class Room {\nint capacity' },
    ]);
  });
});

describe('the interviewer and the score', () => {
  it('counts questions, open and closed, follow-ups and summaries', () => {
    const report = evaluateOffline({
      solution: 'Members book rooms.',
      solutionFormat: 'text',
      messages: chat(
        ['Hello! What does your library do?', 'We lend books and rent study rooms.'],
        ['You mentioned study rooms. How are they booked today?', 'On paper at the desk.'],
        ['Is it busy? How many rooms are there?', 'Four rooms, busy in exams.'],
        ['To summarise: four study rooms, booked on paper at the desk. Is that right?', 'Yes.'],
        ['Tell me about members.', 'Members have a card.'],
      ),
    });
    expect(report.interviewer).toEqual({
      messages: 5,
      questions: 6,
      open: 3,
      closed: 3,
      openShare: 0.5,
      followUps: 1,
      summaries: 1,
      comments: null,
    });
  });

  it('explains the 0-10 score by the figures it is made of', () => {
    const report = evaluateOffline({ solution: SOLUTION, solutionFormat: 'mermaid', messages: CONVERSATION });
    const { score } = report;
    expect(score.parts.map((part) => part.key)).toEqual(['coverage', 'open', 'followUps', 'summaries']);
    expect(score.parts.reduce((sum, part) => sum + part.max, 0)).toBe(10);
    expect(score.parts[0]).toMatchObject({
      points: 5.1,
      max: 6,
      detail: '86% of the solution revealed (6 of 7 elements)',
    });
    expect(score.value).toBeCloseTo(
      score.parts.reduce((sum, part) => sum + part.points, 0),
      5,
    );
    expect(score.explanation).toMatch(/^\d+(\.\d)? \/ 10 = solution revealed 5\.1 of 6/);
  });

  it('gives 0 to a conversation that revealed nothing and asked nothing', () => {
    const report = evaluateOffline({
      solution: 'Members book rooms.',
      solutionFormat: 'text',
      messages: [{ text: 'Hello there.', isLeia: true }],
    });
    expect(report.score.value).toBe(0);
    expect(report.interviewer.openShare).toBeNull();
    expect(report.halfTurn).toBeNull();
  });
});
