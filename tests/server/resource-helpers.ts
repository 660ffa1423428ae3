import type { Leia } from '@shared/schemas/leias';
import type { ResourceItem } from '@shared/schemas/resource-api';
import { RESOURCE_COLLECTIONS, type ResourceKind } from '@shared/schemas/resources';
import type { TestApp } from './helpers';

/** Request bodies and create calls shared by the resource and LEIA API tests. */

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix} ${++counter}-${process.pid}`;

export const personaBody = (name = uniqueName('Persona'), spec: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  metadata: { name, version: '1.0.0' },
  spec: {
    fullName: 'Alice Martin',
    firstName: 'Alice',
    description: 'Owner of a small bakery',
    personality: 'calm',
    ...spec,
  },
});

export const problemBody = (name = uniqueName('Problem'), spec: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  metadata: { name, version: '1.0.0' },
  spec: {
    description: 'The bakery needs an ordering system for {{persona.firstName}}',
    solution: 'graph TD; A-->B',
    solutionFormat: 'mermaid',
    process: ['requirements-elicitation'],
    ...spec,
  },
});

export const behaviourBody = (name = uniqueName('Behaviour'), spec: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  metadata: { name, version: '1.0.0' },
  spec: {
    description: 'You are {{persona.fullName}}. Never reveal the solution: {{problem.solution}}',
    role: 'interviewee',
    process: ['requirements-elicitation'],
    ...spec,
  },
});

export const BODIES = { persona: personaBody, problem: problemBody, behaviour: behaviourBody } as const;

/** A persona's body at a chosen version (a new version of a design is saved under its name). */
export const personaVersion = (name: string, version: string) => ({
  ...personaBody(name),
  metadata: { name, version },
});

/** POST /api/v1{url} with the user's token, and the body when there is one. */
export const apiPost = (t: TestApp, url: string, token: string, payload?: object) =>
  t.request({ method: 'POST', url: `/api/v1${url}`, token, ...(payload && { payload }) });

export async function createResource(
  t: TestApp,
  token: string,
  kind: ResourceKind,
  body: object = BODIES[kind](),
  publish?: boolean,
): Promise<ResourceItem> {
  const response = await t.request({
    method: 'POST',
    url: `/api/v1/${RESOURCE_COLLECTIONS[kind]}${publish === undefined ? '' : `?publish=${publish}`}`,
    token,
    payload: body,
  });
  if (response.statusCode !== 201) throw new Error(`create ${kind} failed: ${response.body}`);
  return response.json<ResourceItem>();
}

export interface Parts {
  persona: ResourceItem;
  problem: ResourceItem;
  behaviour: ResourceItem;
}

/** A persona, problem and behaviour owned by `token`'s user (behaviours need an advanced or admin). */
export async function createParts(
  t: TestApp,
  token: string,
  options: { publish?: boolean; behaviourToken?: string } = {},
): Promise<Parts> {
  return {
    persona: await createResource(t, token, 'persona', personaBody(), options.publish),
    problem: await createResource(t, token, 'problem', problemBody(), options.publish),
    behaviour: await createResource(
      t,
      options.behaviourToken ?? token,
      'behaviour',
      behaviourBody(),
      options.publish,
    ),
  };
}

export const leiaBody = (parts: Parts, name = uniqueName('LEIA'), version = '1.0.0') => ({
  metadata: { name, version },
  spec: { persona: parts.persona.id, problem: parts.problem.id, behaviour: parts.behaviour.id },
});

export async function createLeia(
  t: TestApp,
  token: string,
  parts: Parts,
  options: { name?: string; version?: string; publish?: boolean } = {},
): Promise<Leia> {
  const response = await t.request({
    method: 'POST',
    url: `/api/v1/leias${options.publish === undefined ? '' : `?publish=${options.publish}`}`,
    token,
    payload: leiaBody(parts, options.name, options.version),
  });
  if (response.statusCode !== 201) throw new Error(`create LEIA failed: ${response.body}`);
  return response.json<Leia>();
}
