import {
  CLASS_PATHS,
  type LiveEvent,
  STUDENT_PATHS,
  type StudentStreamEvent,
} from '@shared/schemas/class-sessions';
import { createParser } from 'eventsource-parser';

/**
 * A live view of a class session as a client opens it: GET .../events with the instructor's
 * token, read with eventsource-parser. Every event is kept with the time it arrived; `next` waits
 * for the first event (from `from` on) that matches.
 */
export interface EventsView<E> {
  events: { event: E; at: number }[];
  next(match: (event: E) => boolean, options?: { from?: number; timeoutMs?: number }): Promise<E>;
  /** Resolves when the server ends the stream (or close() does). */
  ended: Promise<void>;
  close(): void;
}
export type LiveView = EventsView<LiveEvent>;

export async function openLiveView(
  baseUrl: string,
  token: string,
  sessionId: string,
  student?: string,
): Promise<LiveView> {
  const query = student ? `?student=${student}` : '';
  return openEvents<LiveEvent>(`${baseUrl}${CLASS_PATHS.events(sessionId)}${query}`, {
    authorization: `Bearer ${token}`,
  });
}

/** A student's own events (STUDENT_PATHS.events), with their cookie header ("name=value"). */
export const openStudentEvents = (baseUrl: string, cookie: string) =>
  openEvents<StudentStreamEvent>(`${baseUrl}${STUDENT_PATHS.events}`, { cookie });

async function openEvents<E>(url: string, headers: Record<string, string>): Promise<EventsView<E>> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { ...headers, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`events: ${response.status} ${await response.text()}`);
  const events: EventsView<E>['events'] = [];
  const waiting = new Set<() => void>();
  const parser = createParser({
    onEvent: (message) => {
      events.push({
        event: { event: message.event, data: JSON.parse(message.data) } as E,
        at: Date.now(),
      });
      for (const wake of waiting) wake();
    },
  });
  const ended = (async () => {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) parser.feed(decoder.decode(chunk, { stream: true }));
    } catch {
      // Closed by close().
    }
  })();
  void ended;

  return {
    events,
    ended,
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
