import { ENGINE_TEXTS, extendValue, generateLeia, type Spec } from '@shared/engine';
import { makeParts, recordingLogger } from './parts';

describe('extendValue', () => {
  it('appends text to text after a space', () => {
    expect(extendValue('calm', 'and busy')).toBe('calm and busy');
  });

  it('appends a list to text after ", ", items joined by ", "', () => {
    expect(extendValue('calm', ['busy', 'shy'])).toBe('calm, busy, shy');
    expect(extendValue('calm', [1, { a: 1 }])).toBe('calm, 1, {"a":1}');
  });

  it('leaves text alone for an empty list and needs no separator after empty text', () => {
    expect(extendValue('calm', [])).toBe('calm');
    expect(extendValue('', 'busy')).toBe('busy');
    expect(extendValue('', ['busy', 'shy'])).toBe('busy, shy');
  });

  it('adds entries to lists', () => {
    expect(extendValue(['a'], ['b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(extendValue(['a'], 'b')).toEqual(['a', 'b']);
    expect(extendValue(['a'], { b: 1 })).toEqual(['a', { b: 1 }]);
  });

  it('replaces anything else', () => {
    expect(extendValue(3, 4)).toBe(4);
    expect(extendValue({ a: 1 }, { b: 2 })).toEqual({ b: 2 });
    expect(extendValue(null, 'x')).toBe('x');
    expect(extendValue('text', 7)).toBe(7);
    expect(extendValue(true, ['x'])).toEqual(['x']);
  });

  it('copies what it adds, so the result never shares containers with the extension', () => {
    const addition = [{ a: 1 }];
    const result = extendValue([], addition) as Array<{ a: number }>;
    expect(result[0]).toEqual({ a: 1 });
    expect(result[0]).not.toBe(addition[0]);
  });
});

const generateWithExtends = (extensions: unknown, persona: Spec = {}) => {
  const { messages, logger } = recordingLogger();
  const result = generateLeia(makeParts({ persona, problem: { extends: extensions } }), { logger });
  if (!result.ok) throw new Error(result.errors.join('; '));
  return { leia: result.leia, warnings: result.warnings, logged: messages };
};

describe('extends (generation step 2)', () => {
  it('extends the personality example of the brief, nested or dotted alike', () => {
    const nested = generateWithExtends({ persona: { spec: { personality: ['busy', 'shy'] } } });
    const dotted = generateWithExtends({ 'persona.spec.personality': ['busy', 'shy'] });
    expect(nested.leia.persona.spec.personality).toBe('calm, busy, shy');
    // the problems differ only in how they wrote the map
    expect(dotted.leia.persona).toEqual(nested.leia.persona);
    expect(dotted.leia.behaviour).toEqual(nested.leia.behaviour);
  });

  it('applies several entries across parts, in order', () => {
    const { leia } = generateWithExtends(
      {
        'persona.spec.personality': 'and patient',
        behaviour: { spec: { process: ['game'] } },
        'persona.spec.tags': 'new',
      },
      { tags: ['old'] },
    );
    expect(leia.persona.spec.personality).toBe('calm and patient');
    expect(leia.behaviour.spec.process).toEqual(['requirements-elicitation', 'game']);
    expect(leia.persona.spec.tags).toEqual(['old', 'new']);
  });

  it('applies the same path twice when written twice (nested and dotted)', () => {
    const { leia } = generateWithExtends({
      persona: { spec: { personality: 'one' } },
      'persona.spec.personality': 'two',
    });
    expect(leia.persona.spec.personality).toBe('calm one two');
  });

  it('ignores and logs paths outside a spec', () => {
    const { leia, warnings, logged } = generateWithExtends({
      'persona.metadata.name': 'X',
      'persona.spec': 'whole spec',
      'persona.fullName': 'X',
      'someone.spec.x': 'X',
    });
    expect(leia.persona.metadata).toEqual({ name: 'Ann', version: '1.0.0' });
    expect(leia.persona.spec.fullName).toBe('Ann Lee');
    expect(warnings).toEqual([
      ENGINE_TEXTS.ignoredOutsideSpec('extension', 'persona.metadata.name'),
      ENGINE_TEXTS.ignoredOutsideSpec('extension', 'persona.spec'),
      ENGINE_TEXTS.ignoredOutsideSpec('extension', 'persona.fullName'),
      ENGINE_TEXTS.ignoredOutsideSpec('extension', 'someone.spec.x'),
    ]);
    expect(logged).toEqual(warnings);
  });

  it('ignores and logs missing paths instead of creating them', () => {
    const { leia, warnings } = generateWithExtends({ 'persona.spec.hobbies': ['chess'] });
    expect(leia.persona.spec).not.toHaveProperty('hobbies');
    expect(warnings).toEqual(['Ignoring extension: persona.spec.hobbies. Value does not exist.']);
  });

  it.each([[['x']], ['text'], [1]])('rejects extends that is not an object: %j', (value) => {
    const result = generateLeia(makeParts({ problem: { extends: value } }));
    expect(result).toEqual({ ok: false, errors: ['Extensions must be an object'], warnings: [] });
  });
});
