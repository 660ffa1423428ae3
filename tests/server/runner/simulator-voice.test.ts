import type { ResolvedLeia } from '@server/runner/provider';
import { specText } from '@server/runner/provider';
import { spokenSentences } from '@server/runner/simulator/knowledge';
import { describePersonality, selfIntroduction } from '@server/runner/simulator/self';
import { toFirstPerson, type Voice } from '@server/runner/simulator/voice';
import { loadCatalogueLeias } from './catalogue-leias';

/** The persona's voice: pronoun rewriting, verb agreement, and how the persona speaks about itself. */

describe('toFirstPerson', () => {
  const she: Voice = {
    language: 'en',
    firstName: 'Ana',
    fullName: 'Ana García',
    subject: 'she',
    object: 'her',
    possessiveAdjective: 'her',
    possessivePronoun: 'hers',
    pronouns: true,
    secondPerson: true,
  };
  const they: Voice = {
    ...she,
    firstName: 'Sam',
    fullName: 'Sam Lee',
    subject: 'they',
    object: 'them',
    possessiveAdjective: 'their',
    possessivePronoun: 'theirs',
  };

  it.each([
    [she, 'Ana García runs a small bakery.', 'I run a small bakery.'],
    [she, 'She is 45 and has two kids.', 'I am 45 and have two kids.'],
    [she, 'Her customers often call her by phone.', 'My customers often call me by phone.'],
    [she, 'She also watches the orders herself.', 'I also watch the orders myself.'],
    [she, "Customers love Ana's cakes; the recipe is hers.", 'Customers love my cakes; the recipe is mine.'],
    [she, "She's been baking for years.", "I've been baking for years."],
    [she, 'You are the owner and your staff trusts you.', 'I am the owner and my staff trusts me.'],
    [she, "She doesn't like computers.", "I don't like computers."],
    [they, 'They are a teacher and they work from home.', 'I am a teacher and I work from home.'],
    [they, 'Their students pay them late.', 'My students pay me late.'],
    [{ ...she, pronouns: false }, 'She called Ana yesterday.', 'She called me yesterday.'],
    // Verbs that share the subject: after and/but/or, after a comma, after an adverb.
    [
      she,
      'Ana takes many orders personally and knows every exception by heart.',
      'I take many orders personally and know every exception by heart.',
    ],
    [she, 'Ana co-owns the bakery and runs operations.', 'I co-own the bakery and run operations.'],
    [
      she,
      'She starts early, answers the calls and keeps the books.',
      'I start early, answer the calls and keep the books.',
    ],
    [
      she,
      'She trained as a nurse and now looks after the rota.',
      'I trained as a nurse and now look after the rota.',
    ],
    [she, 'She sings in a choir and grows tomatoes.', 'I sing in a choir and grow tomatoes.'],
    // Plural nouns in a list are not verbs; a new subject ends the persona's clause.
    [she, 'She bakes bread and pastries for cafés.', 'I bake bread and pastries for cafés.'],
    [
      she,
      'She takes the orders, and the assistant types them and files them.',
      'I take the orders, and the assistant types them and files them.',
    ],
    [
      { ...she, pronouns: false },
      'The clinic runs late because the nurse checks every form.',
      'The clinic runs late because the nurse checks every form.',
    ],
    // A relative clause about the persona gets its own I.
    [
      { ...she, pronouns: false },
      'When a product runs short they call Ana, who decides who gets less and phones them.',
      'When a product runs short they call me, and I decide who gets less and phone them.',
    ],
  ] as const)('%#: %s', (voice, sentence, expected) => {
    expect(toFirstPerson(sentence, voice)).toBe(expected);
  });
});

