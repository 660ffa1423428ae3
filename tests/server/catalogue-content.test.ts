import { fileURLToPath } from 'node:url';
import {
  type CatalogueResource,
  leiaPartsOf,
  loadCatalogueDir,
  resourceBodyOf,
} from '@server/catalogue/load';
import { generateLeia, silentLogger } from '@shared/engine';
import { RESOURCE_BODY_SCHEMAS, type ResourceKind } from '@shared/schemas/resources';
import { parse as parseYaml } from 'yaml';

/** The real starter catalogue, exactly as the importer will read it. No database involved. */
const catalogueDir = fileURLToPath(new URL('../../src/server/catalogue', import.meta.url));
const catalogue = await loadCatalogueDir(catalogueDir);

const ofKind = (kind: ResourceKind) => catalogue.resources.filter((resource) => resource.kind === kind);
const specOf = (kind: ResourceKind, name: string) =>
  catalogue.resources.find((resource) => resource.kind === kind && resource.metadata.name === name)!
    .spec as Record<string, unknown>;
const KNOWN_PLACEHOLDER = /\{\{\s*(persona|problem|behaviour)\.[^}]*\}\}/;

const allStrings = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(allStrings);
  return [];
};

const generate = (leia: (typeof catalogue.leias)[number]) =>
  generateLeia(leiaPartsOf(catalogue, leia), { logger: silentLogger });

describe('starter catalogue content', () => {
  it('has enough of each kind', () => {
    expect(ofKind('persona').length).toBeGreaterThanOrEqual(4);
    expect(ofKind('problem').length).toBeGreaterThanOrEqual(4);
    expect(ofKind('behaviour').length).toBeGreaterThanOrEqual(3);
    expect(catalogue.leias.length).toBeGreaterThanOrEqual(4);
  });

  it.each(catalogue.resources.map((resource) => [resource.file, resource] as [string, CatalogueResource]))(
    '%s is a valid resource body that round-trips through the shared schema',
    (_file, resource) => {
      const body = resourceBodyOf(resource);
      const parsed = RESOURCE_BODY_SCHEMAS[resource.kind].safeParse(body);
      expect(parsed.error?.issues ?? []).toEqual([]);
      expect(parsed.data).toEqual(body);
      expect(resource.metadata.version).toBe('1.0.0');
    },
  );

  it('gives every persona a full, human profile', () => {
    for (const persona of ofKind('persona')) {
      const spec = persona.spec as Record<string, unknown>;
      for (const field of [
        'fullName',
        'firstName',
        'description',
        'personality',
        'subjectPronoum',
        'objectPronoum',
        'possesivePronoum',
        'possesiveAdjective',
      ]) {
        expect(spec[field], `${persona.file}: ${field}`).toEqual(expect.stringMatching(/\S/));
      }
      expect((spec.fullName as string).startsWith(spec.firstName as string)).toBe(true);
    }
  });

  it('gives every problem all its fields, covering both processes and several solution formats', () => {
    for (const problem of ofKind('problem')) {
      for (const field of ['description', 'personaBackground', 'details', 'solution']) {
        expect((problem.spec as Record<string, unknown>)[field], `${problem.file}: ${field}`).toEqual(
          expect.stringMatching(/\S/),
        );
      }
      expect((problem.spec as { process?: string[] }).process?.length, problem.file).toBeGreaterThan(0);
      expect(problem.spec.constrainedTo, `${problem.file} says which behaviours it suits`).toBeDefined();
    }
    const problems = ofKind('problem').map((problem) => problem.spec as Record<string, unknown>);
    const formats = problems.map((spec) => spec.solutionFormat);
    expect(formats).toEqual(expect.arrayContaining(['mermaid', 'yaml']));
    expect(problems.flatMap((spec) => spec.process as string[])).toEqual(
      expect.arrayContaining(['requirements-elicitation', 'game']),
    );
    expect(problems.some((spec) => spec.extends)).toBe(true);
    expect(problems.some((spec) => spec.overrides)).toBe(true);
  });

  it('writes solutions that are valid in their declared format', () => {
    for (const problem of ofKind('problem')) {
      const { solution, solutionFormat } = problem.spec as { solution: string; solutionFormat: string };
      if (solutionFormat === 'mermaid')
        expect(solution).toMatch(/^(classDiagram|flowchart|sequenceDiagram|erDiagram)/);
      if (solutionFormat === 'yaml') expect(parseYaml(solution)).toBeTypeOf('object');
      if (solutionFormat === 'markdown') expect(solution).toMatch(/^# /);
      // a literal "{{" would be taken for a placeholder
      expect(solution).not.toContain('{{');
    }
  });

  it('makes the requirements interviewee a full system-prompt template', () => {
    const description = specOf('behaviour', 'Requirements interviewee').description as string;
    for (const placeholder of [
      '{{persona.fullName}}',
      '{{persona.firstName}}',
      '{{persona.description}}',
      '{{persona.personality}}',
      '{{problem.description}}',
      '{{problem.personaBackground}}',
      '{{problem.details}}',
      '{{problem.solution}}',
    ]) {
      expect(description).toContain(placeholder);
    }
    expect(description).toMatch(/never say or hint that you are/i);
    expect(description).toMatch(/Never state the solution outright/);
    expect(description).toMatch(/Be passive/);
  });

  it.each(catalogue.leias.map((leia) => [leia.metadata.name, leia] as const))(
    'generates %s with no error, no ignored edit and no leftover placeholder',
    (_name, leia) => {
      const result = generate(leia);
      if (!result.ok) throw new Error(`${leia.file}: ${result.errors.join('; ')}`);
      expect(result.warnings).toEqual([]);
      for (const kind of ['persona', 'problem', 'behaviour'] as const) {
        for (const text of allStrings(result.leia[kind].spec)) expect(text).not.toMatch(KNOWN_PLACEHOLDER);
      }
      const prompt = result.leia.behaviour.spec.description as string;
      const persona = leiaPartsOf(catalogue, leia).persona.spec as { fullName: string };
      expect(prompt).toContain(`You are ${persona.fullName}`);
    },
  );

  it('applies the problems’ extends and overrides', () => {
    const byName = (name: string) => {
      const result = generate(catalogue.leias.find((leia) => leia.metadata.name === name)!);
      if (!result.ok) throw new Error(result.errors.join('; '));
      return result.leia;
    };
    const library = byName('Library room booking interview');
    expect(library.persona.spec.personality).toMatch(/, protective of her front-desk team$/);
    const clinic = byName('Clinic appointment reminders interview');
    expect(clinic.persona.spec.description).toMatch(/\. In this interview she speaks for the whole clinic/);
    const bakery = byName('Bakery order process interview');
    expect(bakery.behaviour.spec.role).toBe(
      'Operations manager describing how wholesale orders are handled today',
    );
  });

  it('has problems whose constraints really reject an unsuitable behaviour', () => {
    const game = catalogue.leias.find((leia) => leia.spec.problem === 'Mystery object game')!;
    const parts = leiaPartsOf(catalogue, game);
    const interviewee = catalogue.resources.find(
      (resource) => resource.metadata.name === 'Requirements interviewee',
    )!;
    const result = generateLeia(
      { ...parts, behaviour: resourceBodyOf(interviewee) },
      { logger: silentLogger },
    );
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]).toMatch(
      /^Constraint not met: behaviour\.spec\.process\. No compatible processes found\./,
    );
  });
});
