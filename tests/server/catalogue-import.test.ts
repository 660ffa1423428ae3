import { spawnSync } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@server/app';
import { exportCatalogue } from '@server/catalogue/export';
import { importCatalogue } from '@server/catalogue/import';
import { CatalogueError, loadCatalogueDir } from '@server/catalogue/load';
import { seedCatalogue } from '@server/catalogue/seed';
import type { Db } from '@server/db/client';
import { leias, resources, users } from '@server/db/schema';
import { catalogueDir, projectRoot } from '@server/paths';
import type { Leia } from '@shared/schemas/leias';
import type { ResourceItem } from '@shared/schemas/resource-api';
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase } from '../support/test-database';
import { ADMIN_EMAIL, createTestApp, type TestApp, testConfig } from './helpers';
import { createLeia, createResource, personaBody } from './resource-helpers';

const STARTER = { resources: 17, leias: 9 };

const dbOf = (t: TestApp): Db => (t.app as FastifyInstance).ctx.db;
const counts = async (db: Db) => ({
  resources: Number((await db.select({ n: count() }).from(resources))[0]!.n),
  leias: Number((await db.select({ n: count() }).from(leias))[0]!.n),
});

/** Everything that must survive a round trip, without ids, owners and times. */
async function contents(db: Db) {
  const resourceRows = await db
    .select()
    .from(resources)
    .orderBy(asc(resources.kind), asc(resources.name), asc(resources.version));
  const leiaRows = await db.select().from(leias).orderBy(asc(leias.name), asc(leias.version));
  const partOf = (id: string) => {
    const row = resourceRows.find((candidate) => candidate.id === id)!;
    return `${row.kind}:${row.name}@${row.version}`;
  };
  const leiaOf = (id: string | null) => {
    const row = leiaRows.find((candidate) => candidate.id === id);
    return row ? `${row.name}@${row.version}` : null;
  };
  const withoutIds = (spec: Leia['spec']) =>
    Object.fromEntries(Object.entries(spec).map(([kind, part]) => [kind, { ...part, id: undefined }]));
  return {
    resources: resourceRows.map((row) => ({
      kind: row.kind,
      name: row.name,
      version: row.version,
      spec: row.spec,
      note: row.note,
      derivedFrom: row.derivedFromId ? partOf(row.derivedFromId) : null,
    })),
    leias: leiaRows.map((row) => ({
      name: row.name,
      version: row.version,
      note: row.note,
      derivedFrom: leiaOf(row.derivedFromId),
      description: row.description,
      parts: [partOf(row.personaId), partOf(row.problemId), partOf(row.behaviourId)],
      spec: withoutIds(row.spec as unknown as Leia['spec']),
    })),
  };
}

let temp: string[] = [];
const tempDir = async () => {
  const dir = await mkdtemp(join(tmpdir(), 'leia-catalogue-test-'));
  temp.push(dir);
  return dir;
};
afterEach(async () => {
  await Promise.all(temp.map((dir) => rm(dir, { recursive: true, force: true })));
  temp = [];
});

/** A copy of the starter catalogue to spoil. */
const starterCopy = async () => {
  const dir = await tempDir();
  await cp(catalogueDir, dir, { recursive: true, filter: (source) => !source.endsWith('.ts') });
  return dir;
};