describe('the persona speaks about itself', () => {
  const voice: Voice = {
    language: 'en',
    firstName: 'Ana',
    fullName: 'Ana García',
    subject: 'she',
    object: 'her',
    possessiveAdjective: 'her',
    possessivePronoun: 'hers',
    pronouns: true,
    secondPerson: false,
  };

  it.each([
    [
      'Nurse manager at Northgate Family Clinic, 41.',
      "I'm the nurse manager at Northgate Family Clinic, and I'm 41.",
    ],
    [
      'Drama teacher, 33, who runs the chess club and hosts the quiz.',
      "I'm a drama teacher, and I'm 33. I run the chess club and host the quiz.",
    ],
  ])('introduces a label with an age in the first person: %s', (sentence, expected) => {
    expect(selfIntroduction(sentence, voice)).toBe(expected);
  });

  it('introduces a role without an age when the label has no verb', () => {
    expect(selfIntroduction('Owner of a small bakery', voice)).toBe("I'm the owner of a small bakery.");
  });

  it.each([
    'She runs a bakery, 20 metres from the station.',
    'Runs a bakery in Seville.',
    'Friendly and calm.',
    'Ana García, 45.',
  ])('leaves any other sentence to the pronoun rewriting: %s', (sentence) => {
    expect(selfIntroduction(sentence, voice)).toBeUndefined();
  });

  it.each([
    [
      'energetic, talkative, tells stories instead of giving numbers, dislikes paperwork, proud of her bread',
      "I'm energetic, talkative and proud of my bread. I tell stories instead of giving numbers and dislike paperwork.",
    ],
    ['courteous, dry sense of humour', "I'm courteous. I have a dry sense of humour."],
    [
      'Friendly and talkative, but she gets nervous with computers.',
      "I'm friendly and talkative, but I get nervous with computers.",
    ],
  ])('tells the traits "%s" as the persona would', (traits, expected) => {
    expect(describePersonality(traits, voice)).toBe(expected);
  });
});

/**
 * Every catalogue sentence that speaks about the persona, and how the persona says it. A new
 * catalogue text that mentions its persona needs its line here: the test below fails until it has one.
 */
