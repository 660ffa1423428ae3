import { ACTIVITY_TEXTS, type Activity, type LeiaConfig } from '@shared/schemas/activities';
import { createTestApp, type TestApp, type TestUser } from './helpers';
import { createLeia, createParts, type Parts, uniqueName } from './resource-helpers';

let t: TestApp;
let otherAdmin: TestUser;
let parts: Parts;
let leiaId: string;
let secondLeiaId: string;
beforeAll(async () => {
  t = await createTestApp();
  otherAdmin = await t.createUser('admin');
  parts = await createParts(t, t.admin.token, { publish: true });
  leiaId = (await createLeia(t, t.admin.token, parts, { publish: true })).id;
  secondLeiaId = (await createLeia(t, t.admin.token, parts, { publish: true })).id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, payload?: object, token = t.admin.token) =>
  t.request({ method, url: `/api/v1/experiments${url}`, token, ...(payload && { payload }) });

const createActivity = async (name = uniqueName('Activity'), token = t.admin.token): Promise<Activity> => {
  const response = await api('POST', '', { name }, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Activity>();
};
const addLeia = async (activity: Activity, leia = leiaId): Promise<LeiaConfig> => {
  const response = await api('POST', `/${activity.id}/leias`, { leia });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<LeiaConfig>();
};
const mine = async (query = '') => (await api('GET', `/user/me${query}`)).json<Activity[]>();
const find = async (id: string, query = '?populated=true') => (await mine(query)).find((a) => a.id === id)!;

const messages = [
  { text: 'What do you need?', timestamp: '2024-01-31T09:30:00Z', isLeia: false },
  { text: 'A booking system.', timestamp: '2024-01-31T09:30:10Z', isLeia: true },
];

describe('who may call it', () => {
  it('admins only: other roles 403, no token 401, on every route', async () => {
    const activity = await createActivity();
    const instructor = await t.createUser('instructor');
    const advanced = await t.createUser('advanced');
    const calls: Array<[Method, string, object?]> = [
      ['GET', '/user/me'],
      ['POST', '', { name: 'x' }],
      ['POST', `/${activity.id}/leias`, { leia: leiaId }],
      ['PUT', `/${activity.id}/leias/${crypto.randomUUID()}`, { configuration: { mode: 'standard' } }],
      ['PATCH', `/${activity.id}/publish`],
      ['DELETE', `/${activity.id}/leias/${crypto.randomUUID()}`],
      ['DELETE', `/${activity.id}`],
      ['GET', `/${activity.id}/export`],
      ['GET', `/${activity.id}/transcriptions.csv`],
    ];
    for (const [method, url, payload] of calls) {
      expect((await api(method, url, payload, instructor.token)).statusCode, `${method} ${url}`).toBe(403);
      expect((await api(method, url, payload, advanced.token)).statusCode, `${method} ${url}`).toBe(403);
      expect((await t.request({ method, url: `/api/v1/experiments${url}`, payload })).statusCode).toBe(401);
    }
  });
});

describe('POST /api/v1/experiments', () => {
  it('creates an unpublished, empty activity with the trimmed name', async () => {
    const name = uniqueName('Requirements week');
    const response = await api('POST', '', { name: `  ${name}  ` });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      name,
      createdAt: expect.stringMatching(/^\d{4}-/),
      isPublished: false,
      visibility: 'private',
      leias: [],
    });
  });

  it('refuses a blank name (400) and a duplicate one (409)', async () => {
    const blank = await api('POST', '', { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().validationErrors).toEqual({ name: ACTIVITY_TEXTS.nameRequired });
    const name = uniqueName('Twice');
    await createActivity(name);
    const twice = await api('POST', '', { name });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(ACTIVITY_TEXTS.duplicate(name));
  });
});

describe('GET /api/v1/experiments/user/me', () => {
  it('lists the caller’s activities only; private = unpublished; populated carries the LEIA', async () => {
    const draft = await createActivity();
    const published = await createActivity();
    await addLeia(draft);
    await api('PATCH', `/${published.id}/publish`);
    const theirs = await createActivity(uniqueName('Theirs'), otherAdmin.token);

    const ids = (list: Activity[]) => list.map((a) => a.id);
    expect(ids(await mine())).toEqual(expect.arrayContaining([draft.id, published.id]));
    expect(ids(await mine())).not.toContain(theirs.id);
    expect(ids(await mine('?visibility=private'))).toContain(draft.id);
    expect(ids(await mine('?visibility=private'))).not.toContain(published.id);
    expect(ids(await mine('?visibility=public'))).toEqual([published.id]);

    const plain = await find(draft.id, '');
    expect(plain.leias[0]?.leia).toBe(leiaId);
    const populated = await find(draft.id);
    const leia = populated.leias[0]?.leia;
    expect(typeof leia === 'object' && leia.spec.problem.spec.description).toEqual(expect.any(String));
    expect(typeof leia === 'object' && leia.id).toBe(leiaId);
  });
});

describe('POST /{id}/leias', () => {
  it('appends a standard configuration; a missing LEIA is 404, a malformed id 400', async () => {
    const activity = await createActivity();
    const first = await addLeia(activity);
    expect(first).toEqual({ id: expect.any(String), leia: leiaId, configuration: { mode: 'standard' } });
    const second = await addLeia(activity, secondLeiaId);
    expect((await find(activity.id, '')).leias.map((c) => c.id)).toEqual([first.id, second.id]);
    expect((await api('POST', `/${activity.id}/leias`, { leia: crypto.randomUUID() })).statusCode).toBe(404);
    const malformed = await api('POST', `/${activity.id}/leias`, { leia: 'not-an-id' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain(ACTIVITY_TEXTS.leiaId);
  });
});

describe('PUT /{id}/leias/{configId}', () => {
  let activity: Activity;
  let config: LeiaConfig;
  beforeEach(async () => {
    activity = await createActivity();
    config = await addLeia(activity);
  });
  const put = (body: object) => api('PUT', `/${activity.id}/leias/${config.id}`, body);

  it('changes the mode and answers the whole activity', async () => {
    const response = await put({ leia: leiaId, configuration: { mode: 'transcription' } });
    expect(response.statusCode).toBe(200);
    const updated = response.json<Activity>();
    expect(updated.id).toBe(activity.id);
    expect(updated.leias[0]?.configuration).toEqual({ mode: 'transcription' });
  });

  it('a link clears the messages and messages clear the link; the row says how and when', async () => {
    const withMessages = (
      await put({ configuration: { mode: 'transcription', data: { messages } }, source: 'generated' })
    ).json<Activity>();
    expect(withMessages.leias[0]).toMatchObject({
      configuration: { mode: 'transcription', data: { messages } },
      transcription: { source: 'generated', updatedAt: expect.any(String) },
    });
    const withLink = (
      await put({ configuration: { mode: 'transcription', data: { link: '  https://example.org/t  ' } } })
    ).json<Activity>();
    expect(withLink.leias[0]?.configuration).toEqual({
      mode: 'transcription',
      data: { link: 'https://example.org/t' },
    });
    expect(withLink.leias[0]?.transcription?.source).toBe('link');
    const back = (
      await put({ configuration: { mode: 'transcription', data: { messages } } })
    ).json<Activity>();
    expect(back.leias[0]?.configuration.data).toEqual({ messages });
    expect(back.leias[0]?.transcription?.source).toBe('edited');
    // A mode change alone keeps what there is.
    const standard = (await put({ configuration: { mode: 'standard' } })).json<Activity>();
    expect(standard.leias[0]?.configuration).toEqual({ mode: 'standard', data: { messages } });
  });

  it.each([
    ['javascript:alert(1)', ACTIVITY_TEXTS.linkScheme],
    ['data:text/html,hi', ACTIVITY_TEXTS.linkScheme],
    ['not a url', ACTIVITY_TEXTS.linkInvalid],
  ])('refuses the link %s', async (link, message) => {
    const response = await put({ configuration: { mode: 'transcription', data: { link } } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it.each([
    [[], 'At least one message is required'],
    [[{ ...messages[0], text: '' }], 'Message at index 0, field "text": Message text cannot be empty'],
    [
      [messages[0], { ...messages[1], timestamp: 'yesterday' }],
      'Message at index 1, field "timestamp": Timestamp must be an ISO date-time such as 2024-01-31T09:30:00Z',
    ],
    [[{ ...messages[0], isLeia: 'yes' }], 'Message at index 0, field "isLeia": isLeia must be a boolean'],
    [
      [{ ...messages[0], speaker: 'me' }],
      'Message at index 0, field "speaker": Unknown field; only text, timestamp and isLeia are allowed',
    ],
    [{ text: 'x' }, 'The transcription must be an array of messages'],
  ])('refuses the messages %j with the schema’s own text', async (bad, message) => {
    await put({ configuration: { mode: 'transcription', data: { link: 'https://example.org/keep' } } });
    const before = await find(activity.id);
    const response = await put({ configuration: { mode: 'transcription', data: { messages: bad } } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: `Invalid request body: configuration.data.messages: ${message}`,
      validationErrors: { 'configuration.data.messages': message },
    });
    expect(await find(activity.id)).toEqual(before);
  });

  it('refuses a link and messages together, and another LEIA', async () => {
    expect(
      (
        await put({ configuration: { mode: 'transcription', data: { link: 'https://a.b', messages } } })
      ).json().validationErrors,
    ).toEqual({ 'configuration.data': ACTIVITY_TEXTS.linkAndMessages });
    expect((await put({ leia: secondLeiaId, configuration: { mode: 'standard' } })).json().message).toBe(
      ACTIVITY_TEXTS.leiaChanged,
    );
  });
});

describe('the order of checks on every change', () => {
  it('missing -> 404, not the owner -> 403, published -> 409; a refused request changes nothing', async () => {
    const activity = await createActivity();
    const config = await addLeia(activity);
    const changes = (id: string, configId: string): Array<[Method, string, object?]> => [
      ['POST', `/${id}/leias`, { leia: leiaId }],
      ['PUT', `/${id}/leias/${configId}`, { configuration: { mode: 'transcription' } }],
      ['DELETE', `/${id}/leias/${configId}`],
      ['PATCH', `/${id}/publish`],
      ['DELETE', `/${id}`],
    ];
    for (const [method, url, payload] of changes(crypto.randomUUID(), config.id)) {
      expect((await api(method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    for (const [method, url, payload] of [
      changes(activity.id, crypto.randomUUID())[1]!,
      changes(activity.id, 'x')[2]!,
    ]) {
      expect((await api(method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    const before = await find(activity.id);
    for (const [method, url, payload] of changes(activity.id, config.id)) {
      const response = await api(method, url, payload, otherAdmin.token);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().message).toBe(ACTIVITY_TEXTS.notOwner);
    }
    expect(await find(activity.id)).toEqual(before);

    const published = (await api('PATCH', `/${activity.id}/publish`)).json<Activity>();
    expect(published.isPublished).toBe(true);
    expect(published.visibility).toBe('public');
    for (const [method, url, payload] of changes(activity.id, config.id)) {
      expect((await api(method, url, payload)).statusCode, `${method} ${url}`).toBe(409);
    }
    expect(await find(activity.id)).toEqual({ ...before, isPublished: true, visibility: 'public' });
    // There is no unpublish.
    expect((await api('PATCH', `/${activity.id}/unpublish`)).statusCode).toBe(404);
  });
});

describe('deleting', () => {
  it('removes a configuration, then the activity with what is left', async () => {
    const activity = await createActivity();
    const first = await addLeia(activity);
    const second = await addLeia(activity, secondLeiaId);
    expect((await api('DELETE', `/${activity.id}/leias/${first.id}`)).statusCode).toBe(204);
    expect((await find(activity.id, '')).leias.map((c) => c.id)).toEqual([second.id]);
    expect((await api('DELETE', `/${activity.id}`)).statusCode).toBe(204);
    expect(await find(activity.id)).toBeUndefined();
  });

  it('a LEIA used in an activity cannot be deleted: 400 listing the activities', async () => {
    const leia = await createLeia(t, t.admin.token, parts);
    const activity = await createActivity();
    await addLeia(activity, leia.id);
    const response = await t.request({
      method: 'DELETE',
      url: `/api/v1/leias/${leia.id}`,
      token: t.admin.token,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: `Cannot delete LEIA: it is being used in 1 activity: ${activity.name}.`,
      data: [{ id: activity.id, name: activity.name }],
    });
  });
});

describe('export and import', () => {
  it('exports JSON that imports back as the same activity, and the transcriptions as CSV', async () => {
    const name = uniqueName('Exported');
    const activity = await createActivity(name);
    const first = await addLeia(activity);
    await addLeia(activity, secondLeiaId);
    const tricky = [
      { text: 'Hello, "world"\nsecond line', timestamp: '2024-01-31T09:30:00Z', isLeia: false },
      { text: '=SUM(A1)', timestamp: '2024-01-31T09:30:05Z', isLeia: true },
    ];
    await api('PUT', `/${activity.id}/leias/${first.id}`, {
      configuration: { mode: 'transcription', data: { messages: tricky } },
      source: 'recorded',
    });
    const exported = (await api('GET', `/${activity.id}/export`)).json();
    expect(exported).toMatchObject({ format: 'leia-activity', version: 1, name });
    expect((await api('POST', '/import', exported)).statusCode).toBe(409);
    expect((await api('DELETE', `/${activity.id}`)).statusCode).toBe(204);
    const imported = await api('POST', '/import', exported);
    expect(imported.statusCode).toBe(201);
    expect((await api('GET', `/${imported.json<Activity>().id}/export`)).json()).toEqual(exported);

    const csv = await api('GET', `/${imported.json<Activity>().id}/transcriptions.csv`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const leiaName = (await find(imported.json<Activity>().id)).leias[0]!.leia as {
      metadata: { name: string };
    };
    expect(csv.body).toBe(
      [
        'activity,leia,position,speaker,timestamp,text,link',
        `${name},${leiaName.metadata.name},1,Interviewer,2024-01-31T09:30:00Z,"Hello, ""world""\nsecond line",`,
        `${name},${leiaName.metadata.name},2,LEIA,2024-01-31T09:30:05Z,'=SUM(A1),`,
        '',
      ].join('\r\n'),
    );
  });

  it('refuses a file that is not an export', async () => {
    const response = await api('POST', '/import', { name: 'x' });
    expect(response.statusCode).toBe(400);
  });
});
