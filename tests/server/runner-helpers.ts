import type { RunnerSession } from '@shared/schemas/runner';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './helpers';

/** Calls and readers shared by the runner API tests. */

export interface SseEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Parses a text/event-stream body (`event: name\ndata: JSON\n\n` blocks). */
export function parseEvents(body: string): SseEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length) ?? 'message';
      const data = lines.find((line) => line.startsWith('data: '))?.slice('data: '.length) ?? 'null';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}

/** The reply text the delta events add up to. */
export const joinDeltas = (events: SseEvent[]) =>
  events
    .filter((e) => e.event === 'delta')
    .map((e) => e.data.text)
    .join('');

export async function initialize(
  t: TestApp,
  token: string,
  payload: object,
): Promise<LightMyRequestResponse> {
  return t.request({ method: 'POST', url: '/api/v1/runner/initialize', token, payload });
}

/** Starts a session and returns its id; fails the test with the body otherwise. */
export async function startSession(t: TestApp, token: string, payload: object): Promise<string> {
  const response = await initialize(t, token, payload);
  if (response.statusCode !== 201)
    throw new Error(`initialize failed: ${response.statusCode} ${response.body}`);
  return response.json<{ sessionId: string }>().sessionId;
}

export function send(
  t: TestApp,
  token: string,
  sessionId: string,
  message: unknown,
  options: { stream?: boolean } = {},
): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: `/api/v1/runner/${sessionId}/messages`,
    token,
    payload: { message },
    ...(options.stream && { headers: { accept: 'text/event-stream' } }),
  });
}

export function regenerate(
  t: TestApp,
  token: string,
  sessionId: string,
  options: { stream?: boolean } = {},
): Promise<LightMyRequestResponse> {
  return t.request({
    method: 'POST',
    url: `/api/v1/runner/${sessionId}/regenerate`,
    token,
    ...(options.stream && { headers: { accept: 'text/event-stream' } }),
  });
}

export async function getSession(t: TestApp, token: string, sessionId: string): Promise<RunnerSession> {
  const response = await t.request({ method: 'GET', url: `/api/v1/runner/${sessionId}`, token });
  if (response.statusCode !== 200)
    throw new Error(`GET session failed: ${response.statusCode} ${response.body}`);
  return response.json<RunnerSession>();
}

/** The messages of a session as [isLeia ? 'leia' : 'user', text] pairs, easy to compare. */
export async function conversation(t: TestApp, token: string, sessionId: string) {
  return (await getSession(t, token, sessionId)).messages.map(
    (m) => [m.isLeia ? 'leia' : 'user', m.text] as const,
  );
}
