import { toFailure } from '@client/api/errors';
import {
  cancelJob,
  evaluateSession,
  evaluateTranscription,
  followJob,
  JobLostError,
  listLeakChecks,
  startLeakCheck,
} from '@client/api/evaluations';
import { TOKEN_KEY } from '@client/api/token';
import type { JobProgressEvent } from '@shared/schemas/leak-check';
import { CONVERSATION, completedJob, queuedJob } from '../../support/evaluation';

const fetchMock = vi.fn<(request: RequestInfo, init?: RequestInit) => Promise<Response>>();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const eventStream = (...chunks: string[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream; charset=utf-8' } },
  );

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const call = (index: number) => {
  const [url, init] = fetchMock.mock.calls[index] ?? [];
  return {
    url: String(url),
    method: init?.method ?? 'GET',
    body: init?.body,
    headers: new Headers(init?.headers),
  };
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(TOKEN_KEY, 'tok');
  window.history.replaceState(null, '', '/');
});

afterEach(() => vi.unstubAllGlobals());

describe('evaluation API', () => {
  it('evaluates a session and a transcription where the contract says', async () => {
    fetchMock.mockImplementation(async () => json(201, { id: 'ev-1' }));
    await evaluateSession('s 1');
    expect(call(0)).toMatchObject({ url: '/api/v1/runner/s%201/evaluation', method: 'POST', body: '{}' });
    expect(call(0).headers.get('Authorization')).toBe('Bearer tok');
    await evaluateTranscription({ leia: 'leia-1', messages: CONVERSATION });
    expect(call(1)).toMatchObject({ url: '/api/v1/evaluations', method: 'POST' });
    expect(JSON.parse(String(call(1).body))).toEqual({ leia: 'leia-1', messages: CONVERSATION });
  });

  it('starts, lists and cancels leak checks', async () => {
    fetchMock.mockImplementation(async () => json(202, queuedJob()));
    await startLeakCheck('leia-1', { runs: 1, maxTurns: 3, styles: ['naive'] });
    expect(call(0)).toMatchObject({ url: '/api/v1/leias/leia-1/leak-check', method: 'POST' });
    expect(JSON.parse(String(call(0).body))).toEqual({ runs: 1, maxTurns: 3, styles: ['naive'] });
    await listLeakChecks('leia-1');
    expect(call(1)).toMatchObject({ url: '/api/v1/leias/leia-1/leak-checks', method: 'GET' });
    await cancelJob('job-1');
    expect(call(2)).toMatchObject({ url: '/api/v1/jobs/job-1/cancel', method: 'POST' });
  });
});

describe('following a job', () => {
  it('passes on each progress event and resolves with the done job', async () => {
    const done = completedJob();
    fetchMock.mockResolvedValue(
      eventStream(
        sse('progress', { status: 'queued', progress: { done: 0, total: 6 } }),
        ': heartbeat\n\n',
        sse('progress', { status: 'running', progress: { done: 3, total: 6 } }).slice(0, 12),
        sse('progress', { status: 'running', progress: { done: 3, total: 6 } }).slice(12),
        sse('done', done),
      ),
    );
    const progress: JobProgressEvent[] = [];
    await expect(followJob('job-1', { onProgress: (event) => progress.push(event) })).resolves.toEqual(done);
    expect(progress).toEqual([
      { status: 'queued', progress: { done: 0, total: 6 } },
      { status: 'running', progress: { done: 3, total: 6 } },
    ]);
    expect(call(0).url).toBe('/api/v1/jobs/job-1/events');
    expect(call(0).headers.get('accept')).toBe('text/event-stream');
  });

  it('a stream that ends early is not the end: the job is read, and followed again while it runs', async () => {
    const running = { ...queuedJob(), status: 'running' as const, progress: { done: 4, total: 6 } };
    const done = completedJob();
    fetchMock
      .mockResolvedValueOnce(
        eventStream(sse('progress', { status: 'running', progress: { done: 2, total: 6 } })),
      )
      .mockResolvedValueOnce(json(200, running))
      .mockResolvedValueOnce(eventStream(sse('done', done)));
    const progress: JobProgressEvent[] = [];
    const job = await followJob('job-1', { retryDelayMs: 0, onProgress: (event) => progress.push(event) });
    expect(job).toEqual(done);
    expect(fetchMock.mock.calls.map((_, index) => call(index).url)).toEqual([
      '/api/v1/jobs/job-1/events',
      '/api/v1/jobs/job-1',
      '/api/v1/jobs/job-1/events',
    ]);
    expect(progress.map((event) => event.progress.done)).toEqual([2, 4]);
  });

  it('a job that finished while the stream was down is answered from its row', async () => {
    const done = completedJob();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(200, done));
    await expect(followJob('job-1', { retryDelayMs: 0 })).resolves.toEqual(done);
  });

  it('an error answer is final (404: not the caller’s job)', async () => {
    fetchMock.mockResolvedValue(json(404, { message: 'Job not found' }));
    const error = await followJob('job-1', { retryDelayMs: 0 }).catch((e: unknown) => e);
    expect(toFailure(error)).toEqual({ status: 404, message: 'Job not found' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives up after the streams keep ending without the end', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/events') ? eventStream(': heartbeat\n\n') : json(200, queuedJob()),
    );
    await expect(followJob('job-1', { retryDelayMs: 0, maxRetries: 2 })).rejects.toBeInstanceOf(JobLostError);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/events'))).toHaveLength(3);
  });

  it('stops at once when aborted', async () => {
    const controller = new AbortController();
    // As fetch does: a signal aborted before or during the call rejects it.
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_, reject) => {
          if (init?.signal?.aborted) reject(init.signal.reason);
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason), { once: true });
        }),
    );
    const following = followJob('job-1', { signal: controller.signal });
    controller.abort();
    await expect(following).rejects.toBeDefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
