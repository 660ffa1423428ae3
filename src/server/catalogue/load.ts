import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResourceKind } from '@shared/schemas/resources';
import { compareVersions } from '@shared/semver';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import {
  CATALOGUE_FOLDERS,
  type CatalogueKind,
  type CatalogueLeiaFile,
  type CataloguePartReference,
  type CatalogueResourceFile,
  catalogueFileSchema,
} from './format';

/** A parsed file, with where it came from (relative to the catalogue folder) for error messages. */
export type CatalogueResource = CatalogueResourceFile & { file: string };
export type CatalogueLeia = CatalogueLeiaFile & { file: string };

export interface Catalogue {
  resources: CatalogueResource[];
  leias: CatalogueLeia[];
}

/** Every problem found, one line each ("problems/x.yaml: spec.solutionFormat: ..."). */
export class CatalogueError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid catalogue:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'CatalogueError';
  }
}

const YAML_FILE = /\.ya?ml$/i;

const formatIssues = (file: string, error: z.ZodError): string[] =>
  error.issues.map(
    (issue) => `${file}: ${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`,
  );

const listYamlFiles = async (dir: string): Promise<string[]> => {
  try {
    return (await readdir(dir)).filter((name) => YAML_FILE.test(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
};

/** The name a part reference points at, with its pinned version if any. */
export const referenceName = (reference: CataloguePartReference): string =>
  typeof reference === 'string' ? reference : reference.name;
const describeReference = (reference: CataloguePartReference): string =>
  typeof reference === 'string'
    ? `named '${reference}'`
    : `named '${reference.name}' with version ${reference.version}`;

/** The highest version of a name (or the pinned version) among the catalogue's resources of `kind`. */
export const findCatalogueResource = (
  resources: readonly CatalogueResource[],
  kind: ResourceKind,
  reference: CataloguePartReference,
): CatalogueResource | undefined =>
  resources
    .filter(
      (resource) =>
        resource.kind === kind &&
        resource.metadata.name === referenceName(reference) &&
        (typeof reference === 'string' || resource.metadata.version === reference.version),
    )
    .sort((a, b) => compareVersions(b.metadata.version, a.metadata.version))[0];

/** A catalogue resource as an API resource body: `{apiVersion, metadata, spec}`. */
export const resourceBodyOf = ({ apiVersion, metadata, spec }: CatalogueResource) => ({
  apiVersion,
  metadata,
  spec,
});

/**
 * The persona, problem and behaviour a catalogue LEIA names, as bodies ready for `generateLeia`.
 * Throws when one is missing (loadCatalogueDir has already rejected such catalogues).
 */
export const leiaPartsOf = (catalogue: Catalogue, leia: CatalogueLeia) => {
  const part = (kind: ResourceKind) => {
    const resource = findCatalogueResource(catalogue.resources, kind, leia.spec[kind]);
    if (!resource)
      throw new CatalogueError([
        `${leia.file}: spec.${kind}: no ${kind} ${describeReference(leia.spec[kind])}`,
      ]);
    return resourceBodyOf(resource);
  };
  return { persona: part('persona'), problem: part('problem'), behaviour: part('behaviour') };
};

const parseFile = async (dir: string, file: string, folderKind: CatalogueKind, problems: string[]) => {
  let document: unknown;
  try {
    document = parseYaml(await readFile(join(dir, file), 'utf8'));
  } catch (error) {
    problems.push(`${file}: not valid YAML: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  }
  const parsed = catalogueFileSchema.safeParse(document);
  if (!parsed.success) {
    problems.push(...formatIssues(file, parsed.error));
    return undefined;
  }
  if (parsed.data.kind !== folderKind) {
    problems.push(`${file}: kind '${parsed.data.kind}' belongs in ${CATALOGUE_FOLDERS[parsed.data.kind]}/`);
    return undefined;
  }
  return { ...parsed.data, file };
};

const checkUnique = (items: ReadonlyArray<CatalogueResource | CatalogueLeia>, problems: string[]): void => {
  const seen = new Map<string, string>();
  for (const item of items) {
    const key = `${item.kind} '${item.metadata.name}' version ${item.metadata.version}`;
    const first = seen.get(key);
    if (first) problems.push(`${item.file}: ${key} is already defined in ${first}`);
    else seen.set(key, item.file);
  }
};

const checkReferences = (catalogue: Catalogue, problems: string[]): void => {
  for (const leia of catalogue.leias) {
    for (const kind of ['persona', 'problem', 'behaviour'] as const) {
      const reference = leia.spec[kind];
      if (!findCatalogueResource(catalogue.resources, kind, reference)) {
        problems.push(
          `${leia.file}: spec.${kind}: no ${kind} ${describeReference(reference)} in ${CATALOGUE_FOLDERS[kind]}/`,
        );
      }
    }
  }
};

/**
 * Reads, parses and validates every YAML file of a catalogue folder (personas/, problems/,
 * behaviours/, leias/). Throws a CatalogueError listing every problem, each naming its file, when
 * anything is wrong: bad YAML, a field the shared schemas reject, a kind in the wrong folder, a
 * duplicate name and version, or a LEIA naming a resource that does not exist.
 */
export const loadCatalogueDir = async (dir: string): Promise<Catalogue> => {
  const isFolder = await stat(dir).then(
    (found) => found.isDirectory(),
    () => false,
  );
  if (!isFolder) throw new CatalogueError([`${dir}: no such folder`]);
  const problems: string[] = [];
  const catalogue: Catalogue = { resources: [], leias: [] };
  let files = 0;
  for (const [kind, folder] of Object.entries(CATALOGUE_FOLDERS) as Array<[CatalogueKind, string]>) {
    for (const name of await listYamlFiles(join(dir, folder))) {
      files++;
      const item = await parseFile(dir, `${folder}/${name}`, kind, problems);
      if (item?.kind === 'leia') catalogue.leias.push(item);
      else if (item) catalogue.resources.push(item);
    }
  }
  // An empty import is almost always a wrong path; say so instead of reporting "0 imported".
  if (files === 0) {
    const folders = Object.values(CATALOGUE_FOLDERS).join('/, ');
    throw new CatalogueError([`${dir}: no catalogue files (YAML files in ${folders}/)`]);
  }
  checkUnique(catalogue.resources, problems);
  checkUnique(catalogue.leias, problems);
  checkReferences(catalogue, problems);
  if (problems.length > 0) throw new CatalogueError(problems);
  return catalogue;
};
