/**
 * Server-sent events over any byte stream. EventSource only speaks GET, and the runner streams
 * the reply to a POST, so the client reads the response body itself and parses the wire format
 * here, as the WHATWG "event stream interpretation" says:
 *
 * - lines end in CRLF, LF or CR, and a chunk may end anywhere (inside a line, between CR and LF,
 *   inside a multi-byte character: the decoder in `readEventStream` keeps those bytes);
 * - `field: value` (one space after the colon dropped), `field` alone means an empty value;
 * - lines starting with ':' are comments (servers send them as heartbeats);
 * - `data` lines accumulate, joined with '\n'; a blank line dispatches the event, unless it has no
 *   data; `event` names it (default 'message'); `id` sets the last event id (kept across events);
 * - a leading byte-order mark is dropped, and an event without its closing blank line when the
 *   stream ends is discarded (it may be cut mid-way).
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
  let pending = '';
  let started = false;
  /** The previous chunk ended in CR: a LF opening the next one belongs to the same line break. */
  let skipLineFeed = false;
  let data: string[] = [];
  let eventName = '';
  let lastId: string | undefined;

  const dispatch = () => {
    if (data.length > 0) {
      const event: SseEvent = { event: eventName || 'message', data: data.join('\n') };
      if (lastId !== undefined) event.id = lastId;
      onEvent(event);
    }
    data = [];
    eventName = '';
  };

  const processLine = (line: string) => {
    if (line === '') return dispatch();
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') eventName = value;
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    // 'retry' only matters to a reconnecting EventSource; unknown fields are ignored.
  };

  return {
    push(text) {
      if (text === '') return;
      let chunk = text;
      if (!started) {
        started = true;
        if (chunk.startsWith('\uFEFF')) chunk = chunk.slice(1);
      }
      if (skipLineFeed && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLineFeed = false;
      const buffer = pending + chunk;
      let lineStart = 0;
      for (let index = 0; index < buffer.length; index++) {
        const char = buffer[index];
        if (char !== '\r' && char !== '\n') continue;
        processLine(buffer.slice(lineStart, index));
        if (char === '\r') {
          if (index + 1 === buffer.length) skipLineFeed = true;
          else if (buffer[index + 1] === '\n') index++;
        }
        lineStart = index + 1;
      }
      pending = buffer.slice(lineStart);
    },
    end() {
      pending = '';
      data = [];
      eventName = '';
      skipLineFeed = false;
    },
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
