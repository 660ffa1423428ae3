import type { Notifications } from '@server/db/client';
import { createClassBus } from '@server/services/class-bus';
import { type Credited, createCredentialCache } from '@server/services/class-credentials';
import { CLASS_EVENTS, type LiveEvent } from '@shared/schemas/class-sessions';

/**
 * The live events' bus between processes (services/class-bus.ts), over an in-memory stand-in for
 * LISTEN/NOTIFY that keeps PostgreSQL's limit on a payload: another process's listeners get every
 * event, long ones put back together from parts; a process never hears its own twice.
 */
function hub(): { connect: () => Notifications; sent: () => number } {
  const listeners = new Set<(payload: string) => void>();
  let sent = 0;
  const connect = (): Notifications => ({
    async listen(_channel, onPayload) {
      listeners.add(onPayload);
      return async () => void listeners.delete(onPayload);
    },
    async notify(_channel, payload) {
      if (Buffer.byteLength(payload) >= 8000) throw new Error('payload string too long');
      sent++;
      // Delivered later and in any order, as from several pool connections.
      const delay = Math.random() * 5;
      for (const listener of listeners) setTimeout(() => listener(payload), delay);
    },
  });
  return { connect, sent: () => sent };
}

const message = (studentId: string, text: string): LiveEvent => ({
  event: CLASS_EVENTS.message,
  data: { studentId, message: { text, timestamp: new Date().toISOString(), isLeia: true } },
});

it('delivers events to the other process, a long one in parts and a burst in few notifications', async () => {
  const { connect, sent } = hub();
  const errors: unknown[] = [];
  const a = createClassBus(connect(), (error) => errors.push(error));
  const b = createClassBus(connect(), (error) => errors.push(error));
  await Promise.all([a.start(), b.start()]);
  const onA: LiveEvent[] = [];
  const onB: LiveEvent[] = [];
  a.subscribe('s1', (event) => onA.push(event));
  b.subscribe('s1', (event) => onB.push(event));
  b.subscribe('s2', () => errors.push('another session'));

  const long = `${'Ünïcode 🎂 '.repeat(3000)}end`;
  a.publish('s1', message('ada', long));
  for (let i = 0; i < 100; i++) a.publish('s1', message('bo', `short ${i}`));
  await vi.waitFor(() => expect(onB).toHaveLength(101));
  expect(
    onB.map((e) => (e.event === 'message' ? e.data.message.text : '')).find((t) => t.endsWith('end')),
  ).toBe(long);
  expect(onA).toHaveLength(101);
  // 34,000 characters in parts of 3,500, and 100 short events batched.
  expect(sent()).toBeLessThanOrEqual(20);
  expect(errors).toEqual([]);
  await Promise.all([a.close(), b.close()]);
});

it('the credential cache drops a student when another process publishes their row, and everything after a gap', async () => {
  const { connect } = hub();
  let gap = () => {};
  const lossy: Notifications = {
    ...connect(),
    async listen(channel, onPayload, onGap) {
      gap = onGap ?? gap;
      return connect().listen(channel, onPayload);
    },
  };
  const errors: unknown[] = [];
  const a = createClassBus(connect(), (error) => errors.push(error));
  const b = createClassBus(lossy, (error) => errors.push(error));
  await Promise.all([a.start(), b.start()]);
  const cache = createCredentialCache(b);
  const session = {
    id: 's1',
    endsAt: null,
    closedAt: null,
    ownerId: 'owner',
  } as unknown as Credited['session'];
  const kept = (id: string): Credited => ({
    student: { id, runnerSessionId: `chat-${id}`, handedInAt: null } as unknown as Credited['student'],
    session,
  });
  cache.set('hash-ada', kept('ada'));
  cache.set('hash-bo', kept('bo'));
  expect(cache.get('hash-ada')?.student.id).toBe('ada');

  // Ada's row published on the other process (a resume or a hand-in there): dropped here.
  const heard = new Promise<void>((resolve) => b.subscribe('s1', () => resolve()));
  a.publish('s1', { event: CLASS_EVENTS.student, data: { studentId: 'ada', handedIn: false } as never });
  await heard;
  expect(cache.get('hash-ada')).toBeUndefined();
  expect(cache.get('hash-bo')?.student.id).toBe('bo');

  // The listening connection lost: whatever was sent meanwhile is unknown, so nothing is kept.
  gap();
  expect(cache.get('hash-bo')).toBeUndefined();
  expect(cache.size).toBe(0);
  expect(errors).toEqual([]);
  await Promise.all([a.close(), b.close()]);
});
