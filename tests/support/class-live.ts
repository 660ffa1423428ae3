import { CLASS_PATHS, type LiveEvent } from '@shared/schemas/class-sessions';
import { createParser } from 'eventsource-parser';

/**
 * A live view of a class session as a client opens it: GET .../events with the instructor's
 * token, read with eventsource-parser. Every event is kept with the time it arrived; `next` waits
 * for the first event (from `from` on) that matches.
 */
export interface LiveView {
  events: { event: LiveEvent; at: number }[];
  next(
    match: (event: LiveEvent) => boolean,
    options?: { from?: number; timeoutMs?: number },
  ): Promise<LiveEvent>;
  close(): void;
}

export async function openLiveView(
  baseUrl: string,
  token: string,
  sessionId: string,
  student?: string,
): Promise<LiveView> {
  const controller = new AbortController();
  const query = student ? `?student=${student}` : '';
  const response = await fetch(`${baseUrl}${CLASS_PATHS.events(sessionId)}${query}`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body)
    throw new Error(`live view: ${response.status} ${await response.text()}`);
  const events: LiveView['events'] = [];
  const waiting = new Set<() => void>();
  const parser = createParser({
    onEvent: (message) => {
      events.push({
        event: { event: message.event, data: JSON.parse(message.data) } as LiveEvent,
        at: Date.now(),
      });
      for (const wake of waiting) wake();
    },
  });
  void (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // Closed by close().
    }
  })();

  return {
    events,
    next(match, { from = 0, timeoutMs = 5000 } = {}) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(({ event }) => match(event));
          if (!found) return false;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(found.event);
          return true;
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no matching live event within ${timeoutMs} ms (${events.length} received)`));
        }, timeoutMs);
        if (!check()) waiting.add(check);
      });
    },
    close: () => controller.abort(),
  };
}