const CATALOGUE_SENTENCES: Record<string, string> = {
  'Co-owner and operations manager of Mendoza & Daughters Bakery, 47.':
    "I'm the co-owner and operations manager of Mendoza & Daughters Bakery, and I'm 47.",
  'He took over the family bakery from his father fifteen years ago and turned one shop into a wholesale business that supplies caf\u00e9s, hotels and delicatessens across the city.':
    'I took over the family bakery from my father fifteen years ago and turned one shop into a wholesale business that supplies caf\u00e9s, hotels and delicatessens across the city.',
  "He still starts most days at half past four next to the packing tables, answers customers' calls from his mobile and keeps much of the business in his head.":
    "I still start most days at half past four next to the packing tables, answer customers' calls from my mobile and keep much of the business in my head.",
  'Carlos co-owns the bakery and runs operations: the night bake, the vans and the wholesale customers.':
    'I co-own the bakery and run operations: the night bake, the vans and the wholesale customers.',
  'Carlos takes many orders personally and knows every exception by heart, but almost nothing is written down, and the bakery cannot take on new customers until the process is clearer.':
    'I take many orders personally and know every exception by heart, but almost nothing is written down, and the bakery cannot take on new customers until the process is clearer.',
  'The office assistant types every order into a shared spreadsheet; an order that arrives after 2 pm is accepted for the next morning only if Carlos agrees, otherwise it moves to the day after and the customer is told.':
    'The office assistant types every order into a shared spreadsheet; an order that arrives after 2 pm is accepted for the next morning only if I agree, otherwise it moves to the day after and the customer is told.',
  "From 5 am the packers fill each customer's labelled crates against a printed delivery note; when a product runs short they call Carlos, who decides who gets less (usually the newest customers) and phones them before the vans leave.":
    "From 5 am the packers fill each customer's labelled crates against a printed delivery note; when a product runs short they call me, and I decide who gets less (usually the newest customers) and phone them before the vans leave.",
  'energetic, talkative, tells stories instead of giving numbers, generous with long-standing customers, dislikes paperwork, proud of the bread':
    "I'm energetic, talkative, generous with long-standing customers and proud of the bread. I tell stories instead of giving numbers and dislike paperwork.",
  'Nurse manager at Northgate Family Clinic, 41.':
    "I'm the nurse manager at Northgate Family Clinic, and I'm 41.",
  'She trained as a practice nurse, moved into management six years ago and now looks after the appointment book, the nursing rota and the reception team.':
    'I trained as a practice nurse, moved into management six years ago and now look after the appointment book, the nursing rota and the reception team.',
  'She still runs the Tuesday vaccination clinic because she enjoys seeing patients.':
    'I still run the Tuesday vaccination clinic because I enjoy seeing patients.',
  'She has sat through several software demonstrations that promised more than they delivered.':
    'I have sat through several software demonstrations that promised more than they delivered.',
  'In this interview she speaks for the whole clinic, not only for the nursing team, and the director expects her to bring back a clear list of what the service must do.':
    'In this interview I speak for the whole clinic, not only for the nursing team, and the director expects me to bring back a clear list of what the service must do.',
  'Aisha is the nurse manager at Northgate Family Clinic, a practice with six doctors, four nurses and about 9,000 registered patients.':
    'I am the nurse manager at Northgate Family Clinic, a practice with six doctors, four nurses and about 9,000 registered patients.',
  'The clinic director has asked her to "sort out the no-shows".':
    'The clinic director has asked me to "sort out the no-shows".',
  "calm, organised, careful with patient privacy, precise about numbers, friendly but guarded, slightly sceptical of vendors' promises":
    "I'm calm, organised, careful with patient privacy, precise about numbers, friendly but guarded and slightly sceptical of vendors' promises.",
  'Head librarian of Riverside Public Library, 54.':
    "I'm the head librarian of Riverside Public Library, and I'm 54.",
  'She started at the library as a Saturday assistant in 1995, knows most of the regular members by name and still covers the front desk when someone is off sick.':
    'I started at the library as a Saturday assistant in 1995, know most of the regular members by name and still cover the front desk when someone is off sick.',
  'She reads every complaint herself, keeps the budget in a spreadsheet she built years ago, and is the person the city council calls when library opening hours are discussed.':
    'I read every complaint myself, keep the budget in a spreadsheet I built years ago, and am the person the city council calls when library opening hours are discussed.',
  'Outside work she sings in a choir and grows tomatoes.':
    'Outside work I sing in a choir and grow tomatoes.',
  'Margaret has been head librarian at Riverside Public Library for eleven years.':
    'I have been head librarian at Riverside Public Library for eleven years.',
  'The council has agreed to pay for a booking system, and Margaret chairs the small working group that has to say what it must do.':
    'The council has agreed to pay for a booking system, and I chair the small working group that has to say what it must do.',
  'practical, warm with members, blunt in meetings, proud of her team, impatient with jargon, tells short anecdotes to make a point, wary of new software since the catalogue migration went badly, protective of her front-desk team':
    "I'm practical, warm with members, blunt in meetings, proud of my team, impatient with jargon, wary of new software since the catalogue migration went badly and protective of my front-desk team. I tell short anecdotes to make a point.",
  "Hiroshi is hosting today's round in a relaxed training session and enjoys watching players get sharper with every question.":
    "I am hosting today's round in a relaxed training session and enjoy watching players get sharper with every question.",
  'courteous, methodical, speaks slowly and chooses words carefully, dry sense of humour, sticks to facts, keeps score carefully, enjoys a well-reasoned question more than a lucky guess':
    "I'm courteous and methodical. I speak slowly and choose words carefully, stick to facts, keep score carefully and enjoy a well-reasoned question more than a lucky guess. I have a dry sense of humour.",
  "Secondary-school drama teacher, 33, who runs the school's board-game club on Thursday afternoons and hosts the monthly quiz night at the community centre.":
    "I'm a secondary-school drama teacher, and I'm 33. I run the school's board-game club on Thursday afternoons and host the monthly quiz night at the community centre.",
  "Sam is hosting today's round in a relaxed training session and enjoys watching players get sharper with every question.":
    "I am hosting today's round in a relaxed training session and enjoy watching players get sharper with every question.",
  'playful, quick-witted, encouraging, strict about the rules of a game, loves a dramatic pause, keeps score carefully, enjoys a well-reasoned question more than a lucky guess':
    "I'm playful, quick-witted, encouraging and strict about the rules of a game. I love a dramatic pause, keep score carefully and enjoy a well-reasoned question more than a lucky guess.",
  'Sam likes games that make people think out loud and is good at keeping a room relaxed while still counting every point.':
    'I like games that make people think out loud and am good at keeping a room relaxed while still counting every point.',
  'Sam is hosting a round of the animal game at the end of a workshop and enjoys seeing players move from broad questions to narrow ones.':
    'I am hosting a round of the animal game at the end of a workshop and enjoy seeing players move from broad questions to narrow ones.',
  'playful, quick-witted, encouraging, strict about the rules of a game, loves a dramatic pause':
    "I'm playful, quick-witted, encouraging and strict about the rules of a game. I love a dramatic pause.",
  "Children's librarian at a branch library, 39.":
    "I'm the children's librarian at a branch library, and I'm 39.",
  "She runs the Saturday puzzle club and the summer reading challenge, and writes the riddles for the library's monthly treasure hunt.":
    "I run the Saturday puzzle club and the summer reading challenge, and write the riddles for the library's monthly treasure hunt.",
  "She grew up in her parents' restaurant and can still name the spices in most dishes by smell.":
    "I grew up in my parents' restaurant and can still name the spices in most dishes by smell.",
  'Nadia runs a quick food round at the start of a training day to wake everyone up.':
    'I run a quick food round at the start of a training day to wake everyone up.',
  'cheerful, patient, fair about the rules, quick to laugh, keeps an exact count of everything':
    "I'm cheerful, patient, fair about the rules and quick to laugh. I keep an exact count of everything.",
  'Nadia is hosting the machine round of a training session and enjoys a question that rules out half of the house at once.':
    'I am hosting the machine round of a training session and enjoy a question that rules out half of the house at once.',
  'Laboratory manager of a university chemistry department, 58.':
    "I'm the laboratory manager of a university chemistry department, and I'm 58.",
  'He looks after the shared instruments, the safety training and the consumables budget of nine research groups, and has seen three booking systems come and go.':
    'I look after the shared instruments, the safety training and the consumables budget of nine research groups, and have seen three booking systems come and go.',
  'Students know him as the person who signs off their first solo session on the mass spectrometer.':
    'Students know me as the person who signs off their first solo session on the mass spectrometer.',
  'Hiroshi is hosting a short round of the place game during a break and keeps the pace brisk.':
    'I am hosting a short round of the place game during a break and keep the pace brisk.',
  'courteous, methodical, speaks slowly and chooses words carefully, dry sense of humour, sticks to facts':
    "I'm courteous and methodical. I speak slowly and choose words carefully and stick to facts. I have a dry sense of humour.",
};

