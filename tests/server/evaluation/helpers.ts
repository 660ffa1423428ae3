import type { Evaluation } from '@shared/schemas/evaluation';
import type { Job } from '@shared/schemas/leak-check';
import type { TestApp } from '../helpers';
import { createResource, type Parts, personaBody, problemBody, uniqueName } from '../resource-helpers';

/** Parts and calls shared by the evaluation and leak-check API tests. */

export const LIBRARY_SOLUTION = `classDiagram
  class Member {
    String cardNumber
    String email
  }
  class Room {
    int capacity
  }
  class Booking
  Member "1" --> "0..*" Booking : makes
  Booking "0..*" --> "1" Room : for`;

/** A problem the offline simulator can talk about: its details hold most of the solution's words. */
export const libraryProblem = (spec: Record<string, unknown> = {}) =>
  problemBody(uniqueName('Library problem'), {
    description:
      'The library wants a system for booking its study rooms. Members book rooms at the desk today.',
    details:
      'Every member has a card number and an email address. Each room has a capacity. A member makes bookings; each booking is for one room.',
    solution: LIBRARY_SOLUTION,
    solutionFormat: 'mermaid',
    ...spec,
  });

/** Persona and problem owned by `token`'s user, with a stored behaviour (published or theirs). */
export async function libraryParts(
  t: TestApp,
  token: string,
  behaviour: Parts['behaviour'],
  problem: Record<string, unknown> = {},
): Promise<Parts> {
  return {
    persona: await createResource(
      t,
      token,
      'persona',
      personaBody(uniqueName('Librarian'), { firstName: 'Ruth' }),
    ),
    problem: await createResource(t, token, 'problem', libraryProblem(problem)),
    behaviour,
  };
}

export async function evaluateSession(t: TestApp, token: string, sessionId: string, payload?: object) {
  return t.request({
    method: 'POST',
    url: `/api/v1/runner/${sessionId}/evaluation`,
    token,
    ...(payload && { payload }),
  });
}

export async function evaluateTranscription(t: TestApp, token: string, payload: object) {
  return t.request({ method: 'POST', url: '/api/v1/evaluations', token, payload });
}

export const created = (response: { statusCode: number; body: string; json<T>(): T }): Evaluation => {
  if (response.statusCode !== 201)
    throw new Error(`evaluation failed: ${response.statusCode} ${response.body}`);
  return response.json<Evaluation>();
};

export async function startLeakCheck(t: TestApp, token: string, leiaId: string, payload?: object) {
  return t.request({
    method: 'POST',
    url: `/api/v1/leias/${leiaId}/leak-check`,
    token,
    payload: payload ?? {},
  });
}

/** POST /leak-checks: a design not saved yet, as POST /runner/initialize takes it. */
export async function startDesignCheck(t: TestApp, token: string, payload?: object) {
  return t.request({ method: 'POST', url: '/api/v1/leak-checks', token, ...(payload && { payload }) });
}

export async function getJob(t: TestApp, token: string, id: string): Promise<Job> {
  const response = await t.request({ method: 'GET', url: `/api/v1/jobs/${id}`, token });
  if (response.statusCode !== 200) throw new Error(`GET job failed: ${response.statusCode} ${response.body}`);
  return response.json<Job>();
}

/** Reads the job until `done` says so (or 20 s pass). */
export async function waitForJob(
  t: TestApp,
  token: string,
  id: string,
  done: (job: Job) => boolean = (job) => job.status !== 'queued' && job.status !== 'running',
): Promise<Job> {
  const until = Date.now() + 20_000;
  for (;;) {
    const job = await getJob(t, token, id);
    if (done(job)) return job;
    if (Date.now() > until)
      throw new Error(`job ${id} still ${job.status} (${JSON.stringify(job.progress)})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