// One database for the import tests, in order: refusals first (the database stays empty), then the
// starter catalogue; the apps are slow to start, so they are shared.
describe('importCatalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('rejects a bad file before touching the database', async () => {
    const dir = await starterCopy();
    await writeFile(
      join(dir, 'problems/zz-bad.yaml'),
      'kind: problem\nmetadata:\n  name: Bad\nspec:\n  solutionFormat: pdf\n',
    );
    const error = await loadCatalogueDir(dir).catch((caught: unknown) => caught);
    expect((error as CatalogueError).problems).toEqual([
      'problems/zz-bad.yaml: spec.description: Description is required',
      'problems/zz-bad.yaml: spec.solutionFormat: Solution format must be one of: text, mermaid, yaml, markdown, html, json, xml',
    ]);
    expect(await counts(dbOf(t))).toEqual({ resources: 0, leias: 0 });
  });

  it('imports nothing when one LEIA fails its constraints, and names the file', async () => {
    const dir = await starterCopy();
    await writeFile(
      join(dir, 'leias/zz-broken.yaml'),
      'kind: leia\nmetadata:\n  name: Broken\nspec:\n  persona: Sam Lindqvist\n  problem: Mystery object game\n  behaviour: Requirements interviewee\n',
    );
    const error = await importCatalogue(dbOf(t), await loadCatalogueDir(dir)).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CatalogueError);
    expect((error as CatalogueError).problems).toEqual([
      expect.stringMatching(
        /^leias\/zz-broken\.yaml: LEIA generation failed: Constraint not met: behaviour\.spec\.process\. No compatible processes found\./,
      ),
    ]);
    // The resources before it were rolled back with it.
    expect(await counts(dbOf(t))).toEqual({ resources: 0, leias: 0 });
  });

  it('imports the starter catalogue, owned by the first admin and published, LEIAs resolved', async () => {
    const report = await importCatalogue(dbOf(t), await loadCatalogueDir(catalogueDir));
    expect(report?.created).toHaveLength(STARTER.resources + STARTER.leias);
    expect(await counts(dbOf(t))).toEqual(STARTER);
    const rows = await dbOf(t).select().from(leias);
    for (const row of rows) {
      expect(row.ownerId).toBe(t.admin.id);
      expect(row.isPublished).toBe(true);
      expect(JSON.stringify(row.spec)).not.toMatch(/\{\{(persona|problem|behaviour)\./);
    }
    const stored = await dbOf(t).select().from(resources);
    expect(stored.every((row) => row.ownerId === t.admin.id && row.isPublished)).toBe(true);
    // The API sees them like any other.
    const list = await t.request({
      method: 'GET',
      url: '/api/v1/leias?version=latest',
      token: t.admin.token,
    });
    expect(list.json()).toHaveLength(STARTER.leias);
  });

  it('skips what is already there, so importing twice changes nothing', async () => {
    const before = await contents(dbOf(t));
    const again = await importCatalogue(dbOf(t), await loadCatalogueDir(catalogueDir));
    expect(again?.created).toEqual([]);
    expect(again?.skipped).toHaveLength(STARTER.resources + STARTER.leias);
    expect(await contents(dbOf(t))).toEqual(before);
  });

  it('names the file whose version is lower than one already stored, and imports nothing', async () => {
    await createResource(t, t.admin.token, 'persona', {
      ...personaBody('Zed'),
      metadata: { name: 'Zed', version: '2.0.0' },
    });
    const dir = await tempDir();
    await cp(join(catalogueDir, 'problems'), join(dir, 'problems'), { recursive: true });
    await cp(join(catalogueDir, 'personas'), join(dir, 'personas'), { recursive: true });
    await writeFile(
      join(dir, 'personas/zed.yaml'),
      'kind: persona\nmetadata:\n  name: Zed\nspec:\n  fullName: Zed\n',
    );
    const before = await counts(dbOf(t));
    const error = await importCatalogue(dbOf(t), await loadCatalogueDir(dir)).catch(
      (caught: unknown) => caught,
    );
    expect((error as CatalogueError).problems).toEqual([
      'personas/zed.yaml: Version 1.0.0 must be higher than the latest version of "Zed", 2.0.0',
    ]);
    expect(await counts(dbOf(t))).toEqual(before);
  });

  it('is not repeated by the first-start seed once resources exist', async () => {
    expect(await seedCatalogue(dbOf(t))).toBeNull();
  });
});

describe('exportCatalogue', () => {
  let source: TestApp;
  let target: TestApp;
  beforeAll(async () => {
    source = await createTestApp();
    target = await createTestApp();
  });
  afterAll(async () => {
    await source.close();
    await target.close();
  });

  it('round-trips resources and LEIAs, pinning a part version only where a LEIA uses an older one', async () => {
    await importCatalogue(dbOf(source), await loadCatalogueDir(catalogueDir));
    const [oldPersona] = await dbOf(source)
      .select()
      .from(resources)
      .where(eq(resources.name, 'Margaret Thompson'));
    // A newer version of a part with an unknown spec field, and a LEIA still on the old version.
    // ... with a change note and where it came from, which the export carries.
    await createResource(source, source.admin.token, 'persona', {
      ...personaBody('Margaret Thompson', { nickname: 'Maggie' }),
      metadata: { name: 'Margaret Thompson', version: '1.1.0' },
      note: 'Adds her nickname',
      derivedFrom: oldPersona!.id,
    });
    const [problem] = await dbOf(source)
      .select()
      .from(resources)
      .where(eq(resources.name, 'Library room booking'));
    const [behaviour] = await dbOf(source)
      .select()
      .from(resources)
      .where(eq(resources.name, 'Requirements interviewee'));
    const part = (row: typeof oldPersona) => ({ id: row!.id }) as ResourceItem;
    await createLeia(
      source,
      source.admin.token,
      { persona: part(oldPersona), problem: part(problem), behaviour: part(behaviour) },
      { name: 'Pinned: old Margaret' },
    );

    const dir = await tempDir();
    const report = await exportCatalogue(dbOf(source), dir);
    expect(report.files).toContain('personas/margaret-thompson-1.0.0.yaml');
    expect(report.files).toContain('personas/margaret-thompson-1.1.0.yaml');
    expect(report.files).toContain('leias/library-room-booking-interview.yaml');
    const pinned = await readFile(join(dir, 'leias/pinned-old-margaret.yaml'), 'utf8');
    expect(pinned).toContain('persona:\n    name: Margaret Thompson\n    version: 1.0.0');
    expect(pinned).toContain('problem: Library room booking');

    await importCatalogue(dbOf(target), await loadCatalogueDir(dir));
    expect(await contents(dbOf(target))).toEqual(await contents(dbOf(source)));
  });

  it('refuses a folder that already holds catalogue files', async () => {
    const dir = await starterCopy();
    await expect(exportCatalogue(dbOf(source), dir)).rejects.toThrow(/already holds catalogue files/);
  });
});

