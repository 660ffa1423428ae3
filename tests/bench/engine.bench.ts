import { fileURLToPath } from 'node:url';
import { leiaPartsOf, loadCatalogueDir } from '@server/catalogue/load';
import { generateLeia, type LeiaParts, silentLogger } from '@shared/engine';
import type { BenchRow } from './types';

/**
 * Throughput of the generation engine on the starter catalogue's LEIAs: the wizard preview runs it on
 * every edit and the server on every LEIA it saves or starts, so it must stay far below a millisecond.
 */
const TARGET_OPS_PER_SECOND = 50_000;
const WARM_UP_MS = 300;
const MEASURE_MS = 1_500;
/** Calls between clock reads, so reading the clock costs nothing measurable. */
const BATCH = 500;

const catalogueDir = fileURLToPath(new URL('../../src/server/catalogue', import.meta.url));

/** Calls generateLeia round-robin over `cases` for about `ms` milliseconds; returns calls per second. */
const throughput = (cases: readonly LeiaParts[], ms: number): number => {
  let calls = 0;
  let failures = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < BATCH; i++) {
      if (!generateLeia(cases[(calls + i) % cases.length]!, { logger: silentLogger }).ok) failures++;
    }
    calls += BATCH;
    elapsed = performance.now() - start;
  }
  if (failures > 0) throw new Error(`${failures} of ${calls} generations failed`);
  return (calls / elapsed) * 1000;
};

const row = (benchmark: string, opsPerSecond: number): BenchRow => ({
  benchmark,
  metric: 'throughput',
  value: Math.round(opsPerSecond),
  unit: 'ops/s',
  target: `> ${TARGET_OPS_PER_SECOND} ops/s`,
  met: opsPerSecond > TARGET_OPS_PER_SECOND,
});

export async function run(): Promise<BenchRow[]> {
  const catalogue = await loadCatalogueDir(catalogueDir);
  const cases = catalogue.leias.map((leia) => leiaPartsOf(catalogue, leia));
  if (cases.length === 0) throw new Error('The catalogue has no LEIAs to measure');
  // The LEIA with the longest behaviour template: the most placeholder work per call.
  const heaviest = cases.reduce((a, b) =>
    String(b.behaviour.spec.description).length > String(a.behaviour.spec.description).length ? b : a,
  );

  throughput(cases, WARM_UP_MS);
  const mixed = throughput(cases, MEASURE_MS);
  const worst = throughput([heaviest], MEASURE_MS);
  return [
    row(`generateLeia, ${cases.length} catalogue LEIAs round-robin`, mixed),
    row('generateLeia, heaviest catalogue LEIA', worst),
  ];
}
