import { createParser } from 'eventsource-parser';

/**
 * Server-sent events over any byte stream. EventSource only speaks GET, and the runner streams
 * the reply to a POST, so the client reads the response body itself; `eventsource-parser` reads
 * the wire format as the WHATWG "event stream interpretation" says (CRLF, LF or CR line ends cut
 * anywhere, comments, multi-line data, a leading byte-order mark). An event without its closing
 * blank line when the stream ends is discarded (it may be cut mid-way).
 */

export interface SseEvent {
  /** The `event` field, 'message' when absent. */
  event: string;
  /** The `data` lines joined with '\n'. */
  data: string;
  /** The last event id seen so far, if any. */
  id?: string;
}

export interface SseParser {
  /** Feeds decoded text; dispatches every event completed by it. */
  push(text: string): void;
  /** The stream ended: whatever is incomplete is dropped. */
  end(): void;
}

export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  // The parser reports a block's id before its event; like EventSource, the last id is kept
  // across events until another replaces it.
  let lastId: string | undefined;
  const parser = createParser({
    onId: (id) => {
      lastId = id;
    },
    onEvent: ({ event, data }) =>
      onEvent({ event: event || 'message', data, ...(lastId !== undefined && { id: lastId }) }),
  });
  return {
    push: (text) => parser.feed(text),
    end: () => parser.reset(),
  };
}

/**
 * Reads a response body to its end, calling `onEvent` for each event. Resolves when the stream
 * ends; rejects when reading fails or `signal` aborts (the reader is cancelled, which closes the
 * connection).
 */
export async function readEventStream(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SseEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser(onEvent);
  const cancel = () => {
    void reader.cancel(signal?.reason).catch(() => undefined);
  };
  signal?.throwIfAborted();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      signal?.throwIfAborted();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}

/** A fetch body that can be read as a stream (ofetch's `responseType: 'stream'`). */
export const isEventStreamBody = (value: unknown): value is ReadableStream<Uint8Array> =>
  typeof value === 'object' && value !== null && 'getReader' in value;

/** An event's data as JSON, or undefined when it is not JSON (the event is then dropped). */
export const parseEventData = (data: string): unknown => {
  try {
    return JSON.parse(data);
  } catch {
    return undefined;
  }
};

/**
 * Reads a stream of events that `schema` describes as `{ event, data }`, calling `onEvent` with
 * each one that parses; the others are dropped. `what` names the stream in the error thrown when
 * the body is not one.
 */
export async function readTypedEvents<T>(
  body: unknown,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  onEvent: (event: T) => void,
  options: { signal?: AbortSignal; what: string },
): Promise<void> {
  if (!isEventStreamBody(body)) throw new Error(`${options.what} needs a stream of events`);
  await readEventStream(
    body,
    ({ event, data }) => {
      const parsed = schema.safeParse({ event, data: parseEventData(data) });
      if (parsed.success) onEvent(parsed.data);
    },
    options.signal,
  );
}
