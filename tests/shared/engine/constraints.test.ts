import { checkConstraints, ENGINE_TEXTS, generateLeia, silentLogger } from '@shared/engine';
import { makeParts } from './parts';

const generateWith = (constrainedTo: unknown) =>
  generateLeia(makeParts({ problem: { constrainedTo } }), { logger: silentLogger });

describe('constraint check (generation step 1)', () => {
  it('passes when every constraint holds, in nested and in dotted form', () => {
    const parts = makeParts({ persona: { address: { city: 'Seville' } } });
    expect(
      checkConstraints(parts, { behaviour: { spec: { process: ['requirements-elicitation'] } } }),
    ).toEqual([]);
    expect(checkConstraints(parts, { 'behaviour.spec.process': ['requirements-elicitation'] })).toEqual([]);
    expect(checkConstraints(parts, { 'persona.spec': { address: { city: 'Seville' } } })).toEqual([]);
    expect(
      checkConstraints(parts, { 'persona.metadata.name': 'Ann', 'behaviour.spec.role': 'interviewee' }),
    ).toEqual([]);
  });

  it('reports a missing path', () => {
    expect(checkConstraints(makeParts(), { 'persona.spec.age': 40 })).toEqual([
      'Constraint not met: persona.spec.age. Value does not exist.',
    ]);
    expect(checkConstraints(makeParts(), { 'nobody.spec.x': 1 })).toEqual([
      'Constraint not met: nobody.spec.x. Value does not exist.',
    ]);
  });

  it('counts falsy but present values as existing', () => {
    const parts = makeParts({ persona: { nickname: '', age: 0, retired: false } });
    expect(checkConstraints(parts, { persona: { spec: { nickname: '', age: 0, retired: false } } })).toEqual(
      [],
    );
  });

  it('requires any other value to be deeply equal', () => {
    const parts = makeParts({ persona: { tags: ['a', 'b'], address: { city: 'Seville', zip: '41001' } } });
    expect(checkConstraints(parts, { 'persona.spec.firstName': 'Bob' })).toEqual([
      'Constraint not met: persona.spec.firstName. Value does not match.',
    ]);
    expect(checkConstraints(parts, { 'persona.spec.tags': ['b', 'a'] })).toEqual([
      'Constraint not met: persona.spec.tags. Value does not match.',
    ]);
    expect(checkConstraints(parts, { 'persona.spec.tags': ['a', 'b'] })).toEqual([]);
    expect(checkConstraints(parts, { 'persona.spec.address': { zip: '41001', city: 'Seville' } })).toEqual(
      [],
    );
    // "exactly": no type coercion
    expect(checkConstraints(makeParts({ persona: { age: 40 } }), { 'persona.spec.age': '40' })).toEqual([
      'Constraint not met: persona.spec.age. Value does not match.',
    ]);
  });

  it('accepts process lists that share at least one entry', () => {
    const parts = makeParts({ behaviour: { process: ['requirements-elicitation', 'game'] } });
    expect(checkConstraints(parts, { 'behaviour.spec.process': ['game'] })).toEqual([]);
    expect(checkConstraints(parts, { 'behaviour.spec.process': 'game' })).toEqual([]);
    expect(
      checkConstraints(parts, { 'behaviour.spec.process': ['other', 'requirements-elicitation'] }),
    ).toEqual([]);
  });

  it('rejects process lists without a common entry, showing expected and actual values', () => {
    expect(checkConstraints(makeParts(), { behaviour: { spec: { process: ['game'] } } })).toEqual([
      'Constraint not met: behaviour.spec.process. No compatible processes found. Expected: ["game"], actual: ["requirements-elicitation"]',
    ]);
    expect(checkConstraints(makeParts(), { 'problem.spec.process': [] })[0]).toMatch(
      /^Constraint not met: problem\.spec\.process\. No compatible processes found\./,
    );
  });

  it('collects every failure, in the order written', () => {
    expect(
      checkConstraints(makeParts(), {
        'persona.spec.age': 1,
        'behaviour.spec.process': 'game',
        persona: { spec: { firstName: 'Zoe' } },
      }),
    ).toEqual([
      ENGINE_TEXTS.valueMissing('persona.spec.age'),
      ENGINE_TEXTS.noCompatibleProcess('behaviour.spec.process', 'game', ['requirements-elicitation']),
      ENGINE_TEXTS.valueMismatch('persona.spec.firstName'),
    ]);
  });

  it.each([[['a']], ['text'], [42], [true]])('rejects a constrainedTo that is not an object: %j', (value) => {
    expect(checkConstraints(makeParts(), value)).toEqual(['Constraints must be an object']);
  });

  it.each([[undefined], [null], [{}]])('treats %j as no constraints', (value) => {
    expect(checkConstraints(makeParts(), value)).toEqual([]);
  });

  it('makes generation fail with all the errors and no LEIA', () => {
    const result = generateWith({ 'persona.spec.age': 1, 'persona.spec.firstName': 'Zoe' });
    expect(result).toEqual({
      ok: false,
      errors: [
        'Constraint not met: persona.spec.age. Value does not exist.',
        'Constraint not met: persona.spec.firstName. Value does not match.',
      ],
      warnings: [],
    });
  });

  it('is checked on the parts as given, before extends and overrides change them', () => {
    const result = generateLeia(
      makeParts({
        problem: {
          constrainedTo: { 'persona.spec.firstName': 'Ann' },
          overrides: { 'persona.spec.firstName': 'Zoe' },
        },
      }),
      { logger: silentLogger },
    );
    expect(result.ok && result.leia.persona.spec.firstName).toBe('Zoe');
  });
});
