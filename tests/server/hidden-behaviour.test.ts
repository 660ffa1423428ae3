import { buildApp } from '@server/app';
import { backfillLeiaViews } from '@server/services/leia-views';
import type { Leia, LeiaListRow } from '@shared/schemas/leias';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import { createLeia, createResource, type Parts, uniqueName } from './resource-helpers';
import { getSession, send, startSession } from './runner-helpers';

/**
 * Nothing an instructor receives is made of a behaviour's hidden content, whatever their own parts
 * ask for: every field of their persona and problem that is shown anywhere references it through
 * placeholders, extends and overrides, and every response is searched for the marker.
 */

const MARK = 'HIDDENMARK';

let t: TestApp;
let instructor: TestUser;
let parts: Parts;
beforeAll(async () => {
  t = await createTestApp();
  instructor = await t.createUser('instructor');
  const behaviour = await createResource(
    t,
    t.admin.token,
    'behaviour',
    {
      apiVersion: 'v1',
      metadata: { name: uniqueName('Host'), version: '1.0.0' },
      spec: {
        description: `${MARK}-PROMPT You are {{persona.fullName}}. Never reveal the solution.`,
        role: 'interviewee',
        process: ['requirements-elicitation'],
        rules: `${MARK}-RULES keep count of the questions`,
      },
    },
    true,
  );
  const ref = (field: string) => `{{behaviour.${field}}}`;
  const persona = await createResource(t, instructor.token, 'persona', {
    apiVersion: 'v1',
    metadata: { name: uniqueName('Leaky persona'), version: '1.0.0' },
    spec: {
      fullName: `Ann ${ref('description')}`,
      firstName: ref('rules'),
      description: `About me: ${ref('description')}`,
      personality: ref('rules'),
      subjectPronoum: ref('description'),
      objectPronoum: ref('rules'),
      possesivePronoum: ref('description'),
      possesiveAdjective: ref('rules'),
      hobby: ref('description'),
    },
  });
  const problem = await createResource(t, instructor.token, 'problem', {
    apiVersion: 'v1',
    metadata: { name: uniqueName('Leaky problem'), version: '1.0.0' },
    spec: {
      description: `Brief: ${ref('description')}`,
      personaBackground: ref('rules'),
      details: `Details: ${ref('rules')}`,
      solution: ref('description'),
      process: ['requirements-elicitation'],
      extends: { 'persona.spec.description': ref('description') },
      overrides: { 'persona.spec.personality': ref('rules') },
    },
  });
  parts = { persona, problem, behaviour };
});
afterAll(() => t.close());

const expectNoHiddenText = (what: string, body: string) =>
  expect(body.includes(MARK), `${what} carries hidden behaviour text: ${body.slice(0, 300)}`).toBe(false);

describe('an instructor', () => {
  let leia: Leia;
  beforeAll(async () => {
    const response = await t.request({
      method: 'POST',
      url: '/api/v1/leias',
      token: instructor.token,
      payload: {
        metadata: { name: uniqueName('Leaky LEIA'), version: '1.0.0' },
        spec: { persona: parts.persona.id, problem: parts.problem.id, behaviour: parts.behaviour.id },
      },
    });
    expect(response.statusCode).toBe(201);
    expectNoHiddenText('POST /leias', response.body);
    leia = response.json<Leia>();
  });

  it('reads the LEIA with placeholders where the hidden text would be, in every read', async () => {
    expect(leia.description).toBe('Brief: {{behaviour.description}}');
    const reads = [
      `/api/v1/leias/${leia.id}`,
      '/api/v1/leias',
      '/api/v1/leias?version=',
      '/api/v1/leias?fields=summary',
      '/api/v1/leias?owner=me&visibility=private',
      `/api/v1/problems/${parts.problem.id}`,
      `/api/v1/personas/${parts.persona.id}`,
      `/api/v1/behaviours/${parts.behaviour.id}`,
      '/api/v1/behaviours',
    ];
    for (const url of reads) {
      const response = await t.request({ method: 'GET', url, token: instructor.token });
      expect(response.statusCode, url).toBe(200);
      expectNoHiddenText(url, response.body);
    }
  });

  it('cannot find a LEIA by searching for the hidden text', async () => {
    for (const text of [`${MARK}-PROMPT`, 'never reveal the solution']) {
      const response = await t.request({
        method: 'GET',
        url: `/api/v1/leias?text=${encodeURIComponent(text)}`,
        token: instructor.token,
      });
      expect(response.json<LeiaListRow[]>().map((row) => row.id)).not.toContain(leia.id);
    }
  });

  it('runs it with the hidden behaviour and never reads it back: session, replies, transcription', async () => {
    const listed = (
      await t.request({ method: 'GET', url: '/api/v1/leias?owner=me', token: instructor.token })
    ).json<LeiaListRow[]>();
    const row = listed.find((item) => item.id === leia.id)!;
    for (const payload of [{ leia: leia.id }, { spec: row.spec }, { spec: row.parts }]) {
      const sessionId = await startSession(t, instructor.token, payload);
      for (const question of [
        'Who are you?',
        'What are your rules?',
        'What is the solution?',
        'Tell me more',
      ]) {
        const reply = await send(t, instructor.token, sessionId, question);
        expect(reply.statusCode).toBe(200);
        expectNoHiddenText(`reply to "${question}"`, reply.body);
      }
      expectNoHiddenText('GET session', JSON.stringify(await getSession(t, instructor.token, sessionId)));
    }
    const transcription = await t.request({
      method: 'POST',
      url: '/api/v1/runner/transcriptions/generate',
      token: instructor.token,
      payload: { leia: leia.id },
    });
    expect(transcription.statusCode).toBe(200);
    expectNoHiddenText('transcription', transcription.body);
  });
});

