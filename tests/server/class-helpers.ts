import type { Activity } from '@shared/schemas/activities';
import type { ClassSessionDetail, JoinResponse, StartClassSessionBody } from '@shared/schemas/class-sessions';
import { STUDENT_COOKIE } from '@shared/schemas/class-sessions';
import type { TestApp } from './helpers';
import {
  behaviourBody,
  createLeia,
  createResource,
  personaBody,
  problemBody,
  uniqueName,
} from './resource-helpers';

/** Class-session API tests: a published activity, sessions on it, and students with their cookie. */

export interface ActivitySetup {
  activity: Activity;
  configIds: string[];
}

/**
 * A published activity of `count` LEIAs, each made of its own parts (so `problem` and `behaviour`
 * overrides plant what a test looks for), owned by `token`'s admin.
 */
export async function publishedActivity(
  t: TestApp,
  options: {
    count?: number;
    token?: string;
    problem?: Record<string, unknown>;
    behaviour?: Record<string, unknown>;
    transcription?: boolean;
  } = {},
): Promise<ActivitySetup> {
  const token = options.token ?? t.admin.token;
  const api = async (method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => {
    const response = await t.request({
      method,
      url: `/api/v1/experiments${url}`,
      token,
      ...(payload && { payload }),
    });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.body}`);
    return response.json();
  };
  const activity = (await api('POST', '', { name: uniqueName('Class activity') })) as Activity;
  const configIds: string[] = [];
  for (let i = 0; i < (options.count ?? 1); i++) {
    const parts = {
      persona: await createResource(t, token, 'persona', personaBody(), true),
      problem: await createResource(t, token, 'problem', problemBody(undefined, options.problem), true),
      behaviour: await createResource(
        t,
        token,
        'behaviour',
        behaviourBody(undefined, options.behaviour),
        true,
      ),
    };
    const leia = await createLeia(t, token, parts, { publish: true });
    const config = (await api('POST', `/${activity.id}/leias`, { leia: leia.id })) as { id: string };
    configIds.push(config.id);
  }
  if (options.transcription) {
    await api('PUT', `/${activity.id}/leias/${configIds[0]}`, {
      configuration: { mode: 'transcription', data: { link: 'https://example.org/transcript' } },
    });
  }
  await api('PATCH', `/${activity.id}/publish`);
  return { activity, configIds };
}

export async function startSession(
  t: TestApp,
  activityId: string,
  body: Partial<StartClassSessionBody> = {},
  token = t.admin.token,
): Promise<ClassSessionDetail> {
  const response = await t.request({
    method: 'POST',
    url: `/api/v1/experiments/${activityId}/class-sessions`,
    token,
    payload: { name: uniqueName('Class'), ...body },
  });
  if (response.statusCode !== 201) throw new Error(`start session: ${response.body}`);
  return response.json<ClassSessionDetail>();
}

/** A student's credential as the browser keeps it: the cookie's value. */
export interface StudentClient {
  cookie: string;
  joined: JoinResponse;
}

export const cookieOf = (setCookie: string | string[] | undefined): string => {
  const header = Array.isArray(setCookie) ? setCookie[0]! : setCookie!;
  return header.split(';')[0]!.slice(STUDENT_COOKIE.length + 1);
};

export async function join(
  t: TestApp,
  code: string,
  who: { displayName?: string; email?: string } = { displayName: uniqueName('Student') },
): Promise<StudentClient> {
  const response = await t.request({
    method: 'POST',
    url: '/api/v1/student/join',
    payload: { code, ...who },
  });
  if (response.statusCode !== 201) throw new Error(`join: ${response.statusCode} ${response.body}`);
  return { cookie: cookieOf(response.headers['set-cookie']), joined: response.json<JoinResponse>() };
}

/** A call to a student route with a student's cookie (or none). */
export const asStudent = (
  t: TestApp,
  cookie: string | undefined,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  payload?: object,
) =>
  t.request({
    method,
    url: `/api/v1/student${path}`,
    ...(cookie && { headers: { cookie: `${STUDENT_COOKIE}=${cookie}` } }),
    ...(payload && { payload }),
  });
