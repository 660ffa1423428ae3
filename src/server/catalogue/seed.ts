import type { Db } from '../db/client';
import { resources } from '../db/schema';
import { catalogueDir } from '../paths';
import { type ImportReport, importCatalogue } from './import';
import { loadCatalogueDir } from './load';

/**
 * First start: an empty database (no resources at all) gets the starter catalogue, owned by the
 * first admin and published. A database that has resources costs one indexed query at start-up;
 * the YAML is read only when there is something to seed.
 */
export async function seedCatalogue(db: Db, dir = catalogueDir): Promise<ImportReport | null> {
  const [any] = await db.select({ id: resources.id }).from(resources).limit(1);
  if (any) return null;
  try {
    return await importCatalogue(db, await loadCatalogueDir(dir), { onlyIntoEmpty: true });
  } catch (error) {
    throw new Error(`Could not load the starter catalogue from ${dir}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
