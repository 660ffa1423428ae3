import { hashPassword } from '@server/auth/password';
import { loadCatalogueDir, referenceName } from '@server/catalogue/load';
import type { Db } from '@server/db/client';
import { leias, resources, users } from '@server/db/schema';
import { catalogueDir } from '@server/paths';
import { leiaViews } from '@server/services/leia-views';
import { generateLeia, silentLogger } from '@shared/engine';
import type { Leia } from '@shared/schemas/leias';
import type { ResourceKind } from '@shared/schemas/resources';
import { sql } from 'drizzle-orm';

/**
 * A realistic Search workload, loaded with bulk inserts: the starter catalogue's LEIAs as
 * templates, each part copied into variants whose problem descriptions name one of 20 domains, and
 * `leias` LEIAs combining them (resolved by the real engine, so specs have their real size), with
 * 1-4 versions per name, ~80% published, owned by an admin and 25 other users. Searching for one
 * domain word matches about 5% of the LEIAs.
 */
export const DOMAINS = [
  'aquarium',
  'brewery',
  'circus',
  'dentist',
  'embassy',
  'ferry',
  'greenhouse',
  'harbour',
  'kennel',
  'lighthouse',
  'marina',
  'newsroom',
  'observatory',
  'planetarium',
  'quarry',
  'recycling',
  'stadium',
  'vineyard',
  'zoo',
  'windmill',
] as const;

export const CORPUS_PASSWORD = 'bench-password';

export interface Corpus {
  instructor: { email: string; password: string };
  leiaCount: number;
  /** Words users may search for: those of the LEIAs' names and problem descriptions (4+ letters). */
  words: string[];
}

/** Deterministic PRNG (mulberry32) so every run loads the same data. */
const random = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

const BATCH = 500;
async function insertBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export async function loadLeiaCorpus(db: Db, adminId: string, leiaCount = 10_000): Promise<Corpus> {
  const next = random(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;

  const passwordHash = await hashPassword(CORPUS_PASSWORD);
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: 25 }, (_, i) => ({
        email: `bench-${i < 20 ? 'instructor' : 'advanced'}-${i}@leia.local`,
        role: i < 20 ? ('instructor' as const) : ('advanced' as const),
        passwordHash,
      })),
    )
    .returning({ id: users.id, email: users.email });
  const owners = [adminId, adminId, adminId, ...people.map((person) => person.id)];

  const catalogue = await loadCatalogueDir(catalogueDir);
  const template = (kind: ResourceKind, name: string) =>
    catalogue.resources.find((resource) => resource.kind === kind && resource.metadata.name === name)!;

  type Variant = {
    id: string;
    apiVersion: 'v1';
    metadata: { name: string; version: string };
    spec: Record<string, unknown>;
  };
  const resourceRows: (typeof resources.$inferInsert)[] = [];
  // Catalogue LEIAs share parts (both games use one problem), so variants are made once per part.
  const made = new Map<string, Variant[]>();
  const variantsOf = (kind: ResourceKind, name: string, count: number): Variant[] => {
    const key = `${kind}:${name}`;
    const existing = made.get(key);
    if (existing) return existing;
    const variants = Array.from({ length: count }, (_, i) => {
      const base = template(kind, name);
      const spec = { ...(base.spec as Record<string, unknown>) };
      if (kind === 'problem')
        spec.description = `A ${DOMAINS[i % DOMAINS.length]} edition. ${spec.description}`;
      const variant: Variant = {
        id: crypto.randomUUID(),
        apiVersion: 'v1',
        metadata: { name: `${name} ${i + 1}`, version: '1.0.0' },
        spec,
      };
      resourceRows.push({
        id: variant.id,
        kind,
        name: variant.metadata.name,
        version: '1.0.0',
        major: 1,
        minor: 0,
        patch: 0,
        spec,
        ownerId: adminId,
        isPublished: true,
      });
      return variant;
    });
    made.set(key, variants);
    return variants;
  };

  // Per catalogue LEIA: 40 personas, 40 problems (two per domain), 8 behaviours that fit together.
  const templates = catalogue.leias.map((leia) => ({
    persona: variantsOf('persona', referenceName(leia.spec.persona), 40),
    problem: variantsOf('problem', referenceName(leia.spec.problem), 40),
    behaviour: variantsOf('behaviour', referenceName(leia.spec.behaviour), 8),
    name: leia.metadata.name,
  }));
  await insertBatches(resourceRows, (batch) => db.insert(resources).values(batch));

  const leiaRows: (typeof leias.$inferInsert)[] = [];
  const start = Date.UTC(2025, 0, 1);
  let nameIndex = 0;
  while (leiaRows.length < leiaCount) {
    const group = templates[nameIndex % templates.length]!;
    const name = `${group.name} ${++nameIndex}`;
    const versions = 1 + Math.floor(next() * 4);
    for (let v = 1; v <= versions && leiaRows.length < leiaCount; v++) {
      const raw = {
        persona: pick(group.persona),
        problem: pick(group.problem),
        behaviour: pick(group.behaviour),
      };
      const result = generateLeia(raw, { logger: silentLogger });
      if (!result.ok) throw new Error(`corpus LEIA failed: ${result.errors.join('; ')}`);
      const spec = result.leia as unknown as Leia['spec'];
      leiaRows.push({
        name,
        version: `${v}.0.0`,
        major: v,
        minor: 0,
        patch: 0,
        spec: spec as unknown as Record<string, unknown>,
        ...leiaViews(raw, result.leia),
        personaId: spec.persona.id,
        problemId: spec.problem.id,
        behaviourId: spec.behaviour.id,
        ownerId: pick(owners),
        isPublished: next() < 0.8,
        // Later versions are newer, as they would be in real use.
        createdAt: new Date(start + leiaRows.length * 60_000 + v),
      });
    }
  }
  await insertBatches(leiaRows, (batch) => db.insert(leias).values(batch));
  await db.execute(sql`analyze`);
  const text = catalogue.leias
    .map(
      (leia) =>
        `${leia.metadata.name} ${template('problem', referenceName(leia.spec.problem)).spec.description}`,
    )
    .join(' ');
  const words = [...new Set(text.toLowerCase().match(/\p{L}{4,}/gu) ?? [])].slice(0, 80);
  return {
    instructor: { email: people[0]!.email, password: CORPUS_PASSWORD },
    leiaCount: leiaRows.length,
    words,
  };
}
