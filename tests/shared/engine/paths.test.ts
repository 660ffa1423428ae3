import { flattenPathMap, getPath, hasPath, updateExistingPath } from '@shared/engine';

describe('getPath / hasPath', () => {
  const root = { persona: { spec: { fullName: 'Ann', tags: ['a', 'b'], empty: '', nothing: null } } };

  it('follows dotted strings and segment lists', () => {
    expect(getPath(root, 'persona.spec.fullName')).toBe('Ann');
    expect(getPath(root, ['persona', 'spec', 'tags', '1'])).toBe('b');
  });

  it('treats falsy values as present and unknown segments as missing', () => {
    expect(hasPath(root, 'persona.spec.empty')).toBe(true);
    expect(hasPath(root, 'persona.spec.nothing')).toBe(true);
    expect(hasPath(root, 'persona.spec.missing')).toBe(false);
    expect(hasPath(root, 'persona.spec.nothing.deeper')).toBe(false);
    expect(hasPath(root, 'persona.spec.fullName.length')).toBe(false);
  });

  it('never reaches inherited properties', () => {
    expect(getPath(root, 'persona.constructor')).toBeUndefined();
    expect(getPath(root, 'persona.__proto__')).toBeUndefined();
    expect(getPath(root, 'persona.spec.tags.length')).toBeUndefined();
    expect(getPath(root, 'persona.spec.fullName.toString')).toBeUndefined();
  });
});

describe('updateExistingPath', () => {
  it('copies only the containers along the path and leaves the root untouched', () => {
    const root = { a: { b: { c: 1 }, other: { x: 1 } }, untouched: { y: 2 } };
    const next = updateExistingPath(root, ['a', 'b', 'c'], (current) => (current as number) + 1);
    expect(next).toEqual({ a: { b: { c: 2 }, other: { x: 1 } }, untouched: { y: 2 } });
    expect(root.a.b.c).toBe(1);
    expect(next?.untouched).toBe(root.untouched);
    expect(next?.a.other).toBe(root.a.other);
    expect(next?.a).not.toBe(root.a);
  });

  it('updates list entries by index without touching the original list', () => {
    const root = { list: ['a', 'b'] };
    expect(updateExistingPath(root, ['list', '1'], () => 'z')).toEqual({ list: ['a', 'z'] });
    expect(root.list).toEqual(['a', 'b']);
  });

  it('returns undefined for missing paths instead of creating them', () => {
    expect(updateExistingPath({ a: {} }, ['a', 'b'], () => 1)).toBeUndefined();
    expect(updateExistingPath({ a: 1 }, ['a', 'b'], () => 1)).toBeUndefined();
    expect(updateExistingPath({ a: 1 }, [], () => 1)).toBeUndefined();
  });

  it('keeps an own "__proto__" key as data and never changes a prototype', () => {
    const root = JSON.parse('{"__proto__": {"polluted": false}}') as Record<string, unknown>;
    const next = updateExistingPath(root, ['__proto__', 'polluted'], () => true) as Record<string, unknown>;
    expect(Object.getPrototypeOf(next)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(next, '__proto__')?.value).toEqual({ polluted: true });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('flattenPathMap', () => {
  it('turns nested, dotted and mixed keys into the same dotted paths', () => {
    const nested = flattenPathMap({ persona: { spec: { personality: ['busy'] } } });
    const dotted = flattenPathMap({ 'persona.spec.personality': ['busy'] });
    const mixed = flattenPathMap({ 'persona.spec': { personality: ['busy'] } });
    expect(nested).toEqual([['persona.spec.personality', ['busy']]]);
    expect(dotted).toEqual(nested);
    expect(mixed).toEqual(nested);
  });

  it('stops at lists, primitives and empty objects, keeping entry order', () => {
    expect(flattenPathMap({ b: { x: 1, y: [{ z: 1 }] }, a: {}, 'c.d': null })).toEqual([
      ['b.x', 1],
      ['b.y', [{ z: 1 }]],
      ['a', {}],
      ['c.d', null],
    ]);
  });

  it('gives nothing for an empty map', () => {
    expect(flattenPathMap({})).toEqual([]);
  });
});
