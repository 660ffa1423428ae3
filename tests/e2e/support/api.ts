/**
 * A small API client for end-to-end setup: sign in, create users, parts and LEIAs the way the app
 * does, with plain fetch against the running server.
 */

export interface ApiSession {
  token: string;
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<ApiSession> {
  const res = await fetch(`${baseUrl}/api/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  return {
    token,
    async call<T>(method: string, path: string, body?: unknown) {
      const response = await fetch(`${baseUrl}/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
  };
}

const expectStatus = <T>(result: { status: number; body: T }, status: number, what: string): T => {
  if (result.status !== status) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body;
};

export async function createUser(admin: ApiSession, email: string, password: string, role: string) {
  const result = await admin.call('POST', '/users', { email, password, role });
  if (result.status !== 201 && result.status !== 200) throw new Error(`create user: ${result.status}`);
}

export interface CreatedLeia {
  id: string;
  name: string;
  version: string;
  behaviourId: string;
}

/**
 * A persona, a problem and the LEIA combining them with a new behaviour (admins and advanced
 * users) or with `behaviourId` (instructors may not create behaviours: pass a published one).
 */
export async function createLeia(
  session: ApiSession,
  name: string,
  options: {
    description?: string;
    behaviourId?: string;
    version?: string;
    publish?: boolean;
    /** The problem's hidden solution (default: a YAML list of two classes). */
    solution?: { text: string; format: string };
  } = {},
): Promise<CreatedLeia> {
  const version = options.version ?? '1.0.0';
  const part = async (collection: string, spec: Record<string, unknown>) =>
    expectStatus(
      await session.call<{ id: string }>('POST', `/${collection}`, {
        apiVersion: 'v1',
        metadata: { name: `${name} ${collection}`, version },
        spec,
      }),
      201,
      `create ${collection}`,
    ).id;
  const persona = await part('personas', {
    fullName: 'Ada Lovelace',
    firstName: 'Ada',
    personality: 'calm',
    subjectPronoum: 'she',
  });
  const problem = await part('problems', {
    description: options.description ?? `${name}: a library that lends books`,
    details: 'Members borrow up to five books.',
    solution: options.solution?.text ?? 'classes:\n  - Member\n  - Book\n',
    solutionFormat: options.solution?.format ?? 'yaml',
    process: ['requirements-elicitation'],
  });
  const behaviour =
    options.behaviourId ??
    (await part('behaviours', {
      description: 'You are {{persona.fullName}}. Stay in character.',
      role: 'Client',
      process: ['requirements-elicitation'],
    }));
  const leia = expectStatus(
    await session.call<{ id: string }>('POST', `/leias${options.publish ? '?publish=true' : ''}`, {
      metadata: { name, version },
      spec: { persona, problem, behaviour },
    }),
    201,
    'create LEIA',
  );
  return { id: leia.id, name, version, behaviourId: behaviour };
}
