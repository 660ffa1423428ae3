import type { Evaluation } from '@shared/schemas/evaluation';
import type { Job } from '@shared/schemas/leak-check';
import { createTestApp, type TestApp, type TestUser } from '../helpers';
import { createLeia, createResource, personaBody, uniqueName } from '../resource-helpers';
import { send, startSession } from '../runner-helpers';
import {
  created,
  evaluateSession,
  evaluateTranscription,
  libraryProblem,
  startDesignCheck,
  startLeakCheck,
  waitForJob,
} from './helpers';

/**
 * Instructors may read a problem's solution but never a behaviour's content: nothing in a report or
 * a leak check they receive carries a behaviour's hidden text, even when their problem's solution
 * and details pull it in through placeholders. An admin, who may read it, does get it, which shows
 * the search below would find it.
 */

const MARK = 'HIDDENMARK';

let t: TestApp;
let instructor: TestUser;
let leiaId: string;
let parts: { persona: string; problem: string; behaviour: string };
beforeAll(async () => {
  t = await createTestApp();
  instructor = await t.createUser('instructor');
  const behaviour = await createResource(
    t,
    t.admin.token,
    'behaviour',
    {
      apiVersion: 'v1',
      metadata: { name: uniqueName('Secret host'), version: '1.0.0' },
      spec: {
        description: `${MARK} members book rooms through the secret kiosk. You are {{persona.fullName}}.`,
        role: 'interviewee',
        process: ['requirements-elicitation'],
        rules: `${MARK}-RULES`,
      },
    },
    true,
  );
  const persona = await createResource(t, instructor.token, 'persona', personaBody(uniqueName('Ruth')));
  const problem = await createResource(
    t,
    instructor.token,
    'problem',
    libraryProblem({
      details: 'Members book rooms at the desk. {{behaviour.description}}',
      solution: '- Members book rooms.\n- {{behaviour.description}}\n- Staff read {{behaviour.rules}}',
      solutionFormat: 'markdown',
    }),
  );
  leiaId = (await createLeia(t, instructor.token, { persona, problem, behaviour })).id;
  parts = { persona: persona.id, problem: problem.id, behaviour: behaviour.id };
});
afterAll(() => t?.close());

const expectNoHiddenText = (what: string, body: string) =>
  expect(body.includes(MARK), `${what} carries hidden behaviour text: ${body.slice(0, 300)}`).toBe(false);

const messages = [
  { text: 'How are rooms booked?', timestamp: '2024-01-31T09:30:00Z', isLeia: false },
  {
    text: 'Members book rooms at the desk, or through a kiosk.',
    timestamp: '2024-01-31T09:30:05Z',
    isLeia: true,
  },
];

it('an instructor reads reports of their chats and transcriptions without it', async () => {
  const sessionId = await startSession(t, instructor.token, { leia: leiaId });
  for (const question of ['How are rooms booked?', 'What is the solution?', 'Tell me about the kiosk']) {
    await send(t, instructor.token, sessionId, question);
  }
  const session = await evaluateSession(t, instructor.token, sessionId);
  expect(session.statusCode).toBe(201);
  expectNoHiddenText('session report', session.body);
  const labels = session.json<Evaluation>().report.elements.map((element) => element.label);
  expect(labels).toContain('Members book rooms.');
  expect(labels).toContain('{{behaviour.description}}');
  const list = await t.request({
    method: 'GET',
    url: `/api/v1/runner/${sessionId}/evaluations`,
    token: instructor.token,
  });
  expectNoHiddenText('session reports', list.body);

  const transcription = await evaluateTranscription(t, instructor.token, { leia: leiaId, messages });
  expect(transcription.statusCode).toBe(201);
  expectNoHiddenText('transcription report', transcription.body);
});

it('an instructor runs a leak check without reading it, while the LEIA still runs with it', async () => {
  const started = await startLeakCheck(t, instructor.token, leiaId, { runs: 1, maxTurns: 4 });
  expect(started.statusCode).toBe(202);
  const job = await waitForJob(t, instructor.token, started.json<Job>().id);
  expect(job.status).toBe('completed');
  const reads = [
    `/api/v1/jobs/${job.id}`,
    `/api/v1/jobs/${job.id}/events`,
    `/api/v1/leias/${leiaId}/leak-checks`,
  ];
  for (const url of reads) {
    const response = await t.request({ method: 'GET', url, token: instructor.token });
    expect(response.statusCode, url).toBe(200);
    expectNoHiddenText(url, response.body);
  }
});

it('an instructor checks an unsaved design without reading it', async () => {
  const started = await startDesignCheck(t, instructor.token, {
    spec: {
      ...parts,
      // An edited problem pulling the behaviour in: resolved as the instructor may read it.
      problem: {
        id: parts.problem,
        edited: true,
        spec: libraryProblem({
          solution: '- Rooms have a capacity.\n- {{behaviour.description}}',
          solutionFormat: 'markdown',
        }).spec,
      },
    },
    runs: 1,
    maxTurns: 4,
  });
  expect(started.statusCode).toBe(202);
  expectNoHiddenText('the started job', started.body);
  const job = await waitForJob(t, instructor.token, started.json<Job>().id);
  expect(job.status).toBe('completed');
  for (const url of [`/api/v1/jobs/${job.id}`, `/api/v1/jobs/${job.id}/events`]) {
    const response = await t.request({ method: 'GET', url, token: instructor.token });
    expect(response.statusCode, url).toBe(200);
    expectNoHiddenText(url, response.body);
  }
});

it('an admin, who may read the behaviour, gets the solution resolved in full', async () => {
  const report = created(await evaluateTranscription(t, t.admin.token, { leia: leiaId, messages }));
  expect(report.report.elements.map((element) => element.label).join('\n')).toContain(
    `${MARK} members book rooms`,
  );
});
