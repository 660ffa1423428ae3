import {
  ACTIVITY_TEXTS,
  type Activity,
  type ActivityExport,
  type LeiaConfig,
} from '@shared/schemas/activities';
import fc from 'fast-check';
import { createTestApp, type TestApp } from './helpers';
import { createLeia, createParts, uniqueName } from './resource-helpers';

/**
 * An activity's files. Import obeys the rules of an edit (issue 21, item 3): one schema for a LEIA
 * configuration in an activity, used by PUT /{id}/leias/{configId} and POST /import alike; bad
 * dates are a 400. Two properties: every export imports back as the same activity, and no
 * generated import file answers 5xx. The transcriptions CSV leaves no LEIA out: a link gets a row.
 */

let t: TestApp;
let leiaIds: [string, string];
beforeAll(async () => {
  t = await createTestApp();
  const parts = await createParts(t, t.admin.token, { publish: true });
  leiaIds = [
    (await createLeia(t, t.admin.token, parts, { publish: true })).id,
    (await createLeia(t, t.admin.token, parts, { publish: true })).id,
  ];
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const api = (method: Method, url: string, payload?: unknown) =>
  t.request({
    method,
    url: `/api/v1/experiments${url}`,
    token: t.admin.token,
    ...(payload !== undefined && { payload: payload as object }),
  });
const names = async () => (await api('GET', '/user/me')).json<Activity[]>().map((activity) => activity.name);

const messages = [
  { text: 'What do you need?', timestamp: '2024-01-31T09:30:00Z', isLeia: false },
  { text: 'A booking system.', timestamp: '2024-01-31T09:30:10Z', isLeia: true },
];
const fileWith = (configuration: object, transcription?: object) => ({
  format: 'leia-activity',
  version: 1,
  name: uniqueName('Imported'),
  leias: [
    {
      leia: { id: leiaIds[0], name: 'A LEIA', version: '1.0.0' },
      configuration,
      ...(transcription && { transcription }),
    },
  ],
});

describe('POST /import refuses what an edit refuses', () => {
  it.each([
    [
      'a javascript: link',
      { data: { link: 'javascript:alert(document.cookie)' } },
      ACTIVITY_TEXTS.linkScheme,
    ],
    [
      'a data: link',
      { data: { link: 'data:text/html,<script>alert(1)</script>' } },
      ACTIVITY_TEXTS.linkScheme,
    ],
    ['a link that is no URL', { data: { link: 'not a url' } }, ACTIVITY_TEXTS.linkInvalid],
    [
      'a link and messages',
      { data: { link: 'https://example.org/t', messages } },
      ACTIVITY_TEXTS.linkAndMessages,
    ],
    [
      'a message with an empty text',
      { data: { messages: [{ ...messages[0], text: '' }] } },
      'Message at index 0, field "text": Message text cannot be empty',
    ],
  ])('%s: 400 with the edit’s text, nothing created', async (_, configuration, text) => {
    const file = fileWith({ mode: 'transcription', ...configuration });
    const response = await api('POST', '/import', file);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(text);
    expect(await names()).not.toContain(file.name);
    // The edit route says the same of the same configuration.
    const activity = (await api('POST', '', { name: uniqueName('Edited') })).json<Activity>();
    const config = (await api('POST', `/${activity.id}/leias`, { leia: leiaIds[0] })).json<LeiaConfig>();
    const edit = await api('PUT', `/${activity.id}/leias/${config.id}`, {
      configuration: { mode: 'transcription', ...configuration },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toBe(response.json().message.replace(/leias\.0\./, ''));
  });

  it.each(['yesterday', '2024-02-30T09:30:00Z', '2024-13-01T00:00:00Z', '', 20240131])(
    'a transcription dated %j: 400 naming the date, nothing created',
    async (updatedAt) => {
      const file = fileWith({ mode: 'transcription', data: { messages } }, { source: 'edited', updatedAt });
      const response = await api('POST', '/import', file);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().validationErrors).toEqual({
        'leias.0.transcription.updatedAt': ACTIVITY_TEXTS.updatedAt,
      });
      expect(await names()).not.toContain(file.name);
    },
  );

  it('takes dates with an offset, and keeps the instant', async () => {
    const file = fileWith(
      { mode: 'transcription', data: { messages } },
      { source: 'recorded', updatedAt: '2024-01-31T10:30:00+01:00' },
    );
    const response = await api('POST', '/import', file);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Activity>().leias[0]?.transcription).toEqual({
      source: 'recorded',
      updatedAt: '2024-01-31T09:30:00.000Z',
    });
  });
});

/** What a user can put in a configuration through the edits, in any order. */
const httpLink = fc.webUrl({
  validSchemes: ['http', 'https'],
  withQueryParameters: true,
  withFragments: true,
});
const text = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 });
const instant = fc
  .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString());
