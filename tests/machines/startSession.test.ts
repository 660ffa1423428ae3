import {
  type SEARCH_START_TEXTS,
  type StartRequest,
  startingKey,
  startSessionMachine,
} from '@machines/startSession';
import type { InitializeBody } from '@shared/schemas/runner';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const request = (key: string): StartRequest => ({
  key,
  body: { leia: key },
  state: { problemDescription: `Problem of ${key}` },
});

/** Each initialize call takes the next outcome: an answer, or an Error to reject with. */
const start = (outcomes: ({ sessionId?: string } | Error)[], texts?: typeof SEARCH_START_TEXTS) => {
  const opened: { sessionId: string; state: unknown }[] = [];
  const notified: string[] = [];
  const calls: InitializeBody[] = [];
  const signals: AbortSignal[] = [];
  const pending: (() => void)[] = [];
  const actor = createActor(
    startSessionMachine.provide({
      actors: {
        initialize: fromPromise(({ input, signal }) => {
          calls.push(input);
          signals.push(signal);
          const outcome = outcomes.shift() ?? {};
          return new Promise((resolve, reject) => {
            pending.push(() => (outcome instanceof Error ? reject(outcome) : resolve(outcome)));
          });
        }),
      },
      actions: {
        openChat: (_, params) => void opened.push(params),
        notify: (_, { message }) => void notified.push(message),
      },
    }),
    { input: { texts } },
  ).start();
  const settle = async () => {
    for (const run of pending.splice(0)) run();
    await flush();
  };
  return { actor, opened, notified, calls, signals, settle };
};

describe('startSession machine', () => {
  it('a start refused by a fair-use limit says what was limited and when to retry', async () => {
    const limited = { limit: 'chatSessions', max: 30, windowSeconds: 600, retryAfterSeconds: 300 };
    const refused = Object.assign(new Error('429'), { status: 429, data: limited });
    const { actor, notified, settle } = start([refused]);
    actor.send({ type: 'session.start', request: request('leia-1') });
    await settle();
    expect(notified).toEqual([
      'Too many chat sessions started: at most 30 per 10 minutes. Try again in 5 minutes.',
    ]);
  });

  it('starts the session, marks the row busy, then opens the chat with the navigation state', async () => {
    const { actor, opened, calls, settle } = start([{ sessionId: 'abc' }]);
    actor.send({ type: 'session.start', request: request('leia-1') });
    expect(actor.getSnapshot().value).toBe('Starting');
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(startingKey(actor.getSnapshot())).toBe('leia-1');
    expect(calls).toEqual([{ leia: 'leia-1' }]);
    await settle();
    expect(opened).toEqual([{ sessionId: 'abc', state: { problemDescription: 'Problem of leia-1' } }]);
    expect(actor.getSnapshot().value).toBe('Idle');
    expect(startingKey(actor.getSnapshot())).toBeNull();
  });

  it("an answer without a sessionId: 'Could not start chat session'", async () => {
    const { actor, opened, notified, settle } = start([{}]);
    actor.send({ type: 'session.start', request: request('leia-1') });
    await settle();
    expect(opened).toEqual([]);
    expect(notified).toEqual(['Could not start chat session']);
    expect(startingKey(actor.getSnapshot())).toBeNull();
  });

  it("a failure: 'Error starting chat session'", async () => {
    const { actor, notified, settle } = start([new Error('offline')]);
    actor.send({ type: 'session.start', request: request('leia-1') });
    await settle();
    expect(notified).toEqual(['Error starting chat session']);
    expect(actor.getSnapshot().value).toBe('Idle');
  });

  it("takes a screen's own texts", async () => {
    const { actor, notified, settle } = start([new Error('x')], {
      noSession: 'No session',
      failed: 'Failed to initialize LEIA session',
    });
    actor.send({ type: 'session.start', request: request('w') });
    await settle();
    expect(notified).toEqual(['Failed to initialize LEIA session']);
  });

  it('the latest start wins: the earlier call is aborted and only the latest opens', async () => {
    const { actor, opened, calls, signals, settle } = start([
      { sessionId: 'first' },
      { sessionId: 'second' },
    ]);
    actor.send({ type: 'session.start', request: request('leia-1') });
    actor.send({ type: 'session.start', request: request('leia-2') });
    expect(signals[0]?.aborted).toBe(true);
    expect(startingKey(actor.getSnapshot())).toBe('leia-2');
    await settle();
    expect(calls).toHaveLength(2);
    expect(opened).toEqual([{ sessionId: 'second', state: { problemDescription: 'Problem of leia-2' } }]);
  });

  it('what is starting is refused (the refused event changes nothing); another start is taken', () => {
    const { actor, calls } = start([{ sessionId: 'first' }]);
    actor.send({ type: 'session.start', request: request('leia-1') });
    const starting = actor.getSnapshot();
    expect(starting.can({ type: 'session.start', request: request('leia-1') })).toBe(false);
    actor.send({ type: 'session.start', request: request('leia-1') });
    expect(actor.getSnapshot()).toBe(starting);
    expect(calls).toHaveLength(1);
    expect(starting.can({ type: 'session.start', request: request('leia-2') })).toBe(true);
  });

  it('every state is reachable', () => {
    const paths = getShortestPaths(startSessionMachine, {
      events: [{ type: 'session.start', request: request('x') }],
    });
    expect(paths.map((path) => path.state.value).sort()).toEqual(['Idle', 'Starting']);
  });
});
