import {
  CLASS_PATHS,
  type ClassSessionDetail,
  STUDENT_COOKIE,
  STUDENT_PATHS,
  type StartClassSessionBody,
} from '@shared/schemas/class-sessions';
import { behaviourBody, personaBody, problemBody, uniqueName } from '../server/resource-helpers';

/**
 * A class session set up over HTTP, for tests and benchmarks that run the server in other
 * processes: a published activity of `leias` LEIAs (each of its own parts) and a session on it,
 * with the LEIAs' ids (a benchmark chats with them through the runner too).
 */
export async function setUpClass(
  base: string,
  token: string,
  options: { leias?: number; session?: Partial<StartClassSessionBody> } = {},
): Promise<{ session: ClassSessionDetail; leiaIds: string[] }> {
  const call = async (method: string, path: string, body?: object) => {
    const response = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body && { 'content-type': 'application/json' }) },
      ...(body && { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${await response.text()}`);
    return (await response.json()) as { id: string };
  };
  const activity = await call('POST', '/experiments', { name: uniqueName('Class activity') });
  const leiaIds: string[] = [];
  for (let i = 0; i < (options.leias ?? 3); i++) {
    const persona = await call('POST', '/personas?publish=true', personaBody());
    const problem = await call(
      'POST',
      '/problems?publish=true',
      problemBody(undefined, {
        solution: '- Customers order cakes online.\n- Orders are picked up on a chosen date.',
        solutionFormat: 'markdown',
      }),
    );
    const behaviour = await call('POST', '/behaviours?publish=true', behaviourBody());
    const leia = await call('POST', '/leias?publish=true', {
      metadata: { name: uniqueName('Class LEIA'), version: '1.0.0' },
      spec: { persona: persona.id, problem: problem.id, behaviour: behaviour.id },
    });
    await call('POST', `/experiments/${activity.id}/leias`, { leia: leia.id });
    leiaIds.push(leia.id);
  }
  await call('PATCH', `/experiments/${activity.id}/publish`);
  const path = CLASS_PATHS.activitySessions(activity.id).slice('/api/v1'.length);
  const session = (await call('POST', path, {
    name: uniqueName('Class'),
    ...options.session,
  })) as ClassSessionDetail;
  return { session, leiaIds };
}

export interface JoinedStudent {
  studentId: string;
  /** The Cookie header the browser would send. */
  cookie: string;
  /** The resume link's token (shown once). */
  resumeToken: string;
}

/** Joins over HTTP as a browser would, keeping the credential's cookie. */
export async function joinAt(base: string, code: string, displayName: string): Promise<JoinedStudent> {
  const response = await fetch(`${base}${STUDENT_PATHS.join}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, displayName }),
  });
  if (response.status !== 201) throw new Error(`join: HTTP ${response.status} ${await response.text()}`);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  if (!cookie.startsWith(`${STUDENT_COOKIE}=`)) throw new Error(`join: no credential (${cookie})`);
  const { student, resumeToken } = (await response.json()) as {
    student: { studentId: string };
    resumeToken: string;
  };
  return { studentId: student.studentId, cookie, resumeToken };
}
