import { serverLexicon } from '@server/lexicon';
import { simulateReply } from '@server/runner/simulator';
import { askedFor, clauseKinds, valueWords } from '@server/runner/simulator/answer-kinds';
import { LINK, WordLinks } from '@server/runner/simulator/word-links';
import { loadCatalogueLeias } from './catalogue-leias';

/**
 * The parts the offline simulator answers interview questions with: what a question asks for,
 * what a clause gives, and how a question's words meet the texts' words through WordNet.
 */

describe('what a question asks for', () => {
  it('reads the kind of fact from how the question is asked, and drops the words that only say so', () => {
    expect(askedFor('What is the deadline for ordering?')).toMatchObject({
      kinds: new Set(['time', 'limit']),
      rest: expect.not.stringContaining('deadline'),
    });
    expect([...askedFor('How big is the clinic?').kinds]).toEqual(['count']);
    expect([...askedFor('Who sends the bills?').kinds]).toEqual(['person']);
    expect([...askedFor('Where are orders recorded?').kinds]).toEqual(['place']);
    expect([...askedFor('Is there a second reminder?').kinds].sort()).toEqual(['frequency', 'time']);
    expect([...askedFor('What details do you keep about members?').kinds]).toEqual(['attribute']);
    expect(askedFor('Tell me about the standing orders.').kinds.size).toBe(0);
    // A part of a whole is a count ("85% of patients"); rules about a thing are its limits.
    expect([...askedFor('What proportion of patients have a mobile?').kinds]).toEqual(['count']);
    expect([...askedFor('What share of customers have standing orders?').kinds]).toEqual(['count']);
    expect([...askedFor('Are there any rules about patient records?').kinds]).toEqual(['limit']);
  });

  it('keeps the words of a cue the texts may use, as framing ("capacity", "in advance")', () => {
    const asked = askedFor('How far in advance can people book?');
    expect([...asked.kinds]).toEqual(['duration']);
    expect([...asked.framing]).toEqual(['in advance']);
    expect(asked.rest).toContain('in advance');
  });
});

describe('what a clause gives', () => {
  it('a count of things, not an age or a time', () => {
    expect(clauseKinds('a practice with six doctors, four nurses and about 9,000 patients')).toContain(
      'count',
    );
    expect(clauseKinds("I'm the nurse manager, and I'm 41.")).not.toContain('count');
    expect(clauseKinds('At 3 pm the spreadsheet is locked')).not.toContain('count');
  });

  it('a time, a duration, a limit, a place, what a thing has', () => {
    expect([...clauseKinds('Reminders go out two days before the appointment')]).toEqual(
      expect.arrayContaining(['time', 'duration']),
    );
    expect(clauseKinds('The cut-off is 2 pm')).toEqual(new Set(['time', 'limit']));
    expect(clauseKinds('types every order into a shared spreadsheet')).toContain('place');
    expect(clauseKinds('a group has a name and a contact email')).toContain('attribute');
    expect(clauseKinds('with a start and an end time inside opening hours')).toContain('time');
    expect(clauseKinds('the director will not approve anything that copies notes')).toContain('limit');
  });

  it('the parts of the day its times fall in', () => {
    expect(valueWords('never between 9 pm and 8 am')).toEqual(
      expect.arrayContaining(['@t21:00', '@t08:00', 'night', 'morn']),
    );
    expect(valueWords('after 2 pm')).toContain('afternoon');
  });
});

describe('how a question word meets the texts', () => {
  const texts = [
    'Reminders should go out two days before the appointment.',
    'Every Friday the bookkeeper invoices each customer.',
    'When a product runs short they call me.',
    'An unused booking counts as a no-show; the cut-off is 2 pm.',
    'Reminders for patients under 16 go to the parent or guardian on file.',
    'Damaged or refused items are written on the note and brought back.',
    'The service must run without anyone looking after it day to day.',
  ];
  const links = new WordLinks(texts, ['no-show', 'show', 'cut-off', 'cut'], serverLexicon());

  it('by its own forms, its synonyms and one kind up or down', () => {
    expect(links.of('reminders').get('reminder')).toBe(LINK.same);
    expect(links.of('bills').get('invoic')).toBeGreaterThanOrEqual(LINK.otherSense);
    // A reminder is a kind of message; a product is what stock is.
    expect(links.of('messages').get('reminder')).toBe(LINK.kind);
    expect(links.of('stock').get('product')).toBeGreaterThan(0);
  });

  it('a number in words or in figures, and an age by the bound it falls under', () => {
    expect(links.of('sixteen').get('16')).toBe(LINK.same);
    expect(links.of('fourteen-year-old').get('16')).toBe(LINK.related);
    expect(links.of('seventeen-year-old').has('16')).toBe(false);
  });

  it('a state by the similar states of the texts, participles only', () => {
    expect(links.of('broken').get('damag')).toBe(LINK.otherSense);
    expect(links.of('far').size).toBe(0);
  });

  it('never by an adjective\'s loose "similar" words, nor a single word meeting part of a compound', () => {
    expect(links.of('last').size).toBe(0);
    expect(links.of('ignore').has('cut')).toBe(false);
  });

  it('a phrase whole: "turn up" meets the "show" of "no-show"', () => {
    expect(links.phrase('turn', 'up')).toEqual({
      forms: ['turn up', 'turns up', 'turning up', 'turned up'],
      phrasal: true,
    });
    // "look after" meets "looking after it".
    expect(links.phrase('look', 'after')?.forms).toContain('looking after');
    expect(links.of('turn up').get('show')).toBe(LINK.related);
    expect(links.phrase('the', 'bookkeeper')).toBeUndefined();
  });

  it('knows who can answer a "who" question', () => {
    expect(links.isPerson('bookkeeper')).toBe(true);
    expect(links.isPerson('product')).toBe(false);
  });
});

describe('interview answers from the catalogue', () => {
  it('reads "on the day itself" as the day of what is asked about', async () => {
    const leias = await loadCatalogueLeias();
    const clinic = leias.get('Clinic appointment reminders interview')!;
    const reply = simulateReply(clinic, [
      { role: 'user', content: 'Do patients hear from you on the day itself?' },
    ]);
    expect(reply).toContain('on the morning of the appointment');
  });
});
