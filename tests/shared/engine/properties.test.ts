import {
  generateLeia,
  getPath,
  type LeiaParts,
  resolvePlaceholders,
  type Spec,
  silentLogger,
  substituteString,
} from '@shared/engine';
import fc from 'fast-check';

/**
 * Property tests over generated specs. Placeholders only point at "plain" fields (text without
 * braces), so one substitution pass resolves everything that can be resolved.
 */
const KINDS = ['persona', 'problem', 'behaviour'] as const;
const PLAIN_FIELDS = ['a', 'b', 'c'] as const;

const plainText = fc.string({ maxLength: 12 }).filter((s) => !s.includes('{') && !s.includes('}'));
const plainValue = fc.oneof(
  plainText,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(plainText, { maxLength: 3 }),
);
const knownPlaceholder = fc
  .tuple(fc.constantFrom(...KINDS), fc.constantFrom(...PLAIN_FIELDS))
  .map(([kind, field]) => `{{${kind}.${field}}}`);
const unknownPlaceholder = fc
  .tuple(fc.constantFrom(...KINDS, 'nobody'), fc.constantFrom('zz', 'missing', 'a.deeper.path'))
  .map(([kind, field]) => `{{${kind}.${field}}}`);
const template = fc
  .array(fc.oneof(plainText, knownPlaceholder, unknownPlaceholder), { minLength: 1, maxLength: 5 })
  .map((pieces) => pieces.join(''));
const templateTree = fc.oneof(template, fc.array(template, { maxLength: 3 }), fc.record({ t: template }));

const specArb: fc.Arbitrary<Spec> = fc.record({
  a: plainValue,
  b: plainValue,
  c: plainValue,
  t1: templateTree,
  t2: templateTree,
});
const specsArb = fc.record({ persona: specArb, problem: specArb, behaviour: specArb });

const toParts = (specs: Record<(typeof KINDS)[number], Spec>): LeiaParts => ({
  persona: { spec: specs.persona },
  problem: { spec: specs.problem },
  behaviour: { spec: specs.behaviour },
});

const collectStrings = (value: unknown, out: string[] = []): string[] => {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, out);
  else if (value && typeof value === 'object')
    for (const item of Object.values(value)) collectStrings(item, out);
  return out;
};

describe('engine properties', () => {
  it('substitution is idempotent', () => {
    fc.assert(
      fc.property(specsArb, (specs) => {
        const once = resolvePlaceholders(specs);
        expect(resolvePlaceholders(once)).toEqual(once);
      }),
    );
  });

  it('resolves every known placeholder and keeps every unknown one', () => {
    fc.assert(
      fc.property(specsArb, (specs) => {
        const resolved = resolvePlaceholders(specs);
        const before = collectStrings(specs).join('\n');
        const after = collectStrings(resolved).join('\n');
        expect(after).not.toMatch(/\{\{(persona|problem|behaviour)\.[abc]\}\}/);
        for (const unknown of before.match(/\{\{[a-z]+\.(zz|missing|a\.deeper\.path)\}\}/g) ?? []) {
          expect(after).toContain(unknown);
        }
      }),
    );
  });

  it('never modifies its inputs, whatever the problem asks for', () => {
    const editMap = fc.dictionary(
      fc.constantFrom(
        'persona.spec.a',
        'persona.spec.t1',
        'behaviour.spec.b',
        'problem.spec.c',
        'persona.spec.zz',
        'persona.id',
      ),
      plainValue,
      { maxKeys: 4 },
    );
    fc.assert(
      fc.property(specsArb, editMap, editMap, (specs, extensions, overrides) => {
        const parts = toParts({ ...specs, problem: { ...specs.problem, extends: extensions, overrides } });
        const snapshot = structuredClone(parts);
        generateLeia(parts, { logger: silentLogger });
        expect(parts).toEqual(snapshot);
      }),
    );
  });

  it('generating twice gives equal results (no hidden state)', () => {
    fc.assert(
      fc.property(specsArb, (specs) => {
        const parts = toParts(specs);
        expect(generateLeia(parts, { logger: silentLogger })).toEqual(
          generateLeia(parts, { logger: silentLogger }),
        );
      }),
    );
  });

  it('scans placeholders exactly as the regular expression of the grammar would', () => {
    // The reference: the documented grammar, applied with a plain regex replace.
    const reference = (text: string, scope: Record<string, unknown>): unknown => {
      const lookup = (path: string) => getPath(scope, path);
      const whole = /^\{\{\s*([^{}\s]+)\s*\}\}$/.exec(text);
      if (whole) return lookup(whole[1]!) ?? text;
      return text.replace(/\{\{\s*([^{}\s]+)\s*\}\}/g, (match, path: string) => {
        const value = lookup(path);
        return value === undefined ? match : typeof value === 'string' ? value : JSON.stringify(value);
      });
    };
    const scope = { persona: { a: 'A', n: 2, list: ['x'] }, problem: { b: '{{persona.a}}' } };
    const fragment = fc.constantFrom(
      '{{',
      '}}',
      '{',
      '}',
      ' ',
      '\n',
      'persona.a',
      'persona.n',
      'persona.list',
      'problem.b',
      'nope.x',
      'x',
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 10 }), (pieces) => {
        const text = pieces.join('');
        expect(substituteString(text, scope)).toEqual(reference(text, scope));
      }),
      { numRuns: 2000 },
    );
  });
});