describe('the voice on every sentence of the catalogue', async () => {
  const leias = [...(await loadCatalogueLeias())];
  const used = new Set<string>();

  describe.each(leias)('%s', (_name, leia: ResolvedLeia) => {
    const { sentences } = spokenSentences(leia);
    const persona = (key: string) => specText(leia.persona.spec, key);
    const firstName = persona('firstName');
    const pronouns = ['subjectPronoum', 'objectPronoum', 'possesiveAdjective', 'possesivePronoum']
      .map(persona)
      .filter(Boolean);

    it('says each sentence about the persona as written above, and changes no other sentence', () => {
      for (const { kind, written, said } of sentences) {
        if (kind === 'name') continue;
        const expected = CATALOGUE_SENTENCES[written];
        if (expected !== undefined) used.add(written);
        expect(said, written).toBe(expected ?? written);
      }
    });

    it('never names the persona, or refers to them by their pronouns, in the third person', () => {
      for (const { kind, said } of sentences) {
        if (kind === 'name') continue;
        expect(said).not.toMatch(new RegExp(`\\b${firstName}\\b`));
        // The problem's texts may speak of other people as "they"; the persona's own may not.
        if (kind === 'persona' || kind === 'background' || kind === 'personality')
          for (const pronoun of pronouns) expect(said, said).not.toMatch(new RegExp(`\\b${pronoun}\\b`, 'i'));
      }
    });

    it('agrees every verb with I', () => {
      for (const { said } of sentences) {
        // "I runs", "I is", "I also has": a third-person verb right after I (past one adverb).
        for (const [, verb] of said.matchAll(
          /\bI (?:(?:also|always|still|now|often|never|usually|only|just) )?([\w'-]+)/g,
        ))
          expect(verb === 'was' || !/(?:[^su']s|^is|^has|^does)$/.test(verb ?? ''), said).toBe(true);
        expect(said).not.toMatch(/\b(me|I), who\b/);
        expect(said).not.toMatch(
          /\bI\b[^.;:]*\b(and|but|or) (knows|runs|phones|grows|looks|keeps|covers|has|is)\b/,
        );
      }
    });
  });

  it('has no line above that the catalogue no longer has', () => {
    expect(Object.keys(CATALOGUE_SENTENCES).filter((written) => !used.has(written))).toEqual([]);
  });
});
