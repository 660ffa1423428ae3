import { isTypingTarget, matchSequence, parseShortcut, shortcutCaps } from '@client/palette/keys';
import { paletteFilter } from '@machines/paletteMatch';

describe('matchSequence', () => {
  const sequences = [parseShortcut('g s'), parseShortcut('g d'), parseShortcut('?'), parseShortcut('g s')];

  it('matches a whole sequence, the last registration winning', () => {
    expect(matchSequence(['g', 's'], sequences)).toEqual({ kind: 'match', index: 3 });
    expect(matchSequence(['?'], sequences)).toEqual({ kind: 'match', index: 2 });
  });

  it('reports a started sequence, and keys that start nothing', () => {
    expect(matchSequence(['g'], sequences)).toEqual({ kind: 'prefix' });
    expect(matchSequence(['g', 'x'], sequences)).toEqual({ kind: 'none' });
    expect(matchSequence(['s'], sequences)).toEqual({ kind: 'none' });
  });
});

describe('isTypingTarget', () => {
  it('is true in text fields and editable content, false on buttons and checkboxes', () => {
    document.body.innerHTML = `
      <input id="text" /><input id="check" type="checkbox" /><textarea id="area"></textarea>
      <select id="select"></select><div contenteditable="true"><span id="inside">x</span></div>
      <button id="button">b</button>`;
    const byId = (id: string) => document.getElementById(id);
    expect(isTypingTarget(byId('text'))).toBe(true);
    expect(isTypingTarget(byId('area'))).toBe(true);
    expect(isTypingTarget(byId('select'))).toBe(true);
    expect(isTypingTarget(byId('inside'))).toBe(true);
    expect(isTypingTarget(byId('check'))).toBe(false);
    expect(isTypingTarget(byId('button'))).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('shortcutCaps and paletteFilter', () => {
  it('writes shortcuts as key caps', () => {
    expect(shortcutCaps('g s', 'Ctrl')).toEqual(['G', 'S']);
    expect(shortcutCaps('mod+k', '⌘')).toEqual(['⌘', 'K']);
    expect(shortcutCaps('?', 'Ctrl')).toEqual(['?']);
  });

  it('needs every typed word and ranks starts of words higher', () => {
    expect(paletteFilter('x', '', ['Profile'])).toBe(1);
    expect(paletteFilter('x', 'zzz', ['Profile'])).toBe(0);
    expect(paletteFilter('x', 'change', ['Change password', 'Account'])).toBe(1);
    expect(paletteFilter('x', 'change pass', ['Change password'])).toBeGreaterThan(0.8);
    expect(paletteFilter('x', 'word', ['Change password'])).toBeGreaterThan(0);
    expect(paletteFilter('x', 'pass', ['Change password'])).toBeGreaterThan(
      paletteFilter('x', 'word', ['Change password']),
    );
  });
});
