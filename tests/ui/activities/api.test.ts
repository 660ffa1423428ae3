import {
  addLeiaToActivity,
  createActivity,
  deleteActivity,
  listActivities,
  publishActivity,
  removeLeiaFromActivity,
  saveTranscription,
  setLeiaMode,
} from '@client/api/activities';
import { generateTranscription } from '@client/api/runner';
import { MESSAGES } from '../../support/activities';

/** The activity calls as they go over the wire: method, path, query and body. */

const fetchMock = vi.fn<(request: RequestInfo, init?: RequestInit) => Promise<Response>>();
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  fetchMock.mockReset().mockImplementation(async () => json({}));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const last = () => {
  const [request, init] = fetchMock.mock.calls.at(-1)!;
  const body = init?.body;
  return {
    method: init?.method ?? 'GET',
    url: String(request),
    body: typeof body === 'string' ? JSON.parse(body) : body,
  };
};
const ref = { id: 'cfg 1', leia: 'leia-1' };

describe('activities API module', () => {
  it('lists populated, or the drafts for Add to Activity', async () => {
    await listActivities({ populated: true });
    expect(last()).toMatchObject({ method: 'GET', url: '/api/v1/experiments/user/me?populated=true' });
    await listActivities({ visibility: 'private' });
    expect(last().url).toBe('/api/v1/experiments/user/me?visibility=private');
  });

  it('creates, adds a LEIA, publishes and deletes with the paths of the contract', async () => {
    await createActivity('Week 1');
    expect(last()).toMatchObject({ method: 'POST', url: '/api/v1/experiments', body: { name: 'Week 1' } });
    await addLeiaToActivity('a/1', 'leia-1');
    expect(last()).toMatchObject({
      method: 'POST',
      url: '/api/v1/experiments/a%2F1/leias',
      body: { leia: 'leia-1' },
    });
    await publishActivity('a1');
    expect(last()).toMatchObject({ method: 'PATCH', url: '/api/v1/experiments/a1/publish' });
    await removeLeiaFromActivity('a1', 'cfg 1');
    expect(last()).toMatchObject({ method: 'DELETE', url: '/api/v1/experiments/a1/leias/cfg%201' });
    await deleteActivity('a1');
    expect(last()).toMatchObject({ method: 'DELETE', url: '/api/v1/experiments/a1' });
  });

  it('a mode change sends no data (the transcription is kept)', async () => {
    await setLeiaMode('a1', ref, 'transcription');
    expect(last()).toEqual({
      method: 'PUT',
      url: '/api/v1/experiments/a1/leias/cfg%201',
      body: { leia: 'leia-1', configuration: { mode: 'transcription' } },
    });
  });

  it('a link or messages, with how the messages were made', async () => {
    await saveTranscription('a1', ref, { link: 'https://example.org' });
    expect(last().body).toEqual({
      leia: 'leia-1',
      configuration: { mode: 'transcription', data: { link: 'https://example.org' } },
    });
    await saveTranscription('a1', ref, { messages: MESSAGES, source: 'generated' });
    expect(last().body).toEqual({
      leia: 'leia-1',
      configuration: { mode: 'transcription', data: { messages: MESSAGES } },
      source: 'generated',
    });
  });

  it('generates a transcription from the stored LEIA', async () => {
    await generateTranscription({ leia: 'leia-1' });
    expect(last()).toEqual({
      method: 'POST',
      url: '/api/v1/runner/transcriptions/generate',
      body: { leia: 'leia-1' },
    });
  });
});
