import { consoleLogger, generateLeia, type LeiaParts, silentLogger } from '@shared/engine';
import { makeParts } from './parts';

describe('generateLeia', () => {
  it('returns resolved copies of the three parts with their other fields kept', () => {
    const result = generateLeia(makeParts(), { logger: silentLogger });
    expect(result).toEqual({
      ok: true,
      warnings: [],
      leia: {
        persona: {
          id: 'persona-1',
          apiVersion: 'v1',
          metadata: { name: 'Ann', version: '1.0.0' },
          spec: { fullName: 'Ann Lee', firstName: 'Ann', personality: 'calm' },
        },
        problem: {
          id: 'problem-1',
          apiVersion: 'v1',
          metadata: { name: 'Library', version: '1.0.0' },
          spec: { description: 'A library', process: ['requirements-elicitation'] },
        },
        behaviour: {
          id: 'behaviour-1',
          apiVersion: 'v1',
          metadata: { name: 'Interviewee', version: '1.0.0' },
          spec: {
            description: 'You are Ann Lee.',
            role: 'interviewee',
            process: ['requirements-elicitation'],
          },
        },
      },
    });
  });

  it('works on bare `{spec}` parts', () => {
    const result = generateLeia({
      persona: { spec: { fullName: 'Bo' } },
      problem: { spec: { description: 'd' } },
      behaviour: { spec: { description: 'Hi {{persona.fullName}}' } },
    });
    expect(result.ok && result.leia.behaviour).toEqual({ spec: { description: 'Hi Bo' } });
  });

  it('names each missing component, behaviour first as in the spec', () => {
    expect(generateLeia({} as LeiaParts)).toEqual({
      ok: false,
      errors: [
        'Behaviour component is missing',
        'Problem component is missing',
        'Persona component is missing',
      ],
      warnings: [],
    });
    const parts = makeParts();
    expect(generateLeia({ ...parts, problem: { spec: null } } as unknown as LeiaParts)).toEqual({
      ok: false,
      errors: ['Problem component is missing'],
      warnings: [],
    });
  });

  it('collects constraint, extends and overrides errors together', () => {
    const result = generateLeia(
      makeParts({ problem: { constrainedTo: { 'persona.spec.age': 3 }, extends: 'x', overrides: [] } }),
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        'Constraint not met: persona.spec.age. Value does not exist.',
        'Extensions must be an object',
        'Overrides must be an object',
      ],
      warnings: [],
    });
  });

  it('never modifies its inputs', () => {
    const parts = makeParts({
      persona: { tags: ['a'], address: { city: 'Seville' } },
      problem: {
        extends: { 'persona.spec.tags': ['b'], 'persona.spec.personality': 'and kind' },
        overrides: { 'persona.spec.address': { city: 'Cádiz' }, 'behaviour.spec.role': 'host' },
      },
    });
    const before = structuredClone(parts);
    const result = generateLeia(parts, { logger: silentLogger });
    expect(result.ok).toBe(true);
    expect(parts).toEqual(before);
  });

  it('shares no object or list with its inputs, so editing the result cannot change them', () => {
    const parts = makeParts({ persona: { tags: ['a'], address: { city: 'Seville' } } });
    const result = generateLeia(parts, { logger: silentLogger });
    if (!result.ok) throw new Error('expected success');
    const { persona } = result.leia;
    expect(persona).not.toBe(parts.persona);
    expect(persona.spec).not.toBe(parts.persona.spec);
    expect(persona.metadata).not.toBe(parts.persona.metadata);
    expect(persona.spec.tags).not.toBe(parts.persona.spec.tags);
    expect(persona.spec.address).not.toBe(parts.persona.spec.address);
  });

  it('copies an own "__proto__" key as data without touching any prototype', () => {
    const persona = JSON.parse('{"fullName": "Ann", "__proto__": {"polluted": "{{persona.fullName}}"}}');
    const result = generateLeia({ ...makeParts(), persona: { spec: persona } }, { logger: silentLogger });
    if (!result.ok) throw new Error('expected success');
    const spec = result.leia.persona.spec;
    expect(Object.getPrototypeOf(spec)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(spec, '__proto__')?.value).toEqual({ polluted: 'Ann' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('logs ignored edits through the console by default and through an injected logger otherwise', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const parts = makeParts({ problem: { overrides: { 'persona.spec.missing': 1 } } });
    generateLeia(parts);
    expect(warn).toHaveBeenCalledWith('Ignoring override: persona.spec.missing. Value does not exist.');
    warn.mockClear();
    const seen: string[] = [];
    generateLeia(parts, { logger: { warn: (m) => seen.push(m) } });
    generateLeia(parts, { logger: silentLogger });
    expect(warn).not.toHaveBeenCalled();
    expect(seen).toEqual(['Ignoring override: persona.spec.missing. Value does not exist.']);
    expect(consoleLogger.warn).toBeTypeOf('function');
  });
});

describe('generateLeia size limit', () => {
  const bomb = (target: 'problem' | 'persona' | 'behaviour') => {
    const parts = makeParts();
    const big = 'x'.repeat(50_000);
    if (target === 'problem') {
      parts.persona.spec.x = big;
      parts.problem.spec.description = '{{persona.x}} '.repeat(400);
    } else if (target === 'persona') {
      parts.problem.spec.details = big;
      parts.persona.spec.notes = Array.from({ length: 400 }, () => '{{problem.details}}');
    } else {
      parts.persona.spec.x = { nested: [big, { deeper: big }] };
      parts.behaviour.spec.copies = Array.from({ length: 400 }, () => '{{persona.x}}');
    }
    return parts;
  };

  it.each(['problem', 'persona', 'behaviour'] as const)(
    'stops as soon as the %s passes the limit, naming it',
    (kind) => {
      const result = generateLeia(bomb(kind), { logger: silentLogger });
      expect(result.ok).toBe(false);
      expect(!result.ok && result.errors).toEqual([
        `The ${kind} is too large once its placeholders are filled in: the whole LEIA may hold at most 2,000,000 characters. Use fewer or shorter placeholders.`,
      ]);
    },
  );

  it('counts the whole LEIA, and the limit can be set', () => {
    expect(generateLeia(makeParts(), { logger: silentLogger, maxChars: 10_000 }).ok).toBe(true);
    const result = generateLeia(makeParts(), { logger: silentLogger, maxChars: 20 });
    expect(!result.ok && result.errors[0]).toMatch(/^The problem is too large/);
  });
});
