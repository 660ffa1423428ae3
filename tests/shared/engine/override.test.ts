import { ENGINE_TEXTS, generateLeia } from '@shared/engine';
import { makeParts, recordingLogger } from './parts';

const generateWith = (problem: Record<string, unknown>) => {
  const { logger } = recordingLogger();
  const result = generateLeia(makeParts({ problem }), { logger });
  if (!result.ok) throw new Error(result.errors.join('; '));
  return result;
};

describe('overrides (generation step 3)', () => {
  it('replaces values whatever their type, nested or dotted alike', () => {
    const nested = generateWith({ overrides: { persona: { spec: { personality: ['stern'] } } } });
    const dotted = generateWith({ overrides: { 'persona.spec.personality': ['stern'] } });
    expect(nested.leia.persona.spec.personality).toEqual(['stern']);
    // the problems differ only in how they wrote the map
    expect(dotted.leia.persona).toEqual(nested.leia.persona);
    expect(dotted.leia.behaviour).toEqual(nested.leia.behaviour);
  });

  it('replaces a nested field without touching its siblings', () => {
    const result = generateLeia(
      makeParts({
        persona: { address: { city: 'Seville', zip: '41001' } },
        problem: { overrides: { persona: { spec: { address: { city: 'Cádiz' } } } } },
      }),
    );
    expect(result.ok && result.leia.persona.spec.address).toEqual({ city: 'Cádiz', zip: '41001' });
  });

  it('runs after extends, so an override wins over an extension of the same path', () => {
    const result = generateWith({
      extends: { 'behaviour.spec.role': 'and more' },
      overrides: { 'behaviour.spec.role': 'host' },
    });
    expect(result.leia.behaviour.spec.role).toBe('host');
  });

  it('sees what extends produced when they touch different paths', () => {
    const result = generateWith({
      extends: { 'persona.spec.personality': ['busy'] },
      overrides: { 'persona.spec.firstName': 'Annie' },
    });
    expect(result.leia.persona.spec).toMatchObject({ personality: 'calm, busy', firstName: 'Annie' });
  });

  it('ignores and reports paths outside a spec and missing paths', () => {
    const result = generateWith({
      overrides: {
        'behaviour.id': 'other',
        'behaviour.spec.tone': 'dry',
        problem: { metadata: { name: 'X' } },
      },
    });
    expect(result.leia.behaviour.id).toBe('behaviour-1');
    expect(result.leia.behaviour.spec).not.toHaveProperty('tone');
    expect(result.leia.problem.metadata).toEqual({ name: 'Library', version: '1.0.0' });
    expect(result.warnings).toEqual([
      ENGINE_TEXTS.ignoredOutsideSpec('override', 'behaviour.id'),
      'Ignoring override: behaviour.spec.tone. Value does not exist.',
      ENGINE_TEXTS.ignoredOutsideSpec('override', 'problem.metadata.name'),
    ]);
  });

  it.each([[['x']], ['text'], [0]])('rejects overrides that are not an object: %j', (value) => {
    const result = generateLeia(makeParts({ problem: { overrides: value } }));
    expect(result).toEqual({ ok: false, errors: ['Overrides must be an object'], warnings: [] });
  });
});
