import { MATCHES_ANY_TEXT, paletteFilter, rankByMatch, rankGroups } from '@machines/paletteMatch';

/** Commands as the palette filters them: [title, ...keywords, group] (PaletteView). */
const COMMANDS = {
  designNew: ['Design a new LEIA', 'create', 'wizard', 'new', 'Navigation'],
  designFrom: ['Design from LEIA...', 'derive', 'copy', 'customise', 'wizard', 'new', 'LEIAs'],
  addToActivity: ['Add LEIA to activity...', 'activity', 'experiment', 'add', 'new activity', 'Activities'],
  newActivity: ['New Activity', 'create', 'Activities'],
};

const ranked = (text: string) =>
  Object.entries(COMMANDS)
    .map(([id, words]) => ({ id, score: paletteFilter(id, text, words) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score)
    .map(({ id }) => id);

describe('palette ranking', () => {
  it('puts a name that starts with the typed words first', () => {
    expect(ranked('design a new')[0]).toBe('designNew');
    expect(ranked('design')).toEqual(['designNew', 'designFrom']);
    expect(ranked('new act')[0]).toBe('newActivity');
  });

  it('puts a name containing the typed words in order above looser matches', () => {
    expect(ranked('new leia')[0]).toBe('designNew');
    expect(ranked('new leia')).toHaveLength(3);
    expect(ranked('leia activity')[0]).toBe('addToActivity');
  });

  it('still finds looser matches (words in the keywords, or out of order), below', () => {
    expect(ranked('wizard')).toEqual(['designNew', 'designFrom']);
    expect(paletteFilter('x', 'leia design', COMMANDS.designNew)).toBeGreaterThan(0);
    expect(paletteFilter('x', 'leia design', COMMANDS.designNew)).toBeLessThan(
      paletteFilter('x', 'design leia', COMMANDS.designNew),
    );
  });

  it('matches typed words at the start of a word of the name, not inside one', () => {
    expect(paletteFilter('x', 'sign', COMMANDS.designNew)).toBeLessThan(
      paletteFilter('x', 'lei', COMMANDS.designNew),
    );
  });

  it('keeps the typed-text commands last and an empty text matching everything', () => {
    expect(paletteFilter('x', 'anything', [MATCHES_ANY_TEXT])).toBeLessThan(
      paletteFilter('x', 'wizard', COMMANDS.designFrom),
    );
    expect(paletteFilter('x', '  ', COMMANDS.designNew)).toBe(1);
  });

  it('rankByMatch orders a page by its first field the same way', () => {
    const names = ['Bakery interview', 'Interview at the bakery', 'Library booking'];
    expect(rankByMatch(names, 'interview', (name) => [name])).toEqual([
      'Interview at the bakery',
      'Bakery interview',
      'Library booking',
    ]);
  });
});

describe('rankGroups', () => {
  it('orders groups by their best command, and commands within a group by score', () => {
    const groups = [
      { heading: 'LEIAs', commands: [{ title: 'Design from LEIA...' }] },
      { heading: 'Navigation', commands: [{ title: 'Search LEIAs' }, { title: 'Design a new LEIA' }] },
    ];
    const ranked = rankGroups(groups, 'design a new', (command, group) => [command.title, group.heading]);
    expect(ranked.map((group) => group.heading)).toEqual(['Navigation', 'LEIAs']);
    expect(ranked[0]!.commands.map((command) => command.title)).toEqual([
      'Design a new LEIA',
      'Search LEIAs',
    ]);
    expect(rankGroups(groups, '', () => [])).toEqual(groups);
  });
});