const message = fc.record({ text, timestamp: instant, isLeia: fc.boolean() });
const configuration = fc.record({
  leia: fc.constantFrom(0, 1),
  mode: fc.constantFrom('standard', 'transcription'),
  data: fc.oneof(
    fc.constant(undefined),
    httpLink.map((link) => ({ link })),
    fc.array(message, { minLength: 1, maxLength: 4 }).map((list) => ({ messages: list })),
  ),
  source: fc.constantFrom('generated', 'recorded', 'edited'),
});

describe('every export', () => {
  it('imports back as the same activity, and its export is the same file', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(configuration, { maxLength: 3 }), async (configs) => {
        const activity = (await api('POST', '', { name: uniqueName('Round trip') })).json<Activity>();
        for (const config of configs) {
          const added = (
            await api('POST', `/${activity.id}/leias`, { leia: leiaIds[config.leia] })
          ).json<LeiaConfig>();
          const edit = await api('PUT', `/${activity.id}/leias/${added.id}`, {
            configuration: { mode: config.mode, ...(config.data && { data: config.data }) },
            source: config.source,
          });
          expect(edit.statusCode, edit.body).toBe(200);
        }
        const exported = (await api('GET', `/${activity.id}/export`)).json<ActivityExport>();
        const copy = { ...exported, name: `${exported.name} (copy)` };
        const imported = await api('POST', '/import', copy);
        expect(imported.statusCode, imported.body).toBe(201);
        const again = (await api('GET', `/${imported.json<Activity>().id}/export`)).json<ActivityExport>();
        expect(again).toEqual(copy);
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});

/**
 * Import files as anyone might write them: each part mostly right (so that most files reach the
 * service, where a bad date once answered 500), sometimes wrong or absurd.
 */
const anything = fc.jsonValue({ maxDepth: 3 });
const mostly = <T, U>(right: fc.Arbitrary<T>, wrong: fc.Arbitrary<U>) =>
  fc.oneof({ arbitrary: right, weight: 6 }, { arbitrary: wrong, weight: 1 });
const hostileLink = mostly(
  httpLink,
  fc.oneof(
    fc.constantFrom('javascript:alert(1)', 'data:text/html,x', 'file:///etc/passwd', 'ftp://x', '//x', ' '),
    fc.string(),
  ),
);
const hostileDate = mostly(
  instant,
  fc.oneof(
    fc.constantFrom(
      'yesterday',
      '2024-02-30T00:00:00Z',
      '+275760-09-13T00:00:00.000Z',
      '-000001-01-01T00:00:00Z',
      '9999-12-31T23:59:59.999999999Z',
      '2024-01-31T09:30:00+25:00',
      '0000-01-01T00:00:00Z',
    ),
    fc.string(),
    anything,
  ),
);
const hostileMessages = mostly(
  fc.array(message, { minLength: 1, maxLength: 3 }),
  fc.oneof(fc.array(mostly(message, anything)), anything),
);
const hostileConfiguration = mostly(
  fc.record({
    mode: mostly(fc.constantFrom('standard', 'transcription'), anything),
    data: fc.oneof(
      fc.constant(undefined),
      fc.record({ link: hostileLink }),
      fc.record({ messages: hostileMessages }),
      fc.record({ link: hostileLink, messages: hostileMessages }),
      anything,
    ),
  }),
  anything,
);
const hostileFile = fc.record({
  format: mostly(fc.constant('leia-activity'), anything),
  version: mostly(fc.constant(1), anything),
  name: mostly(
    fc.string({ minLength: 1, maxLength: 30 }).map((name) => `${uniqueName('Hostile')} ${name}`),
    anything,
  ),
  leias: mostly(
    fc.array(
      fc.record(
        {
          leia: mostly(
            fc.constantFrom(0, 1).map((i) => ({ id: leiaIds[i], name: 'x', version: '1.0.0' })),
            fc.oneof(
              fc.record({ id: fc.oneof(fc.uuid(), anything), name: anything, version: anything }),
              anything,
            ),
          ),
          configuration: hostileConfiguration,
          transcription: mostly(
            fc.record({
              source: mostly(fc.constantFrom('link', 'edited'), anything),
              updatedAt: hostileDate,
            }),
            anything,
          ),
        },
        { requiredKeys: ['leia', 'configuration'] },
      ),
      { maxLength: 3 },
    ),
    anything,
  ),
});

describe('no generated import file', () => {
  it('answers 5xx; one that is accepted exports as it was imported', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(hostileFile, async (file) => {
        const response = await api('POST', '/import', file);
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        expect(response.statusCode, `${JSON.stringify(file)} -> ${response.body}`).toBeLessThan(500);
        if (response.statusCode !== 201) return;
        // Accepted: a file an export would write imports back as itself.
        const exported = await api('GET', `/${response.json<Activity>().id}/export`);
        const again = await api('POST', '/import', {
          ...exported.json<ActivityExport>(),
          name: uniqueName('Again'),
        });
        expect(again.statusCode, again.body).toBe(201);
      }),
      { numRuns: 400 },
    );
    // The files reached both outcomes (a run that is only ever refused would prove little).
    expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
    expect(statuses.get(201) ?? 0).toBeGreaterThan(0);
  }, 180_000);
});

