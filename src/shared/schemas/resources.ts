import { z } from 'zod';
import { acceptableText } from '../input-rules';
import { DEFAULT_VERSION, versionSchema } from '../semver';
import { historyFieldsShape } from './history';

/**
 * The three resource kinds a LEIA is built from, as request bodies:
 * `{apiVersion, metadata: {name, version}, spec}`. Server routes parse with these and the client's
 * forms validate with the same schemas. Specs are loose objects: fields we do not know are kept, so
 * whatever a designer stores comes back unchanged.
 */
export const resourceKinds = ['persona', 'problem', 'behaviour'] as const;
export const resourceKindSchema = z.enum(resourceKinds, {
  error: `Kind must be one of: ${resourceKinds.join(', ')}`,
});
export type ResourceKind = z.infer<typeof resourceKindSchema>;

/** The API path segment of each kind: /api/v1/personas, /problems, /behaviours. */
export const RESOURCE_COLLECTIONS = {
  persona: 'personas',
  problem: 'problems',
  behaviour: 'behaviours',
} as const satisfies Record<ResourceKind, string>;

export const solutionFormats = ['text', 'mermaid', 'yaml', 'markdown', 'html', 'json', 'xml'] as const;
export type SolutionFormat = (typeof solutionFormats)[number];
export const DEFAULT_SOLUTION_FORMAT: SolutionFormat = 'text';

export const processValues = ['requirements-elicitation', 'game'] as const;
export type ProcessValue = (typeof processValues)[number];
/** Labels of the Process filter (step 1 of the design wizard). */
export const PROCESS_LABELS: Record<ProcessValue, string> = {
  'requirements-elicitation': 'Req. Elicitation',
  game: 'Game',
};

export const API_VERSIONS = ['v1'] as const;
export const DEFAULT_API_VERSION = 'v1';
/** Long enough for a descriptive title, short enough for a card title and a URL segment. */
export const MAX_NAME_LENGTH = 120;

export const RESOURCE_TEXTS = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${MAX_NAME_LENGTH} characters`,
  apiVersion: `API version must be one of: ${API_VERSIONS.join(', ')}`,
  solutionFormat: `Solution format must be one of: ${solutionFormats.join(', ')}`,
  process: `Process must be one of: ${processValues.join(', ')}`,
  processList: 'Process must be a list of process values',
  specRequired: 'Spec is required',
  specObject: 'Spec must be an object',
  metadataRequired: 'Metadata is required',
  // Verbatim product texts: the engine says the same about the same fields.
  constraintsObject: 'Constraints must be an object',
  extensionsObject: 'Extensions must be an object',
  overridesObject: 'Overrides must be an object',
} as const;

/** A spec text field; `label` names the field in messages ("Full name must be text"). */
const textField = (label: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required` : `${label} must be text`),
    })
    .superRefine(acceptableText(label));

/** Required text that is not only blanks. The text itself is kept as written (no trimming). */
const requiredText = (label: string) =>
  textField(label).refine((value) => value.trim().length > 0, `${label} is required`);

/** Object-level message of each spec schema, so a missing spec does not blame its first field. */
const specError = (issue: { input: unknown }) =>
  issue.input === undefined ? RESOURCE_TEXTS.specRequired : RESOURCE_TEXTS.specObject;

const objectField = (message: string) => z.record(z.string(), z.unknown(), { error: message });

export const processValueSchema = z.enum(processValues, { error: RESOURCE_TEXTS.process });
const processListSchema = z.array(processValueSchema, { error: RESOURCE_TEXTS.processList });

export const personaSpecSchema = z.looseObject(
  {
    fullName: requiredText('Full name'),
    firstName: textField('First name').optional(),
    description: textField('Description').optional(),
    /** Usually text; a list is accepted because a problem's `extends` may legitimately produce one. */
    personality: z
      .union([z.string(), z.array(z.string())], { error: 'Personality must be text or a list of texts' })
      .optional(),
    subjectPronoum: textField('Subject pronoun').optional(),
    objectPronoum: textField('Object pronoun').optional(),
    possesivePronoum: textField('Possessive pronoun').optional(),
    possesiveAdjective: textField('Possessive adjective').optional(),
  },
  { error: specError },
);

