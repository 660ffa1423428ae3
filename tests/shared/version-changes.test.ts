import {
  changeSummary,
  fieldChanges,
  hasChanges,
  SUMMARY_FIELD_LIMIT,
  VERSION_CHANGE_TEXTS,
} from '@shared/version-changes';
import fc from 'fast-check';

const problem = (spec: Record<string, unknown>, version = '1.0.0') => ({
  apiVersion: 'v1',
  kind: 'problem',
  metadata: { name: 'Library room booking', version },
  spec,
});

describe('fieldChanges', () => {
  it('names the changed, added and removed leaves by path, sorted', () => {
    const before = problem({ description: 'A library', details: 'Rooms', notes: 'x', process: ['game'] });
    const after = problem(
      { description: 'A riverside library', details: 'Rooms', hints: 'y', process: ['game'] },
      '1.1.0',
    );
    expect(fieldChanges(before, after)).toEqual({
      changed: ['metadata.version', 'spec.description'],
      added: ['spec.hints'],
      removed: ['spec.notes'],
    });
  });

  it('skips the ignored paths, whole subtrees included', () => {
    const before = problem({ description: 'A' });
    const after = problem({ description: 'A' }, '2.0.0');
    expect(fieldChanges(before, after, { ignore: ['metadata.version'] })).toEqual({
      changed: [],
      added: [],
      removed: [],
    });
    expect(fieldChanges({ a: { b: 1, c: 2 } }, { a: { b: 2, d: 3 } }, { ignore: ['a'] }).changed).toEqual([]);
  });

  it('walks nested objects (a LEIA: its parts) to their leaves; a list is one field', () => {
    const leia = (description: string, process: string[]) => ({
      spec: { problem: { spec: { description, process } }, persona: { spec: { fullName: 'Ada' } } },
    });
    expect(fieldChanges(leia('A', ['game']), leia('B', ['game', 'requirements-elicitation']))).toEqual({
      changed: ['spec.problem.spec.description', 'spec.problem.spec.process'],
      added: [],
      removed: [],
    });
  });

  it('a value that changes type is changed, and an own "__proto__" key is plain data', () => {
    expect(fieldChanges({ a: { b: 1 } }, { a: 'text' }).changed).toEqual(['a']);
    const withProto = JSON.parse('{"__proto__": {"x": 1}}');
    expect(fieldChanges({}, withProto).added).toEqual(['__proto__']);
  });

  it('finds nothing between equal documents, and something whenever they differ', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(hasChanges(fieldChanges(a, structuredClone(a)))).toBe(false);
        if (JSON.stringify(a) !== JSON.stringify(b)) {
          // Equal by value may still print differently (key order); only a real difference counts.
          const differs = hasChanges(fieldChanges(a, b));
          const sameValue = JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));
          expect(differs).toBe(!sameValue);
        }
      }),
    );
  });
});

const sortKeys = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sortKeys)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
        )
      : value;

describe('changeSummary', () => {
  it('says what changed in one line', () => {
    expect(
      changeSummary({ changed: ['spec.description', 'spec.details'], added: ['spec.hints'], removed: [] }),
    ).toBe('Changed spec.description, spec.details; added spec.hints');
    expect(changeSummary({ changed: [], added: [], removed: ['spec.notes'] })).toBe('Removed spec.notes');
  });

  it("says 'No differences in content' when nothing changed", () => {
    expect(changeSummary({ changed: [], added: [], removed: [] })).toBe(VERSION_CHANGE_TEXTS.none);
  });

  it(`names at most ${SUMMARY_FIELD_LIMIT} fields and counts the rest`, () => {
    const changed = Array.from({ length: 5 }, (_, i) => `spec.f${i}`);
    const added = ['spec.a1', 'spec.a2', 'spec.a3'];
    const line = changeSummary({ changed, added, removed: ['spec.r1'] });
    expect(line).toBe('Changed spec.f0, spec.f1, spec.f2, spec.f3, spec.f4; added spec.a1 and 3 more');
    expect(line.includes('\n')).toBe(false);
  });
});
