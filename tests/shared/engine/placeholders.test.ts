import {
  generateLeia,
  resolvePlaceholders,
  silentLogger,
  substitutePlaceholders,
  substituteString,
} from '@shared/engine';
import { makeParts } from './parts';

const scope = {
  persona: {
    fullName: 'Ann Lee',
    age: 41,
    tags: ['calm', 'busy'],
    address: { city: 'Seville' },
    retired: false,
  },
  problem: { solution: 'classDiagram', process: ['requirements-elicitation'], nothing: null },
  behaviour: { role: 'interviewee' },
};

describe('substituteString', () => {
  it('fills embedded placeholders as text', () => {
    expect(substituteString('I am {{persona.fullName}}, a {{behaviour.role}}.', scope)).toBe(
      'I am Ann Lee, a interviewee.',
    );
    expect(substituteString('Age {{persona.age}}, retired: {{persona.retired}}', scope)).toBe(
      'Age 41, retired: false',
    );
  });

  it('renders embedded objects and lists as JSON', () => {
    expect(
      substituteString('Tags: {{persona.tags}}; at {{persona.address}}; {{problem.nothing}}', scope),
    ).toBe('Tags: ["calm","busy"]; at {"city":"Seville"}; null');
  });

  it('keeps the type of a value when the placeholder is the whole string', () => {
    expect(substituteString('{{persona.age}}', scope)).toBe(41);
    expect(substituteString('{{persona.retired}}', scope)).toBe(false);
    expect(substituteString('{{problem.nothing}}', scope)).toBeNull();
    expect(substituteString('{{ persona.tags }}', scope)).toEqual(['calm', 'busy']);
    expect(substituteString('{{persona.address.city}}', scope)).toBe('Seville');
  });

  it('copies whole-string values instead of sharing them', () => {
    const list = substituteString('{{persona.tags}}', scope);
    expect(list).not.toBe(scope.persona.tags);
  });

  it('allows blanks inside the braces', () => {
    expect(substituteString('Hi {{  persona.fullName }}!', scope)).toBe('Hi Ann Lee!');
  });

  it('leaves unknown placeholders untouched', () => {
    const text =
      'A {{persona.missing}} B {{teacher.name}} C {{persona.fullName.length}} D {{persona.constructor}}';
    expect(substituteString(text, scope)).toBe(text);
    expect(substituteString('{{persona.missing}}', scope)).toBe('{{persona.missing}}');
    expect(substituteString('{{persona.fullName}} and {{nope.x}}', scope)).toBe('Ann Lee and {{nope.x}}');
  });

  it('leaves text that only looks like a placeholder alone', () => {
    for (const text of ['{persona.fullName}', '{{}}', '{{ }}', '{{persona fullName}}', 'plain']) {
      expect(substituteString(text, scope)).toBe(text);
    }
  });

  it('does not substitute again inside inserted text', () => {
    const looping = { persona: { a: '{{persona.b}}', b: 'B' } };
    expect(substituteString('x {{persona.a}}', looping)).toBe('x {{persona.b}}');
  });
});

describe('substitutePlaceholders', () => {
  it('walks nested objects and lists, leaving keys and non-strings alone', () => {
    const value = {
      '{{persona.fullName}}': 'key kept',
      list: ['{{behaviour.role}}', 3, { deep: 'by {{persona.fullName}}' }],
      n: 1,
      flag: true,
      none: null,
    };
    expect(substitutePlaceholders(value, scope)).toEqual({
      '{{persona.fullName}}': 'key kept',
      list: ['interviewee', 3, { deep: 'by Ann Lee' }],
      n: 1,
      flag: true,
      none: null,
    });
  });

  it('returns fresh containers even when nothing changes', () => {
    const value = { a: { b: ['c'] } };
    const result = substitutePlaceholders(value, scope) as typeof value;
    expect(result).toEqual(value);
    expect(result.a).not.toBe(value.a);
    expect(result.a.b).not.toBe(value.a.b);
  });
});

describe('resolvePlaceholders (generation step 4)', () => {
  it('substitutes problem, then persona, then behaviour: later parts see earlier results', () => {
    const specs = resolvePlaceholders({
      problem: { background: '{{persona.firstName}} runs the desk', self: '{{problem.background}}' },
      persona: { firstName: 'Ann', story: '{{problem.background}}', role: '{{behaviour.role}}' },
      behaviour: { role: 'interviewee', prompt: '{{persona.story}} as {{persona.role}}' },
    });
    // the problem goes first, so it sees its own and the others' specs as written
    expect(specs.problem).toEqual({
      background: 'Ann runs the desk',
      self: '{{persona.firstName}} runs the desk',
    });
    // the persona sees the substituted problem
    expect(specs.persona.story).toBe('Ann runs the desk');
    expect(specs.persona.role).toBe('interviewee');
    // the behaviour sees the substituted problem and persona
    expect(specs.behaviour.prompt).toBe('Ann runs the desk as interviewee');
  });

  it('resolves what extends and overrides put in place, and keeps types through generateLeia', () => {
    const result = generateLeia(
      makeParts({
        problem: {
          solution: 'the answer',
          extends: { 'persona.spec.personality': ['curious about {{problem.solution}}'] },
          overrides: { 'behaviour.spec.process': '{{problem.process}}' },
        },
        behaviour: { description: 'I am {{persona.fullName}} ({{persona.personality}}).' },
      }),
      { logger: silentLogger },
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.leia.persona.spec.personality).toBe('calm, curious about the answer');
    expect(result.leia.behaviour.spec.process).toEqual(['requirements-elicitation']);
    expect(result.leia.behaviour.spec.description).toBe('I am Ann Lee (calm, curious about the answer).');
  });
});
