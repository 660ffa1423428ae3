import { randomUUID } from 'node:crypto';
import type { LiveEvent } from '@shared/schemas/class-sessions';
import type { Notifications } from '../db/client';

/**
 * The live events of class sessions (docs/architecture.md "Class sessions"). A process delivers
 * its own events to its listeners at once; on PostgreSQL it also NOTIFYs them, so a live view
 * open on another process sees them too (its own notifications it ignores). A notification's
 * payload is at most 8000 bytes, so a longer event (a long message) travels in parts that the
 * receivers put back together. Events published in the same turn of the event loop leave in one
 * notification: under a class's load a process publishes thousands a minute, each one a query.
 */

export type ClassListener = (event: LiveEvent) => void;

export interface ClassBus {
  publish(sessionId: string, event: LiveEvent): void;
  /** Listens to one session's events; the returned function stops. */
  subscribe(sessionId: string, listener: ClassListener): () => void;
  /** Starts listening to other processes (PostgreSQL); resolves once it does. */
  start(): Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'leia_class_events';
/** Characters of one part: with its envelope, well under 8000 bytes even if every one takes 2. */
const PART_CHARS = 3500;
/** Parts of an event never completed (a lost notification) are dropped after this long. */
const PARTS_TTL_MS = 30_000;

interface Addressed {
  sessionId: string;
  event: LiveEvent;
}

interface Envelope {
  origin: string;
  /** Events published in one turn of the event loop, in order: one notification for all. */
  batch?: Addressed[];
  /** A long event in parts: its id, this part's index, the count, and its slice of the JSON. */
  part?: { sessionId: string; id: string; index: number; count: number; text: string };
}

export function createClassBus(
  notifications: Notifications | undefined,
  onError: (error: unknown) => void,
): ClassBus {
  const origin = randomUUID();
  const listeners = new Map<string, Set<ClassListener>>();
  const pending = new Map<string, { parts: string[]; received: number; at: number }>();
  let stop: (() => Promise<void>) | undefined;

  const deliver = (sessionId: string, event: LiveEvent) => {
    for (const listener of listeners.get(sessionId) ?? []) {
      try {
        listener(event);
      } catch (error) {
        onError(error);
      }
    }
  };

  const receive = (payload: string) => {
    const envelope = JSON.parse(payload) as Envelope;
    if (envelope.origin === origin) return;
    for (const { sessionId, event } of envelope.batch ?? []) deliver(sessionId, event);
    const part = envelope.part;
    if (!part) return;
    const now = Date.now();
    for (const [id, entry] of pending) if (now - entry.at > PARTS_TTL_MS) pending.delete(id);
    const entry = pending.get(part.id) ?? { parts: new Array<string>(part.count), received: 0, at: now };
    pending.set(part.id, entry);
    if (entry.parts[part.index] === undefined) entry.received++;
    entry.parts[part.index] = part.text;
    if (entry.received < part.count) return;
    pending.delete(part.id);
    deliver(part.sessionId, JSON.parse(entry.parts.join('')) as LiveEvent);
  };

  const send = (envelope: Envelope) =>
    notifications?.notify(CHANNEL, JSON.stringify(envelope)).catch(onError) ?? Promise.resolve();

  const sendInParts = (sessionId: string, text: string) => {
    const id = randomUUID();
    const count = Math.ceil(text.length / PART_CHARS);
    for (let index = 0; index < count; index++) {
      const slice = text.slice(index * PART_CHARS, (index + 1) * PART_CHARS);
      void send({ origin, part: { sessionId, id, index, count, text: slice } });
    }
  };

  /** What this turn of the event loop published, sent as few notifications as fit. */
  let outgoing: Addressed[] = [];
  const flush = () => {
    const items = outgoing;
    outgoing = [];
    let batch: Addressed[] = [];
    let size = 0;
    for (const item of items) {
      const length = JSON.stringify(item).length;
      if (length > PART_CHARS) {
        sendInParts(item.sessionId, JSON.stringify(item.event));
        continue;
      }
      if (size + length > PART_CHARS && batch.length > 0) {
        void send({ origin, batch });
        batch = [];
        size = 0;
      }
      batch.push(item);
      size += length;
    }
    if (batch.length > 0) void send({ origin, batch });
  };

  return {
    publish(sessionId, event) {
      deliver(sessionId, event);
      if (!notifications) return;
      if (outgoing.length === 0) setImmediate(flush);
      outgoing.push({ sessionId, event });
    },

    subscribe(sessionId, listener) {
      const set = listeners.get(sessionId) ?? new Set<ClassListener>();
      listeners.set(sessionId, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(sessionId) === set) listeners.delete(sessionId);
      };
    },

    async start() {
      if (!notifications || stop) return;
      stop = await notifications.listen(CHANNEL, (payload) => {
        try {
          receive(payload);
        } catch (error) {
          onError(error);
        }
      });
    },

    async close() {
      await stop?.();
      stop = undefined;
    },
  };
}
