import type { ResolvedLeia } from '../runner/provider';
import type { StoredMessage } from './runner-store';

/**
 * What one server process keeps of the chat sessions it served (runner.ts): what never changes
 * once a session starts (its owner, prompt and resolved LEIA), and the conversation as this
 * process last stored it. The conversation is a hint, never the truth: a message sent with it is
 * stored only if the session's last message is still the one it ends with (runner-store.ts
 * `sendAfter`), so another process writing to the session, or this cache being out of date, costs
 * a fresh read and nothing else.
 */
export interface KnownSession {
  ownerId: string;
  system: string;
  leia: ResolvedLeia;
  /** The whole conversation, oldest first, as of this process's last write; absent when unsure. */
  history?: StoredMessage[];
}

interface Entry extends KnownSession {
  chars: number;
}

export interface SessionCacheLimits {
  /** Sessions kept (a few KB each without their conversation). */
  sessions: number;
  /** Characters of conversation kept over all sessions; the least recently used go first. */
  historyChars: number;
}

const DEFAULT_LIMITS: SessionCacheLimits = { sessions: 5000, historyChars: 4_000_000 };

const charsOf = (history: StoredMessage[] | undefined) =>
  history ? history.reduce((sum, message) => sum + message.text.length, 0) : 0;

export function createSessionCache(limits: SessionCacheLimits = DEFAULT_LIMITS) {
  // A Map iterates in insertion order: re-inserting on use makes its first key the least recent.
  const entries = new Map<string, Entry>();
  let historyChars = 0;

  const drop = (sessionId: string) => {
    const entry = entries.get(sessionId);
    if (!entry) return;
    historyChars -= entry.chars;
    entries.delete(sessionId);
  };

  const forgetHistoryOf = (entry: Entry) => {
    historyChars -= entry.chars;
    entry.chars = 0;
    delete entry.history;
  };

  const put = (sessionId: string, session: KnownSession) => {
    drop(sessionId);
    const entry: Entry = { ...session, chars: charsOf(session.history) };
    entries.set(sessionId, entry);
    historyChars += entry.chars;
    for (const oldest of entries.keys()) {
      if (entries.size <= limits.sessions && historyChars <= limits.historyChars) return;
      if (oldest === sessionId) break;
      drop(oldest);
    }
    // Only this session is left and its conversation alone is over the limit: keep the rest of it.
    if (historyChars > limits.historyChars) forgetHistoryOf(entry);
  };

  return {
    /** The session as this process knows it, marked as the most recently used. */
    get(sessionId: string): KnownSession | undefined {
      const entry = entries.get(sessionId);
      if (entry) {
        entries.delete(sessionId);
        entries.set(sessionId, entry);
      }
      return entry;
    },

    /** Keeps a session (a new one, or one just read from the database). */
    remember(sessionId: string, session: KnownSession): void {
      put(sessionId, session);
    },

    /** The conversation as stored by this process just now (after its reply was stored). */
    setHistory(sessionId: string, history: StoredMessage[]): void {
      const entry = entries.get(sessionId);
      if (entry) put(sessionId, { ...entry, history });
    },

    /** Something was written that this process did not follow: read the conversation afresh next time. */
    forgetHistory(sessionId: string): void {
      const entry = entries.get(sessionId);
      if (entry) forgetHistoryOf(entry);
    },

    get size() {
      return entries.size;
    },

    get historyChars() {
      return historyChars;
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
