import type { Actor } from '@shared/permissions';
import { compareVersions } from '@shared/semver';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { leias, resources, users } from '../db/schema';
import { DomainError } from '../errors';
import { insertLeia, type LeiaPartInput } from '../services/leia-insert';
import { insertResource } from '../services/resources';
import { CATALOGUE_FOLDERS } from './format';
import { type Catalogue, CatalogueError, type CatalogueResource, findCatalogueResource } from './load';

/** What one import did, item by item ("persona 'Ann' 1.0.0"). */
export interface ImportReport {
  created: string[];
  /** Already in the database with the same name and version (versions never change): left alone. */
  skipped: string[];
}

/** Serialises imports (and the first-start seed) across every server process and the CLI. */
const IMPORT_LOCK = 'leia:catalogue-import';
const KIND_ORDER = Object.keys(CATALOGUE_FOLDERS);

const label = (kind: string, name: string, version: string) => `${kind} '${name}' ${version}`;

/** The first admin (the oldest admin account) owns imported items. */
async function catalogueOwner(tx: Tx): Promise<Actor> {
  const [admin] = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(1);
  if (!admin) {
    throw new Error(
      'the database has no administrator to own the catalogue; start the server once (it creates the first admin), then import',
    );
  }
  return admin;
}

/** An API error raised while importing `file` becomes a catalogue problem that names the file. */
async function naming<T>(file: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof DomainError) throw new CatalogueError([`${file}: ${error.message}`]);
    throw error;
  }
}

/**
 * Imports a loaded catalogue in ONE transaction: resources (oldest versions first) and then LEIAs,
 * all owned by the first admin and published, each LEIA resolved by the generation engine through the
 * same insert steps as the API. Items whose name and version already exist are skipped. Any failure
 * (a version lower than one already stored, a LEIA whose constraints fail) throws a CatalogueError
 * naming the file, and nothing at all is imported.
 *
 * `onlyIntoEmpty`: import nothing (and return null) unless the database has no resources yet, checked
 * under the import lock, so server processes starting together seed once.
 */
export async function importCatalogue(
  db: Db,
  catalogue: Catalogue,
  options: { onlyIntoEmpty?: boolean } = {},
): Promise<ImportReport | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${IMPORT_LOCK}, 0))`);
    if (
      options.onlyIntoEmpty &&
      (await tx.select({ id: resources.id }).from(resources).limit(1)).length > 0
    ) {
      return null;
    }
    const owner = await catalogueOwner(tx);
    const report: ImportReport = { created: [], skipped: [] };

    const ordered = [...catalogue.resources].sort(
      (a, b) =>
        KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
        a.metadata.name.localeCompare(b.metadata.name) ||
        compareVersions(a.metadata.version, b.metadata.version),
    );
    for (const resource of ordered) {
      const { kind, metadata } = resource;
      const what = label(kind, metadata.name, metadata.version);
      if (await storedResource(tx, resource)) {
        report.skipped.push(what);
        continue;
      }
      await naming(resource.file, () =>
        insertResource(
          tx,
          owner,
          kind,
          { apiVersion: resource.apiVersion, metadata, spec: resource.spec, note: resource.note },
          {
            publish: true,
          },
        ),
      );
      report.created.push(what);
    }

    for (const leia of catalogue.leias) {
      const what = label('LEIA', leia.metadata.name, leia.metadata.version);
      const [existing] = await tx
        .select({ id: leias.id })
        .from(leias)
        .where(and(eq(leias.name, leia.metadata.name), eq(leias.version, leia.metadata.version)));
      if (existing) {
        report.skipped.push(what);
        continue;
      }
      const part = async (kind: 'persona' | 'problem' | 'behaviour'): Promise<LeiaPartInput> => {
        const source = findCatalogueResource(catalogue.resources, kind, leia.spec[kind]);
        const row = source && (await storedResource(tx, source));
        // loadCatalogueDir has checked every reference, and every resource was stored above.
        if (!row) throw new CatalogueError([`${leia.file}: spec.${kind}: not found`]);
        return {
          id: row.id,
          apiVersion: row.apiVersion,
          metadata: { name: row.name, version: row.version },
          spec: row.spec,
          isPublished: row.isPublished,
        };
      };
      const parts = {
        persona: await part('persona'),
        problem: await part('problem'),
        behaviour: await part('behaviour'),
      };
      await naming(leia.file, () =>
        insertLeia(tx, owner, leia.metadata, parts, { publish: true, note: leia.note }),
      );
      report.created.push(what);
    }
    await linkLineage(tx, catalogue);
    return report;
  });
}

async function storedResource(tx: Tx, resource: Pick<CatalogueResource, 'kind' | 'metadata'>) {
  const [row] = await tx
    .select()
    .from(resources)
    .where(
      and(
        eq(resources.kind, resource.kind),
        eq(resources.name, resource.metadata.name),
        eq(resources.version, resource.metadata.version),
      ),
    );
  return row;
}

/**
 * Records where each item was derived from, once everything is stored (a source may come later in
 * the import order). A source that is neither in the catalogue nor in the database is an error.
 */
async function linkLineage(tx: Tx, catalogue: Catalogue): Promise<void> {
  const problems: string[] = [];
  for (const item of [...catalogue.resources, ...catalogue.leias]) {
    if (!item.derivedFrom) continue;
    const table = item.kind === 'leia' ? leias : resources;
    const scope = item.kind === 'leia' ? undefined : eq(resources.kind, item.kind);
    const find = (name: string, version: string) =>
      tx
        .select({ id: table.id })
        .from(table)
        .where(and(eq(table.name, name), eq(table.version, version), scope));
    const [source] = await find(item.derivedFrom.name, item.derivedFrom.version);
    const [self] = await find(item.metadata.name, item.metadata.version);
    if (!source) {
      problems.push(
        `${item.file}: derivedFrom: ${label(item.kind, item.derivedFrom.name, item.derivedFrom.version)} not found`,
      );
      continue;
    }
    await tx.update(table).set({ derivedFromId: source.id }).where(eq(table.id, self!.id));
  }
  if (problems.length > 0) throw new CatalogueError(problems);
}
