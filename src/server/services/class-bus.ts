import { randomUUID } from 'node:crypto';
import type { LiveEvent } from '@shared/schemas/class-sessions';
import type { Notifications } from '../db/client';

/**
 * The live events of class sessions (docs/architecture.md "Class sessions"). A process delivers
 * its own events to its listeners at once; on PostgreSQL it also NOTIFYs them, so a live view
 * open on another process sees them too (its own notifications it ignores). A notification's
 * payload is at most 8000 bytes, so a longer event (a long message) travels in parts that the
 * receivers put back together. Events published together leave in one notification, and one
 * flush is on its way at a time (what is published meanwhile leaves with the next): under a
 * class's load a process publishes thousands a minute, and each notification is a query.
 */

export type ClassListener = (event: LiveEvent) => void;
/** Hears every session's events; `remote` when another process published it. */
export type BusWatcher = (sessionId: string, event: LiveEvent, remote: boolean) => void;

export interface ClassBus {
  publish(sessionId: string, event: LiveEvent): void;
  /** Listens to one session's events; the returned function stops. */
  subscribe(sessionId: string, listener: ClassListener): () => void;
  /** Hears every session's events, with whether another process published them. */
  watchAll(watcher: BusWatcher): () => void;
  /** Whether other processes share these events (PostgreSQL): then what a process keeps may go stale. */
  readonly shared: boolean;
  /** Calls `listener` when other processes' events may have been missed (the listening connection lost, then back). */
  watchGaps(listener: () => void): () => void;
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

/** One bus: this process's listeners, the parts of long events still arriving, and what is to leave. */
interface BusState {
  origin: string;
  notifications: Notifications | undefined;
  onError: (error: unknown) => void;
  listeners: Map<string, Set<ClassListener>>;
  watchers: Set<BusWatcher>;
  gapWatchers: Set<() => void>;
  pending: Map<string, { parts: string[]; received: number; at: number }>;
  /** What was published since the last notifications left, sent as few notifications as fit. */
  outgoing: Addressed[];
  /** A flush is scheduled or its notifications are on their way: what is published meanwhile waits for it. */
  flushing: boolean;
  stop: (() => Promise<void>) | undefined;
}

function deliver(bus: BusState, sessionId: string, event: LiveEvent, remote = false): void {
  for (const watcher of bus.watchers) {
    try {
      watcher(sessionId, event, remote);
    } catch (error) {
      bus.onError(error);
    }
  }
  for (const listener of bus.listeners.get(sessionId) ?? []) {
    try {
      listener(event);
    } catch (error) {
      bus.onError(error);
    }
  }
}

/** A part of a long event; the whole event is delivered once its last part arrives. */
function receivePart(bus: BusState, part: NonNullable<Envelope['part']>): void {
  const now = Date.now();
  for (const [id, entry] of bus.pending) if (now - entry.at > PARTS_TTL_MS) bus.pending.delete(id);
  const entry = bus.pending.get(part.id) ?? { parts: new Array<string>(part.count), received: 0, at: now };
  bus.pending.set(part.id, entry);
  if (entry.parts[part.index] === undefined) entry.received++;
  entry.parts[part.index] = part.text;
  if (entry.received < part.count) return;
  bus.pending.delete(part.id);
  deliver(bus, part.sessionId, JSON.parse(entry.parts.join('')) as LiveEvent, true);
}

function receive(bus: BusState, payload: string): void {
  const envelope = JSON.parse(payload) as Envelope;
  if (envelope.origin === bus.origin) return;
  for (const { sessionId, event } of envelope.batch ?? []) deliver(bus, sessionId, event, true);
  if (envelope.part) receivePart(bus, envelope.part);
}

const send = (bus: BusState, envelope: Omit<Envelope, 'origin'>) =>
  bus.notifications
    ?.notify(CHANNEL, JSON.stringify({ origin: bus.origin, ...envelope }))
    .catch(bus.onError) ?? Promise.resolve();

function sendInParts(bus: BusState, sessionId: string, text: string): Promise<void>[] {
  const id = randomUUID();
  const count = Math.ceil(text.length / PART_CHARS);
  return Array.from({ length: count }, (_, index) => {
    const slice = text.slice(index * PART_CHARS, (index + 1) * PART_CHARS);
    return send(bus, { part: { sessionId, id, index, count, text: slice } });
  });
}

/** What is waiting, in as few notifications as fit; resolves once they have left. */
async function sendOutgoing(bus: BusState): Promise<void> {
  const items = bus.outgoing;
  bus.outgoing = [];
  const sent: Promise<void>[] = [];
  let batch: Addressed[] = [];
  let size = 0;
  for (const item of items) {
    const length = JSON.stringify(item).length;
    if (length > PART_CHARS) {
      sent.push(...sendInParts(bus, item.sessionId, JSON.stringify(item.event)));
      continue;
    }
    if (size + length > PART_CHARS && batch.length > 0) {
      sent.push(send(bus, { batch }));
      batch = [];
      size = 0;
    }
    batch.push(item);
    size += length;
  }
  if (batch.length > 0) sent.push(send(bus, { batch }));
  await Promise.all(sent);
}

/**
 * Sends what is waiting, then, while more was published meanwhile, that too: one flush on its
 * way at a time, so under load each NOTIFY carries what a whole round trip gathered (not one
 * per turn of the event loop), and the events leave in the order they were published.
 */
function flush(bus: BusState): void {
  void sendOutgoing(bus).then(() => {
    if (bus.outgoing.length > 0) flush(bus);
    else bus.flushing = false;
  });
}

function publish(bus: BusState, sessionId: string, event: LiveEvent): void {
  deliver(bus, sessionId, event);
  if (!bus.notifications) return;
  bus.outgoing.push({ sessionId, event });
  if (bus.flushing) return;
  bus.flushing = true;
  setImmediate(() => flush(bus));
}

function subscribe(bus: BusState, sessionId: string, listener: ClassListener): () => void {
  const set = bus.listeners.get(sessionId) ?? new Set<ClassListener>();
  bus.listeners.set(sessionId, set);
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && bus.listeners.get(sessionId) === set) bus.listeners.delete(sessionId);
  };
}

async function start(bus: BusState): Promise<void> {
  if (!bus.notifications || bus.stop) return;
  const onGap = () => {
    for (const listener of bus.gapWatchers) listener();
  };
  bus.stop = await bus.notifications.listen(
    CHANNEL,
    (payload) => {
      try {
        receive(bus, payload);
      } catch (error) {
        bus.onError(error);
      }
    },
    onGap,
  );
}

async function close(bus: BusState): Promise<void> {
  await bus.stop?.();
  bus.stop = undefined;
}

export function createClassBus(
  notifications: Notifications | undefined,
  onError: (error: unknown) => void,
): ClassBus {
  const bus: BusState = {
    origin: randomUUID(),
    notifications,
    onError,
    listeners: new Map(),
    watchers: new Set(),
    gapWatchers: new Set(),
    pending: new Map(),
    outgoing: [],
    flushing: false,
    stop: undefined,
  };
  return {
    publish: (sessionId, event) => publish(bus, sessionId, event),
    subscribe: (sessionId, listener) => subscribe(bus, sessionId, listener),
    watchAll: (watcher) => {
      bus.watchers.add(watcher);
      return () => bus.watchers.delete(watcher);
    },
    shared: notifications !== undefined,
    watchGaps: (listener) => {
      bus.gapWatchers.add(listener);
      return () => bus.gapWatchers.delete(listener);
    },
    start: () => start(bus),
    close: () => close(bus),
  };
}