export const problemSpecSchema = z.looseObject(
  {
    description: requiredText('Description'),
    personaBackground: textField('Persona background').optional(),
    details: textField('Details').optional(),
    solution: textField('Solution').optional(),
    solutionFormat: z
      .enum(solutionFormats, { error: RESOURCE_TEXTS.solutionFormat })
      .default(DEFAULT_SOLUTION_FORMAT),
    /** Which kinds of activity the problem suits; the Process filter of the problem list reads it. */
    process: processListSchema.optional(),
    /** Path -> value maps, nested or dotted; their content is interpreted by the generation engine. */
    extends: objectField(RESOURCE_TEXTS.extensionsObject).optional(),
    overrides: objectField(RESOURCE_TEXTS.overridesObject).optional(),
    constrainedTo: objectField(RESOURCE_TEXTS.constraintsObject).optional(),
  },
  { error: specError },
);

/**
 * `process` of a behaviour: the product calls it a "list of steps", but its entity description and
 * the lists filter behaviours by the process values (Req. Elicitation, Game), and problems constrain
 * `behaviour.spec.process` by overlap with their own process values. So it is the ordered list of the
 * process values the behaviour supports, validated like a problem's, and shown as "Process Steps".
 * `description` is the system-prompt template the runner sends once placeholders are substituted.
 */
export const behaviourSpecSchema = z.looseObject(
  {
    description: requiredText('Description'),
    role: textField('Role').optional(),
    process: processListSchema.optional(),
  },
  { error: specError },
);

export const SPEC_SCHEMAS = {
  persona: personaSpecSchema,
  problem: problemSpecSchema,
  behaviour: behaviourSpecSchema,
} as const;

export const resourceNameSchema = z
  .string({ error: RESOURCE_TEXTS.nameRequired })
  .trim()
  .min(1, RESOURCE_TEXTS.nameRequired)
  .max(MAX_NAME_LENGTH, RESOURCE_TEXTS.nameTooLong)
  .superRefine(acceptableText('Name'));

export const metadataSchema = z.object(
  {
    name: resourceNameSchema,
    version: versionSchema.default(DEFAULT_VERSION),
  },
  { error: RESOURCE_TEXTS.metadataRequired },
);

export const apiVersionSchema = z
  .enum(API_VERSIONS, { error: RESOURCE_TEXTS.apiVersion })
  .default(DEFAULT_API_VERSION);

/**
 * `{apiVersion, metadata, spec}`, with an optional change `note` and the id it was `derivedFrom`;
 * anything else at the top level (id, user, timestamps) is dropped.
 */
const resourceBody = <S extends z.ZodType>(spec: S) =>
  z.object({ apiVersion: apiVersionSchema, metadata: metadataSchema, spec, ...historyFieldsShape });

export const personaBodySchema = resourceBody(personaSpecSchema);
export const problemBodySchema = resourceBody(problemSpecSchema);
export const behaviourBodySchema = resourceBody(behaviourSpecSchema);

export const RESOURCE_BODY_SCHEMAS = {
  persona: personaBodySchema,
  problem: problemBodySchema,
  behaviour: behaviourBodySchema,
} as const;

export type PersonaSpec = z.infer<typeof personaSpecSchema>;
export type ProblemSpec = z.infer<typeof problemSpecSchema>;
export type BehaviourSpec = z.infer<typeof behaviourSpecSchema>;
export type ResourceMetadata = z.infer<typeof metadataSchema>;

export type PersonaBody = z.infer<typeof personaBodySchema>;
export type ProblemBody = z.infer<typeof problemBodySchema>;
export type BehaviourBody = z.infer<typeof behaviourBodySchema>;
/** What a form holds before parsing (defaults not yet applied). */
export type PersonaBodyInput = z.input<typeof personaBodySchema>;
export type ProblemBodyInput = z.input<typeof problemBodySchema>;
export type BehaviourBodyInput = z.input<typeof behaviourBodySchema>;

export interface ResourceSpecs {
  persona: PersonaSpec;
  problem: ProblemSpec;
  behaviour: BehaviourSpec;
}
export type ResourceSpec<K extends ResourceKind = ResourceKind> = ResourceSpecs[K];
export type ResourceBody<K extends ResourceKind = ResourceKind> = {
  apiVersion: (typeof API_VERSIONS)[number];
  metadata: ResourceMetadata;
  spec: ResourceSpecs[K];
  note?: string | undefined;
  derivedFrom?: string | undefined;
};
