import {
  behaviourBodySchema,
  MAX_NAME_LENGTH,
  PROCESS_LABELS,
  personaBodySchema,
  problemBodySchema,
  processValues,
  RESOURCE_BODY_SCHEMAS,
  RESOURCE_COLLECTIONS,
  resourceKinds,
  solutionFormats,
} from '@shared/schemas/resources';
import { z } from 'zod';

/** path -> message of every issue, the shape the API's validationErrors uses. */
const issuesOf = (schema: z.ZodType, value: unknown): Record<string, string> =>
  Object.fromEntries(
    (schema.safeParse(value).error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );

const persona = { metadata: { name: 'Margaret Thompson' }, spec: { fullName: 'Margaret Thompson' } };
const problem = { metadata: { name: 'Library rooms' }, spec: { description: 'Book rooms' } };
const behaviour = {
  metadata: { name: 'Interviewee' },
  spec: { description: 'You are {{persona.fullName}}.' },
};

describe('constants', () => {
  it('match spec sections 3 and 9', () => {
    expect(resourceKinds).toEqual(['persona', 'problem', 'behaviour']);
    expect(solutionFormats).toEqual(['text', 'mermaid', 'yaml', 'markdown', 'html', 'json', 'xml']);
    expect(processValues).toEqual(['requirements-elicitation', 'game']);
    expect(PROCESS_LABELS).toEqual({ 'requirements-elicitation': 'Req. Elicitation', game: 'Game' });
    expect(RESOURCE_COLLECTIONS).toEqual({
      persona: 'personas',
      problem: 'problems',
      behaviour: 'behaviours',
    });
    expect(Object.keys(RESOURCE_BODY_SCHEMAS)).toEqual([...resourceKinds]);
  });
});

describe('resource body defaults', () => {
  it('fills apiVersion v1, version 1.0.0 and solution format text, and trims the name', () => {
    expect(personaBodySchema.parse({ ...persona, metadata: { name: '  Margaret Thompson ' } })).toEqual({
      apiVersion: 'v1',
      metadata: { name: 'Margaret Thompson', version: '1.0.0' },
      spec: { fullName: 'Margaret Thompson' },
    });
    expect(problemBodySchema.parse(problem).spec.solutionFormat).toBe('text');
  });

  it('keeps unknown spec fields so data round-trips, and drops unknown top-level fields', () => {
    const body = {
      ...behaviour,
      id: 'x',
      user: { id: 'u' },
      isPublished: true,
      spec: { ...behaviour.spec, temperature: 0.3, steps: [{ say: 'hi' }] },
    };
    const parsed = behaviourBodySchema.parse(body);
    expect(parsed).toEqual({
      apiVersion: 'v1',
      metadata: { name: 'Interviewee', version: '1.0.0' },
      spec: { description: 'You are {{persona.fullName}}.', temperature: 0.3, steps: [{ say: 'hi' }] },
    });
    expect(behaviourBodySchema.parse(parsed)).toEqual(parsed);
  });

  it('accepts a full problem with nested and dotted maps', () => {
    const full = {
      apiVersion: 'v1',
      metadata: { name: 'P', version: '2.1.0' },
      spec: {
        description: 'd',
        personaBackground: 'b',
        details: 'x',
        solution: 'classDiagram',
        solutionFormat: 'mermaid',
        process: ['requirements-elicitation', 'game'],
        extends: { persona: { spec: { personality: ['busy'] } } },
        overrides: { 'behaviour.spec.role': 'host' },
        constrainedTo: { 'behaviour.spec.process': ['game'] },
      },
    };
    expect(problemBodySchema.parse(full)).toEqual(full);
  });

  it('accepts a personality written as text or as a list', () => {
    for (const personality of ['calm', ['calm', 'busy']]) {
      expect(
        personaBodySchema.safeParse({ ...persona, spec: { ...persona.spec, personality } }).success,
      ).toBe(true);
    }
  });
});

describe('messages name what is wrong', () => {
  it('for the envelope', () => {
    expect(issuesOf(personaBodySchema, {})).toEqual({
      metadata: 'Metadata is required',
      spec: 'Spec is required',
    });
    expect(issuesOf(personaBodySchema, { ...persona, apiVersion: 'v2', spec: [] })).toEqual({
      apiVersion: 'API version must be one of: v1',
      spec: 'Spec must be an object',
    });
    expect(issuesOf(personaBodySchema, { ...persona, metadata: { name: '   ', version: '1.0' } })).toEqual({
      'metadata.name': 'Name is required',
      'metadata.version': 'Version must look like x.y.z (for example 1.0.0)',
    });
    expect(
      issuesOf(personaBodySchema, { ...persona, metadata: { name: 'x'.repeat(MAX_NAME_LENGTH + 1) } }),
    ).toEqual({
      'metadata.name': `Name must be at most ${MAX_NAME_LENGTH} characters`,
    });
  });

  it('for a persona', () => {
    expect(
      issuesOf(personaBodySchema, {
        ...persona,
        spec: { fullName: ' ', firstName: 3, personality: [1], subjectPronoum: false },
      }),
    ).toEqual({
      'spec.fullName': 'Full name is required',
      'spec.firstName': 'First name must be text',
      'spec.personality': 'Personality must be text or a list of texts',
      'spec.subjectPronoum': 'Subject pronoun must be text',
    });
    expect(issuesOf(personaBodySchema, { ...persona, spec: {} })).toEqual({
      'spec.fullName': 'Full name is required',
    });
  });

  it('for a problem', () => {
    expect(
      issuesOf(problemBodySchema, {
        ...problem,
        spec: {
          solution: 4,
          solutionFormat: 'pdf',
          process: ['interview'],
          extends: ['x'],
          overrides: 'x',
          constrainedTo: 1,
        },
      }),
    ).toEqual({
      'spec.description': 'Description is required',
      'spec.solution': 'Solution must be text',
      'spec.solutionFormat': 'Solution format must be one of: text, mermaid, yaml, markdown, html, json, xml',
      'spec.process.0': 'Process must be one of: requirements-elicitation, game',
      'spec.extends': 'Extensions must be an object',
      'spec.overrides': 'Overrides must be an object',
      'spec.constrainedTo': 'Constraints must be an object',
    });
  });

  it('for a behaviour', () => {
    expect(
      issuesOf(behaviourBodySchema, { ...behaviour, spec: { description: '', role: 1, process: 'game' } }),
    ).toEqual({
      'spec.description': 'Description is required',
      'spec.role': 'Role must be text',
      'spec.process': 'Process must be a list of process values',
    });
  });
});

describe('JSON Schema for the editor hints', () => {
  it.each(resourceKinds)('converts the %s body schema', (kind) => {
    const schema = z.toJSONSchema(RESOURCE_BODY_SCHEMAS[kind], { io: 'input' }) as unknown as {
      properties: { spec: { additionalProperties?: unknown } };
    };
    expect(schema.properties.spec).toBeDefined();
    expect(schema.properties.spec.additionalProperties).not.toBe(false);
  });
});
