import { serverLexicon } from '@server/lexicon';
import { simulateReply } from '@server/runner/simulator';
import { answerYesNo, judgeGuess } from '@server/runner/simulator/game/answers';
import { readSecret, type Secret } from '@server/runner/simulator/game/secret';
import { loadCatalogueLeias } from './catalogue-leias';

/**
 * Category questions in the guessing games: a kind asked for is a yes only when the secret is one
 * (what the problem says it is, and the kinds the lexicon puts above that), never because the
 * secret is used on, with or near one.
 */

const lexicon = serverLexicon();
const secretOf = (solution: string, category: string): Secret => {
  const secret = readSecret(solution, 'en', { category, categorySentence: `It is ${category}.`, lexicon });
  if (!secret) throw new Error('no secret read');
  return secret;
};

const stapler = secretOf(
  'A stapler. It is made mostly of metal and plastic, fits in one hand, is used on a desk, joins sheets of paper with small metal staples, works without electricity or batteries, is usually black, grey or red, and costs less than twenty euros.',
  'an everyday object found in most homes and offices',
);
const washer = secretOf(
  'A washing machine. It is a large electrical appliance, runs on mains electricity, washes clothes and towels with water and detergent, is usually kept in a kitchen, bathroom or utility room, and costs more than two hundred euros.',
  'a machine found in most homes',
);
const pizza = secretOf(
  'A pizza. It is a flat round bread baked in a very hot oven, is topped with tomato sauce and cheese, comes from Italy, and is eaten hot.',
  'a food',
);

describe('category questions in the games', () => {
  it('says no to a kind the secret is only used on or with', () => {
    expect(answerYesNo(stapler, 'is it furniture?').kind).toBe('no');
    expect(judgeGuess(stapler, 'a desk')).toBe('wrong');
    // What it is used on is still a yes when asked as such.
    expect(answerYesNo(stapler, 'is it used on a desk?').kind).toBe('yes');
    expect(answerYesNo(stapler, 'is it metal?').kind).toBe('yes');
  });

  it('reads a compound kind by its last word and what the problem says of its first', () => {
    expect(judgeGuess(washer, 'an electric appliance')).toBe('kind');
    expect(judgeGuess(washer, 'electrical equipment')).toBe('kind');
    expect(judgeGuess(washer, 'a cooking appliance')).toBe('wrong');
    expect(judgeGuess(stapler, 'electrical equipment')).toBe('wrong');
    // "Natural": not an artifact in the lexicon; a word of lack: its root denied.
    expect(judgeGuess(stapler, 'a natural object')).toBe('wrong');
    expect(judgeGuess(pizza, 'a meatless dish')).toBe('wrong');
  });

  it("answers the host's players so (catalogue games)", async () => {
    const leias = await loadCatalogueLeias();
    const ask = (name: string, question: string) =>
      simulateReply(leias.get(name)!, [{ role: 'user', content: question }]);
    expect(ask('Mystery object game with Sam', 'Is it furniture?')).toMatch(/^No\b/);
    expect(ask('Mystery object game with Sam', 'Is it a piece of office equipment?')).toMatch(/^Yes\b/);
    expect(ask('Mystery machine game with Nadia', 'Is it a device?')).toMatch(/^Yes\b/);
    expect(ask('Mystery machine game with Nadia', 'Is it a dryer?')).toMatch(/^No\b/);
    expect(ask('Mystery place game with Hiroshi', 'Is it a natural place?')).toMatch(/^Yes\b/);
    expect(ask('Mystery animal game with Sam', 'Is it a flightless bird?')).toMatch(/^Yes\b/);
    expect(ask('Mystery animal game with Sam', 'Is it a featherless bird?')).toMatch(/^No\b/);
    expect(ask('Mystery animal game with Sam', 'Does it live by the ocean?')).toMatch(/^Yes\b/);
  });

  it('says yes to the kinds above what the problem says it is', () => {
    // "a large electrical appliance": an appliance is a device.
    expect(judgeGuess(washer, 'a device')).toBe('kind');
    // "a flat round bread baked in a very hot oven": a bread, whatever it is baked in.
    expect(judgeGuess(pizza, 'bread')).toBe('kind');
    expect(judgeGuess(pizza, 'cake')).toBe('wrong');
  });

  it('takes a sibling with few kinds of its own for a guess, not a kind', () => {
    // A dryer is "an appliance that removes moisture", as a washing machine is one for washing.
    expect(judgeGuess(washer, 'dryer')).toBe('wrong');
    expect(judgeGuess(stapler, 'piece of office equipment')).toBe('kind');
  });
});