describe('seed on first start', () => {
  it('loads the starter catalogue into an empty database, once', { timeout: 60_000 }, async () => {
    const t = await createTestApp({ seedCatalogue: true });
    try {
      expect(await counts(dbOf(t))).toEqual(STARTER);
      const [admin] = await dbOf(t).select().from(users).where(eq(users.email, ADMIN_EMAIL));
      const owners = await dbOf(t).selectDistinct({ ownerId: leias.ownerId }).from(leias);
      expect(owners).toEqual([{ ownerId: admin!.id }]);
      expect(await seedCatalogue(dbOf(t))).toBeNull();
      expect(await counts(dbOf(t))).toEqual(STARTER);
    } finally {
      await t.close();
    }
  });
});

describe('npm run catalogue', () => {
  /** A real database the CLI (another process) can open: a PGlite folder, or a PostgreSQL database. */
  const withDatabase = async (run: (env: NodeJS.ProcessEnv) => Promise<void>) => {
    const database = await createTestDatabase();
    const dataDir = database.databaseUrl ? 'memory://' : join(await tempDir(), 'data');
    const env = database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : { LEIA_DATA_DIR: dataDir };
    try {
      // The server's first start creates the admin who will own the import.
      const app = await buildApp(testConfig({ databaseUrl: database.databaseUrl, dataDir }));
      await app.close();
      await run(env);
    } finally {
      await database.drop();
    }
  };
  const cli = (env: NodeJS.ProcessEnv, ...args: string[]) =>
    spawnSync(process.execPath, ['scripts/catalogue.mjs', ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: '', LEIA_DATA_DIR: '', ...env },
      encoding: 'utf8',
    });

  it('imports and exports against the configured database, with exit codes', {
    timeout: 120_000,
  }, async () => {
    await withDatabase(async (env) => {
      const imported = cli(env, 'import', catalogueDir);
      expect(imported.stderr).toBe('');
      expect(imported.status).toBe(0);
      expect(imported.stdout).toContain(
        `catalogue: ${STARTER.resources + STARTER.leias} imported, 0 skipped`,
      );

      const dir = await tempDir();
      const exported = cli(env, 'export', dir);
      expect(exported.status).toBe(0);
      expect(exported.stdout).toContain(`catalogue: ${STARTER.resources + STARTER.leias} files written`);
      expect((await loadCatalogueDir(dir)).leias).toHaveLength(STARTER.leias);

      const broken = await starterCopy();
      await writeFile(join(broken, 'personas/zz.yaml'), 'kind: persona\nmetadata: [\n');
      const refused = cli(env, 'import', broken);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('catalogue: nothing was changed.');
      expect(refused.stderr).toContain('personas/zz.yaml: not valid YAML');

      const usage = cli(env, 'publish', dir);
      expect(usage.status).toBe(2);
      expect(usage.stderr).toContain('usage: npm run catalogue -- import <dir>');
    });
  });

  it('explains that an import needs the first admin', { timeout: 60_000 }, async () => {
    const dir = join(await tempDir(), 'empty-data');
    const result = cli({ LEIA_DATA_DIR: dir, DATABASE_URL: '' }, 'import', catalogueDir);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the database has no administrator to own the catalogue');
  });
});
