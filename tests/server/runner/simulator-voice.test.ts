import { toFirstPerson, type Voice } from '@server/runner/simulator/voice';

/** The persona's voice: pronoun rewriting and verb agreement. */

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