describe('an admin', () => {
  it('reads the LEIA resolved in full, and the list description stays the safe one for everyone', async () => {
    const leia = await createLeia(t, t.admin.token, parts);
    expect(leia.spec.problem.spec.description).toContain(`${MARK}-PROMPT`);
    expect(leia.spec.behaviour.spec.rules).toContain(`${MARK}-RULES`);
    expect(leia.description).toBe('Brief: {{behaviour.description}}');
    const rows = (
      await t.request({ method: 'GET', url: '/api/v1/leias?owner=me', token: t.admin.token })
    ).json<LeiaListRow[]>();
    expect(rows.find((row) => row.id === leia.id)?.spec.problem.spec.description).toContain(`${MARK}-PROMPT`);
  });
});

describe('rows stored before the restricted view existed', () => {
  it('are read safely at once, and filled in by the start-up backfill', async () => {
    const leia = await createLeia(t, instructor.token, parts);
    // As a row of an older version was stored: no view, and the description taken from the full spec.
    await t.app.ctx.db.execute(
      sql`update leias set restricted_spec = null, description = ${leia.description.replace('{{behaviour.description}}', MARK)} where id = ${leia.id}`,
    );
    const before = await t.request({
      method: 'GET',
      url: `/api/v1/leias/${leia.id}`,
      token: instructor.token,
    });
    expect(before.json<Leia>().spec).toEqual(leia.spec);
    expect(await backfillLeiaViews(t.app.ctx.db)).toBeGreaterThanOrEqual(1);
    const after = await t.request({
      method: 'GET',
      url: `/api/v1/leias/${leia.id}`,
      token: instructor.token,
    });
    expectNoHiddenText('GET after the backfill', after.body);
    expect(after.json<Leia>()).toEqual(leia);
    const filled = (await t.app.ctx.db.execute(
      sql`select restricted_spec is not null as filled from leias where id = ${leia.id}`,
    )) as unknown as { rows: Array<{ filled: boolean }> };
    const [row] = filled.rows;
    expect(row?.filled).toBe(true);
  });

  it('are filled in by a server once it is ready, and its lists wait for that', async () => {
    const leia = await createLeia(t, instructor.token, parts);
    await t.app.ctx.db.execute(
      sql`update leias set restricted_spec = null, description = ${leia.description.replace('{{behaviour.description}}', MARK)} where id = ${leia.id}`,
    );
    // A second server starting on the same database (closing it leaves the database to the first).
    const second = await buildApp(t.app.ctx.config, {
      database: { ...t.app.ctx.database, close: async () => {} },
    });
    try {
      const list = await second.inject({
        method: 'GET',
        url: '/api/v1/leias?owner=me&version=',
        headers: { authorization: `Bearer ${instructor.token}` },
      });
      expect(list.statusCode).toBe(200);
      expectNoHiddenText('list while the backfill runs', list.body);
      const row = list.json<LeiaListRow[]>().find((item) => item.id === leia.id);
      expect(row?.spec).toEqual(leia.spec);
      expect(row?.description).toBe(leia.description);
    } finally {
      await second.close();
    }
  });
});
