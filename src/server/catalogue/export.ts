import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ResourceKind } from '@shared/schemas/resources';
import { asc, desc } from 'drizzle-orm';
import { stringify } from 'yaml';
import type { Db } from '../db/client';
import { leias, resources } from '../db/schema';
import { CATALOGUE_FOLDERS, type CatalogueKind, type CataloguePartReference } from './format';
import { CatalogueError } from './load';

export interface ExportReport {
  /** Written files, relative to the target folder. */
  files: string[];
}

/** File names from item names: lower-case words joined by dashes ("Library room booking" -> library-room-booking). */
const slug = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'item';

const YAML_FILE = /\.ya?ml$/i;

/** Refuses to mix an export with YAML already in the target: an import reads every file there. */
async function assertNoCatalogueIn(dir: string): Promise<void> {
  const clashes: string[] = [];
  for (const folder of Object.values(CATALOGUE_FOLDERS)) {
    const names = await readdir(join(dir, folder)).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [] as string[];
      throw error;
    });
    clashes.push(...names.filter((name) => YAML_FILE.test(name)).map((name) => `${folder}/${name}`));
  }
  if (clashes.length > 0) {
    throw new CatalogueError([
      `${dir} already holds catalogue files (${clashes.slice(0, 3).join(', ')}${clashes.length > 3 ? ', ...' : ''}); export into an empty folder`,
    ]);
  }
}

/**
 * Writes every resource and LEIA of the database as catalogue YAML (the format of ./format.ts), one
 * file per item: `<folder>/<name>.yaml`, or `<name>-<version>.yaml` when a name has several versions.
 * Specs are written as stored, so unknown fields survive. A LEIA names its parts by name, pinning
 * `{name, version}` only when it was built on an older version of a part, so importing the export
 * rebuilds the same LEIAs. Owners and publication are not part of the format: an import makes the
 * first admin the owner and publishes everything.
 */
export async function exportCatalogue(db: Db, dir: string): Promise<ExportReport> {
  await assertNoCatalogueIn(dir);
  const resourceRows = await db
    .select()
    .from(resources)
    .orderBy(
      asc(resources.kind),
      asc(resources.name),
      desc(resources.major),
      desc(resources.minor),
      desc(resources.patch),
    );
  const leiaRows = await db
    .select()
    .from(leias)
    .orderBy(asc(leias.name), desc(leias.major), desc(leias.minor), desc(leias.patch));

  const files = new Map<string, string>();
  const versionsOf = new Map<string, number>();
  const count = (key: string) => versionsOf.set(key, (versionsOf.get(key) ?? 0) + 1);
  for (const row of resourceRows) count(`${row.kind}:${row.name}`);
  for (const row of leiaRows) count(`leia:${row.name}`);

  const place = (kind: CatalogueKind, name: string, version: string, document: unknown): void => {
    const base = versionsOf.get(`${kind}:${name}`)! > 1 ? `${slug(name)}-${version}` : slug(name);
    let file = `${CATALOGUE_FOLDERS[kind]}/${base}.yaml`;
    for (let n = 2; files.has(file); n++) file = `${CATALOGUE_FOLDERS[kind]}/${base}-${n}.yaml`;
    files.set(file, stringify(document, { lineWidth: 100 }));
  };

  // Rows are ordered newest version first, so the first row of a name is its latest.
  const byId = new Map(resourceRows.map((row) => [row.id, row]));
  const latestOf = new Map<string, string>();
  for (const row of resourceRows)
    if (!latestOf.has(`${row.kind}:${row.name}`)) latestOf.set(`${row.kind}:${row.name}`, row.id);
  const reference = (kind: ResourceKind, id: string): CataloguePartReference => {
    const row = byId.get(id)!;
    return latestOf.get(`${kind}:${row.name}`) === id ? row.name : { name: row.name, version: row.version };
  };

  // A version's note and the design it was derived from, named by name and version.
  const leiaById = new Map(leiaRows.map((row) => [row.id, row]));
  const history = (
    row: { note: string | null; derivedFromId: string | null },
    sources: Map<string, { name: string; version: string }>,
  ) => {
    const source = row.derivedFromId ? sources.get(row.derivedFromId) : undefined;
    return {
      ...(row.note && { note: row.note }),
      ...(source && { derivedFrom: { name: source.name, version: source.version } }),
    };
  };

  for (const row of resourceRows) {
    place(row.kind, row.name, row.version, {
      apiVersion: row.apiVersion,
      kind: row.kind,
      metadata: { name: row.name, version: row.version },
      ...history(row, byId),
      spec: row.spec,
    });
  }
  for (const row of leiaRows) {
    place('leia', row.name, row.version, {
      apiVersion: 'v1',
      kind: 'leia',
      metadata: { name: row.name, version: row.version },
      ...history(row, leiaById),
      spec: {
        persona: reference('persona', row.personaId),
        problem: reference('problem', row.problemId),
        behaviour: reference('behaviour', row.behaviourId),
      },
    });
  }

  for (const folder of Object.values(CATALOGUE_FOLDERS)) await mkdir(join(dir, folder), { recursive: true });
  for (const [file, text] of files) await writeFile(join(dir, file), text, { flag: 'wx' });
  return { files: [...files.keys()] };
}
