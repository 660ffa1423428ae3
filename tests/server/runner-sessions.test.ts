import type { ResolvedLeia } from '@server/runner/provider';
import { createSessionCache } from '@server/services/runner-sessions';

/** The per-process memory of chat sessions: bounded by sessions and by characters of conversation. */

const leia = { persona: { spec: {} }, problem: { spec: {} }, behaviour: { spec: {} } } as ResolvedLeia;
const known = (text = '') => ({
  ownerId: 'owner',
  system: 'You are Ana.',
  leia,
  history: text ? [{ seq: 1, isLeia: false, text }] : [],
});

describe('the session cache', () => {
  it('keeps at most its number of sessions, dropping the least recently used', () => {
    const cache = createSessionCache({ sessions: 2, historyChars: 1000 });
    cache.remember('a', known());
    cache.remember('b', known());
    cache.get('a');
    cache.remember('c', known());
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('keeps at most its characters of conversation, dropping the least recently used sessions', () => {
    const cache = createSessionCache({ sessions: 10, historyChars: 10 });
    cache.remember('a', known('12345'));
    cache.remember('b', known('12345'));
    expect(cache.historyChars).toBe(10);
    cache.setHistory('c', [{ seq: 1, isLeia: false, text: 'x' }]);
    expect(cache.get('c')).toBeUndefined();
    cache.remember('c', known('123'));
    expect(cache.get('a')).toBeUndefined();
    expect(cache.historyChars).toBe(8);
  });

  it('keeps a session whose conversation alone is over the limit, without its conversation', () => {
    const cache = createSessionCache({ sessions: 10, historyChars: 10 });
    cache.remember('a', known('12345'));
    cache.remember('long', known('x'.repeat(11)));
    expect(cache.get('long')).toMatchObject({ ownerId: 'owner', system: 'You are Ana.' });
    expect(cache.get('long')?.history).toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.historyChars).toBe(0);
  });

  it('forgets a conversation but keeps what never changes', () => {
    const cache = createSessionCache({ sessions: 10, historyChars: 100 });
    cache.remember('a', known('hello'));
    cache.forgetHistory('a');
    expect(cache.get('a')?.history).toBeUndefined();
    expect(cache.get('a')?.system).toBe('You are Ana.');
    expect(cache.historyChars).toBe(0);
    cache.setHistory('a', [{ seq: 2, isLeia: true, text: 'again' }]);
    expect(cache.get('a')?.history).toEqual([{ seq: 2, isLeia: true, text: 'again' }]);
    expect(cache.historyChars).toBe(5);
  });
});
