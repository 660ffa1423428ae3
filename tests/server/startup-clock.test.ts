import { buildApp } from '@server/app';
import { createStartupClock } from '@server/startup-clock';
import { createTestDatabase } from '../support/test-database';
import { testConfig } from './helpers';

/** The start-up's phases (src/server/startup-clock.ts): timed, and logged at debug level. */

describe('the start-up clock', () => {
  it('logs each phase with its duration, those ended before the logger as soon as it is attached', async () => {
    const clock = createStartupClock();
    const lines: { details: object; message: string }[] = [];
    clock.record('before', 5, 12.25);
    clock.attach({ debug: (details, message) => lines.push({ details, message }) });
    await clock.time('after', async () => {});
    expect(lines[0]).toEqual({ details: { phase: 'before', ms: 7.3, at: 12.3 }, message: 'start-up phase' });
    expect(lines[1]).toMatchObject({ details: { phase: 'after' }, message: 'start-up phase' });
    expect(clock.phases.map((phase) => phase.name)).toEqual(['before', 'after']);
  });

  it('times the phases of a server’s start, and the work that waits until it is ready', async () => {
    const clock = createStartupClock();
    const database = await createTestDatabase();
    const app = await buildApp(testConfig({ databaseUrl: database.databaseUrl, dataDir: database.dataDir }), {
      clock,
    });
    try {
      const names = () => clock.phases.map((phase) => phase.name);
      expect(names()).toEqual(
        expect.arrayContaining(['database ready', 'start-up queries', 'routes registered']),
      );
      // The database's own: opening PGlite on its thread, or connecting to PostgreSQL; then migrations.
      expect(names()).toEqual(
        expect.arrayContaining([
          database.databaseUrl ? 'database: connected' : 'database thread: PGlite opened',
          expect.stringMatching(/migrations checked$/),
        ]),
      );
      expect(names()).not.toContain('after start: views backfill');
      await app.ready();
      await vi.waitFor(() => expect(names()).toContain('after start: views backfill'));
      for (const phase of clock.phases) expect(phase.ms).toBeGreaterThanOrEqual(0);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
