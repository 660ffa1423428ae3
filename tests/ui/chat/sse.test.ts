import { createSseParser, readEventStream, readTypedEvents, type SseEvent } from '@client/api/sse';
import { z } from 'zod';

/** Parses `chunks` fed one after another. */
const parse = (...chunks: string[]): SseEvent[] => {
  const events: SseEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return events;
};

/** Every way of cutting `text` into two chunks, plus one chunk per character. */
const splits = (text: string): string[][] => [
  ...Array.from({ length: text.length + 1 }, (_, at) => [text.slice(0, at), text.slice(at)]),
  [...text],
];

const bytesStream = (chunks: Uint8Array[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });

describe('SSE parser', () => {
  it('reads named events and the default name', () => {
    expect(parse('event: delta\ndata: {"text":"Hel"}\n\ndata: plain\n\n')).toEqual([
      { event: 'delta', data: '{"text":"Hel"}' },
      { event: 'message', data: 'plain' },
    ]);
  });

  it('gives the same events wherever the chunks are cut', () => {
    const wire =
      'event: delta\r\ndata: a\r\n\r\nevent: done\rdata: b\rdata: c\r\r: ping\n\nid: 7\ndata: d\n\n';
    const expected = parse(wire);
    expect(expected).toEqual([
      { event: 'delta', data: 'a' },
      { event: 'done', data: 'b\nc' },
      { event: 'message', data: 'd', id: '7' },
    ]);
    for (const chunks of splits(wire)) expect(parse(...chunks)).toEqual(expected);
  });

  it('joins multi-line data with newlines and keeps blank data lines', () => {
    expect(parse('data: line 1\ndata:\ndata: line 3\n\n')).toEqual([
      { event: 'message', data: 'line 1\n\nline 3' },
    ]);
  });

  it('drops one space after the colon only, and reads a field with no colon as empty', () => {
    expect(parse('data:  two spaces\n\ndata:none\n\ndata\n\n')).toEqual([
      { event: 'message', data: ' two spaces' },
      { event: 'message', data: 'none' },
      { event: 'message', data: '' },
    ]);
  });

  it('ignores comments (heartbeats), unknown fields, retry and events without data', () => {
    expect(parse(': heartbeat\n\n:\n\nretry: 1000\nfoo: bar\n\nevent: empty\n\ndata: x\n\n')).toEqual([
      { event: 'message', data: 'x' },
    ]);
  });

  it('does not let an event name leak into the next event', () => {
    expect(parse('event: a\n\ndata: 1\n\n')).toEqual([{ event: 'message', data: '1' }]);
  });

  it('keeps the last id across events and ignores ids with NUL', () => {
    expect(parse('id: 1\ndata: a\n\ndata: b\n\nid: x\0y\ndata: c\n\n')).toEqual([
      { event: 'message', data: 'a', id: '1' },
      { event: 'message', data: 'b', id: '1' },
      { event: 'message', data: 'c', id: '1' },
    ]);
  });

  it('drops a leading byte-order mark and an unterminated last event', () => {
    expect(parse('\uFEFFdata: a\n\ndata: cut mid-way')).toEqual([{ event: 'message', data: 'a' }]);
    expect(parse('', '\uFEFF', 'data: b\n\n')).toEqual([{ event: 'message', data: 'b' }]);
  });

  it('reads an event whose fields and data lines arrive in separate chunks', () => {
    expect(parse('event: del', 'ta\ndata: {"text":', '"Hel"}\nda', 'ta: lo\n', '\n')).toEqual([
      { event: 'delta', data: '{"text":"Hel"}\nlo' },
    ]);
  });

  it('keeps a colon inside the value', () => {
    expect(parse('data: {"a":"b: c"}\n\n')).toEqual([{ event: 'message', data: '{"a":"b: c"}' }]);
  });
});

describe('readEventStream', () => {
  it('decodes UTF-8 split inside a character', async () => {
    const bytes = new TextEncoder().encode('data: olá 👋\n\n');
    const events: SseEvent[] = [];
    await readEventStream(bytesStream([bytes.slice(0, 9), bytes.slice(9, 12), bytes.slice(12)]), (event) =>
      events.push(event),
    );
    expect(events).toEqual([{ event: 'message', data: 'olá 👋' }]);
  });

  it('rejects and cancels the stream when the signal aborts', async () => {
    const cancel = vi.fn();
    let push!: (text: string) => void;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(new TextEncoder().encode(text));
      },
      cancel,
    });
    const controller = new AbortController();
    const events: SseEvent[] = [];
    const reading = readEventStream(body, (event) => events.push(event), controller.signal);
    push('data: first\n\n');
    await vi.waitFor(() => expect(events).toHaveLength(1));
    controller.abort(new DOMException('stopped', 'AbortError'));
    await expect(reading).rejects.toThrow('stopped');
    expect(cancel).toHaveBeenCalled();
  });
});

describe('readTypedEvents', () => {
  const schema = z.discriminatedUnion('event', [
    z.object({ event: z.literal('extended'), data: z.object({ endsAt: z.string() }) }),
    z.object({ event: z.literal('closed'), data: z.object({}) }),
  ]);
  const encode = (text: string) => new TextEncoder().encode(text);

  it('passes on the events the schema reads and drops the others (unknown names, data that is not JSON)', async () => {
    const body = bytesStream([
      encode('event: extended\ndata: {"endsAt":"2026-11-26T10:00:00Z"}\n\n'),
      encode('event: unknown\ndata: {}\n\nevent: extended\ndata: not json\n\n'),
      encode('event: closed\ndata: {}\n\n'),
    ]);
    const events: unknown[] = [];
    await readTypedEvents(body, schema, (event) => events.push(event), { what: 'The test' });
    expect(events).toEqual([
      { event: 'extended', data: { endsAt: '2026-11-26T10:00:00Z' } },
      { event: 'closed', data: {} },
    ]);
  });

  it('names the stream when the body is not one', async () => {
    await expect(readTypedEvents('{}', schema, () => undefined, { what: 'The live view' })).rejects.toThrow(
      'The live view needs a stream of events',
    );
  });
});
