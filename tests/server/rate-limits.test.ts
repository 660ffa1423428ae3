import { RATE_LIMIT_TEXTS, type RateLimited, type RateLimitName } from '@shared/rate-limits';
import type { Job } from '@shared/schemas/leak-check';
import type { LightMyRequestResponse } from 'fastify';
import {
  evaluateSession,
  evaluateTranscription,
  libraryParts,
  startDesignCheck,
  startLeakCheck,
  waitForJob,
} from './evaluation/helpers';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import { createLeia, createResource, type Parts } from './resource-helpers';
import { initialize, regenerate, send, startSession } from './runner-helpers';

/**
 * Fair-use limits per account (issue 21, item 2): every call that costs model time or significant
 * CPU is limited per account, answered 429 with Retry-After and a message naming what was limited
 * and when to retry, the figures in `data`. Here each allows 2 uses a minute.
 */

const TWO_A_MINUTE = { max: 2, windowSeconds: 60 };

let t: TestApp;
let parts: Parts;
let leiaId: string;
beforeAll(async () => {
  t = await createTestApp({
    limits: {
      chatSessions: TWO_A_MINUTE,
      chatReplies: TWO_A_MINUTE,
      transcriptions: TWO_A_MINUTE,
      evaluations: TWO_A_MINUTE,
      leakChecks: TWO_A_MINUTE,
      classJoins: TWO_A_MINUTE,
      classMessages: TWO_A_MINUTE,
    },
  });
  const behaviour = await createResource(t, t.admin.token, 'behaviour', undefined, true);
  parts = await libraryParts(t, t.admin.token, behaviour);
  // Publishing the LEIA publishes its parts: every account may use both.
  leiaId = (await createLeia(t, t.admin.token, parts, { publish: true })).id;
});
afterAll(() => t.close());

const messages = [
  { text: 'What rooms do you have?', timestamp: '2024-01-31T09:30:00Z', isLeia: false },
  { text: 'Every room has a capacity.', timestamp: '2024-01-31T09:30:05Z', isLeia: true },
];

/** What a caller keeps between its calls: its chat session, and how many turns it took. */
interface Caller {
  user: TestUser;
  session?: string;
  turns: number;
}
const callerOf = async (): Promise<Caller> => ({ user: await t.createUser('instructor'), turns: 0 });
const sessionOf = async (caller: Caller) => {
  caller.session ??= await startSession(t, caller.user.token, { leia: leiaId });
  return caller.session;
};

/** Each limited call, made by `caller` (the limit counts their account). */
const calls: Array<[RateLimitName, string, (caller: Caller) => Promise<LightMyRequestResponse>]> = [
  ['chatSessions', 'POST /runner/initialize', ({ user }) => initialize(t, user.token, { leia: leiaId })],
  [
    'chatReplies',
    'POST /runner/{id}/messages and /regenerate',
    async (caller) => {
      const session = await sessionOf(caller);
      // Messages and regenerations share one allowance: both are a reply from the model.
      return caller.turns++ % 2 === 0
        ? send(t, caller.user.token, session, 'Hello')
        : regenerate(t, caller.user.token, session);
    },
  ],
  [
    'transcriptions',
    'POST /runner/transcriptions/generate',
    ({ user }) =>
      t.request({
        method: 'POST',
        url: '/api/v1/runner/transcriptions/generate',
        token: user.token,
        payload: { leia: leiaId },
      }),
  ],
  [
    'evaluations',
    'POST /evaluations',
    ({ user }) => evaluateTranscription(t, user.token, { leia: leiaId, messages }),
  ],
  [
    'evaluations',
    'POST /runner/{id}/evaluation',
    async (caller) => {
      const session = await sessionOf(caller);
      // Something to evaluate: one turn (chat replies have an allowance of their own).
      if (caller.turns++ === 0) await send(t, caller.user.token, session, 'What rooms do you have?');
      return evaluateSession(t, caller.user.token, session);
    },
  ],
  [
    'leakChecks',
    'POST /leias/{id}/leak-check',
    async ({ user }) =>
      finished(
        user,
        await startLeakCheck(t, user.token, leiaId, { runs: 1, maxTurns: 2, styles: ['pushy'] }),
      ),
  ],
  [
    'leakChecks',
    'POST /leak-checks',
    async ({ user }) =>
      finished(
        user,
        await startDesignCheck(t, user.token, {
          spec: { persona: parts.persona.id, problem: parts.problem.id, behaviour: parts.behaviour.id },
          runs: 1,
          maxTurns: 2,
          styles: ['pushy'],
        }),
      ),
  ],
];

/** A started check is waited for, so the next one meets the rate limit and not the running one. */
async function finished(user: TestUser, response: LightMyRequestResponse) {
  if (response.statusCode === 202) await waitForJob(t, user.token, response.json<Job>().id);
  return response;
}

describe.each(calls)('%s: %s', (limit, _route, call) => {
  it('allows the allowance, then answers 429 with Retry-After and what was limited; other accounts go on', async () => {
    const caller = await callerOf();
    for (let use = 1; use <= 2; use++) {
      const response = await call(caller);
      expect(response.statusCode, `use ${use}: ${response.body}`).toBeLessThan(300);
    }
    const refused = await call(caller);
    expect(refused.statusCode, refused.body).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const limited: RateLimited = { limit, max: 2, windowSeconds: 60, retryAfterSeconds: retryAfter };
    expect(refused.json()).toEqual({ message: RATE_LIMIT_TEXTS.limited(limited), data: limited });
    expect(refused.json().message).toMatch(
      /^Too many .+: at most 2 per minute\. Try again in \d+ seconds?\.$/,
    );

    const theirs = await call(await callerOf());
    expect(theirs.statusCode, theirs.body).toBeLessThan(300);
  });
});

describe('failed logins', () => {
  it('are refused on the same limit service, with Retry-After and the same kind of message', async () => {
    const limited = await createTestApp({ loginMaxFailures: 2 });
    try {
      const attempt = () =>
        limited.request({
          method: 'POST',
          url: '/api/v1/users/login',
          payload: { email: limited.admin.email, password: 'wrong' },
          remoteAddress: '10.0.0.9',
        });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      const refused = await attempt();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().data).toMatchObject({ limit: 'loginFailures', max: 2, windowSeconds: 60 });
      expect(refused.json().message).toMatch(
        /^Too many failed login attempts: at most 2 per minute\. Try again in/,
      );
    } finally {
      await limited.close();
    }
  });
});