describe('GET /{id}/transcriptions.csv', () => {
  it('gives a LEIA whose transcription is a link a row with the link, quoted when it holds a separator', async () => {
    const name = uniqueName('Linked');
    const activity = (await api('POST', '', { name })).json<Activity>();
    const linked = (await api('POST', `/${activity.id}/leias`, { leia: leiaIds[0] })).json<LeiaConfig>();
    const recorded = (await api('POST', `/${activity.id}/leias`, { leia: leiaIds[1] })).json<LeiaConfig>();
    await api('PUT', `/${activity.id}/leias/${linked.id}`, {
      configuration: { mode: 'transcription', data: { link: 'https://example.org/t?a=1;b=2' } },
    });
    await api('PUT', `/${activity.id}/leias/${recorded.id}`, {
      configuration: { mode: 'transcription', data: { messages: [{ ...messages[0], text: 'a;=1+1' }] } },
    });
    const populated = (await api('GET', '/user/me?populated=true'))
      .json<Activity[]>()
      .find((item) => item.id === activity.id)!;
    const [first, second] = populated.leias.map(
      (config) => (config.leia as { metadata: { name: string } }).metadata.name,
    );
    const csv = await api('GET', `/${activity.id}/transcriptions.csv`);
    expect(csv.body.split('\r\n')).toEqual([
      'activity,leia,position,speaker,timestamp,text,link',
      `${name},${first},,,,,"https://example.org/t?a=1;b=2"`,
      `${name},${second},1,Interviewer,2024-01-31T09:30:00Z,"a;'=1+1",`,
      '',
    ]);
  });
});
