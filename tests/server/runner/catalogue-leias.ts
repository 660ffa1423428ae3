import { fileURLToPath } from 'node:url';
import { leiaPartsOf, loadCatalogueDir } from '@server/catalogue/load';
import type { ResolvedLeia } from '@server/runner/provider';
import { generateLeia, silentLogger } from '@shared/engine';

/** The starter catalogue's LEIAs as the generation engine resolves them, by name. */
export async function loadCatalogueLeias(): Promise<Map<string, ResolvedLeia>> {
  const catalogueDir = fileURLToPath(new URL('../../../src/server/catalogue', import.meta.url));
  const catalogue = await loadCatalogueDir(catalogueDir);
  return new Map(
    catalogue.leias.map((entry) => {
      const result = generateLeia(leiaPartsOf(catalogue, entry), { logger: silentLogger });
      if (!result.ok) throw new Error(`${entry.file}: ${result.errors.join('; ')}`);
      return [entry.metadata.name, result.leia] as const;
    }),
  );
}
