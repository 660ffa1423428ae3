import { noteSchema } from '@shared/schemas/history';
import {
  apiVersionSchema,
  behaviourBodySchema,
  metadataSchema,
  personaBodySchema,
  problemBodySchema,
  type ResourceKind,
  resourceNameSchema,
} from '@shared/schemas/resources';
import { versionSchema } from '@shared/semver';
import { z } from 'zod';

/**
 * The starter catalogue's file format: one YAML document per file, in a folder per kind.
 *
 *   personas/*.yaml, problems/*.yaml, behaviours/*.yaml:
 *     apiVersion: v1, kind: persona|problem|behaviour, metadata: {name, version}, spec: {...}
 *     (the spec is validated by the same shared schemas the API uses)
 *   leias/*.yaml:
 *     apiVersion: v1, kind: leia, metadata: {name, version},
 *     spec: {persona: <persona name>, problem: <problem name>, behaviour: <behaviour name>}
 *     (a name may also be written {name, version} to pin one version)
 *   any file may add `note` (the version's change note) and `derivedFrom: {name, version}` (the
 *   item of the same kind it was made from; imported as a lineage link)
 *
 * Top levels are strict so that a misspelt key ("metdata", "personas") is an error, not silently lost.
 */
export const CATALOGUE_FOLDERS = {
  persona: 'personas',
  problem: 'problems',
  behaviour: 'behaviours',
  leia: 'leias',
} as const;
export type CatalogueKind = keyof typeof CATALOGUE_FOLDERS;

/**
 * A version's change note and the design it was derived from, named (ids differ between databases):
 * `derivedFrom: {name, version}` of the same kind.
 */
const historyShape = {
  note: noteSchema,
  derivedFrom: z.strictObject({ name: resourceNameSchema, version: versionSchema }).optional(),
};

const catalogueResource = <K extends ResourceKind, S extends z.ZodRawShape>(kind: K, body: z.ZodObject<S>) =>
  z.strictObject({ ...body.shape, ...historyShape, kind: z.literal(kind) });

export const cataloguePersonaFileSchema = catalogueResource('persona', personaBodySchema);
export const catalogueProblemFileSchema = catalogueResource('problem', problemBodySchema);
export const catalogueBehaviourFileSchema = catalogueResource('behaviour', behaviourBodySchema);

/**
 * How a LEIA names a part: by resource name (the highest version of that name in the catalogue), or
 * as `{name, version}` for one exact version. The export writes the second form only for a LEIA
 * built on an older version of a part, so that an export imports back to the same LEIAs.
 */
export const cataloguePartReferenceSchema = z.union([
  resourceNameSchema,
  z.strictObject({ name: resourceNameSchema, version: versionSchema }),
]);
export type CataloguePartReference = z.infer<typeof cataloguePartReferenceSchema>;

export const catalogueLeiaFileSchema = z.strictObject({
  ...historyShape,
  apiVersion: apiVersionSchema,
  kind: z.literal('leia'),
  metadata: metadataSchema,
  spec: z.strictObject({
    persona: cataloguePartReferenceSchema,
    problem: cataloguePartReferenceSchema,
    behaviour: cataloguePartReferenceSchema,
  }),
});

export const catalogueFileSchema = z.discriminatedUnion(
  'kind',
  [
    cataloguePersonaFileSchema,
    catalogueProblemFileSchema,
    catalogueBehaviourFileSchema,
    catalogueLeiaFileSchema,
  ],
  { error: `kind must be one of: ${Object.keys(CATALOGUE_FOLDERS).join(', ')}` },
);

export type CatalogueFile = z.infer<typeof catalogueFileSchema>;
export type CatalogueResourceFile = Exclude<CatalogueFile, { kind: 'leia' }>;
export type CatalogueLeiaFile = z.infer<typeof catalogueLeiaFileSchema>;
