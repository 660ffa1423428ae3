import { toFailure } from '@client/api/errors';
import { getSession, initializeSession, regenerateReply, sendMessage } from '@client/api/runner';
import { TOKEN_KEY } from '@client/api/token';

const fetchMock = vi.fn<(request: RequestInfo, init?: RequestInit) => Promise<Response>>();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A text/event-stream response whose body is `chunks`, sent one by one. */
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

const lastCall = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init, headers: new Headers(init?.headers) };
};

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.setItem(TOKEN_KEY, 'tok');
  window.history.replaceState(null, '', '/chat/s-1');
});

afterEach(() => vi.unstubAllGlobals());

describe('runner API', () => {
  it('initialize posts the LEIA and answers the session id', async () => {
    fetchMock.mockResolvedValue(json(201, { sessionId: 's-1' }));
    await expect(initializeSession({ leia: 'leia-1' })).resolves.toEqual({ sessionId: 's-1' });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/v1/runner/initialize');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"leia":"leia-1"}');
    expect(headers.get('Authorization')).toBe('Bearer tok');
  });

  it('getSession reads GET /runner/{id}', async () => {
    fetchMock.mockResolvedValue(json(200, { sessionId: 's 1' }));
    await getSession('s 1');
    expect(lastCall().url).toBe('/api/v1/runner/s%201');
  });

  it('sendMessage asks for a stream, passes on each delta and resolves with the stored reply', async () => {
    fetchMock.mockResolvedValue(
      eventStream(
        ': heartbeat\n\n',
        sse('delta', { text: 'Hel' }).slice(0, 10),
        sse('delta', { text: 'Hel' }).slice(10),
        sse('delta', { text: 'lo' }),
        sse('done', { message: 'Hello', timestamp: '2025-06-01T12:00:00.000Z' }),
      ),
    );
    const deltas: string[] = [];
    const reply = await sendMessage('s-1', 'Hi', { onDelta: (text) => deltas.push(text) });
    expect(deltas).toEqual(['Hel', 'lo']);
    expect(reply).toEqual({ message: 'Hello', timestamp: '2025-06-01T12:00:00.000Z' });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/v1/runner/s-1/messages');
    expect(init?.body).toBe('{"message":"Hi"}');
    expect(headers.get('Accept')).toBe('text/event-stream');
    expect(headers.get('Authorization')).toBe('Bearer tok');
  });

  it('regenerate streams from POST /runner/{id}/regenerate', async () => {
    fetchMock.mockResolvedValue(eventStream(sse('done', { message: 'Again', timestamp: 't' })));
    await expect(regenerateReply('s-1')).resolves.toEqual({ message: 'Again', timestamp: 't' });
    expect(lastCall().url).toBe('/api/v1/runner/s-1/regenerate');
    expect(lastCall().init?.method).toBe('POST');
  });

  it('a JSON answer (no stream) is the whole reply at once', async () => {
    fetchMock.mockResolvedValue(json(200, { message: 'All at once', timestamp: 't' }));
    const deltas: string[] = [];
    await expect(sendMessage('s-1', 'Hi', { onDelta: (t) => deltas.push(t) })).resolves.toEqual({
      message: 'All at once',
      timestamp: 't',
    });
    expect(deltas).toEqual(['All at once']);
  });

  it('a failure before the stream is a JSON error with its status and message', async () => {
    fetchMock.mockResolvedValue(json(502, { message: 'The language model did not answer' }));
    const error = await sendMessage('s-1', 'Hi').catch((e: unknown) => e);
    expect(toFailure(error)).toEqual({ status: 502, message: 'The language model did not answer' });
  });

  it('an error event after the stream started rejects with its status and message', async () => {
    fetchMock.mockResolvedValue(
      eventStream(sse('delta', { text: 'Half' }), sse('error', { message: 'Model timed out', status: 502 })),
    );
    const error = await sendMessage('s-1', 'Hi').catch((e: unknown) => e);
    expect(toFailure(error)).toEqual({ status: 502, message: 'Model timed out' });
  });

  it('a stream that ends without its done event rejects, with no status', async () => {
    fetchMock.mockResolvedValue(eventStream(sse('delta', { text: 'Half' }), 'event: done\ndata: {"mess'));
    const error = await sendMessage('s-1', 'Hi').catch((e: unknown) => e);
    expect(toFailure(error).status).toBeUndefined();
  });

  it('401 on a streamed call applies the global rule (token removed, /login)', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Unauthorized' }));
    await expect(sendMessage('s-1', 'Hi')).rejects.toThrow();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.location.pathname).toBe('/login');
  });

  it('aborting stops reading the stream', async () => {
    let cancelled = false;
    fetchMock.mockResolvedValue(
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(sse('delta', { text: 'Hel' })));
          },
          cancel() {
            cancelled = true;
          },
        }),
        { status: 200, headers: { 'content-type': 'text/event-stream' } },
      ),
    );
    const controller = new AbortController();
    const reply = sendMessage('s-1', 'Hi', {
      signal: controller.signal,
      onDelta: () => controller.abort(new DOMException('Stopped', 'AbortError')),
    });
    await expect(reply).rejects.toThrow('Stopped');
    expect(cancelled).toBe(true);
  });
});
