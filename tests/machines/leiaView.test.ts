import {
  LEIA_VIEW_TEXTS,
  type LeiaViewEvent,
  type LeiaViewSnapshot,
  leiaViewMachine,
} from '@machines/leiaView';
import type { Leia } from '@shared/schemas/leias';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';

const leiaWith = (id: string, name: string): Leia => {
  const part = (kind: string) => ({
    id: `${kind}-${id}`,
    apiVersion: 'v1',
    metadata: { name: kind, version: '1.0.0' },
    spec: {},
  });
  return {
    id,
    metadata: { name, version: '1.0.0' },
    isPublished: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    user: { id: 'u', email: 'u@x.io', role: 'instructor' },
    description: '',
    spec: { persona: part('persona'), problem: part('problem'), behaviour: part('behaviour') },
  };
};

const a = leiaWith('a', 'Alpha');
const b = leiaWith('b', 'Beta');
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const start = (fail?: unknown) => {
  const loadLeia = vi.fn(async ({ input }: { input: { id: string } }) => {
    if (fail) throw fail;
    return input.id === 'a' ? a : b;
  });
  const actor = createActor(leiaViewMachine.provide({ actors: { loadLeia: fromPromise(loadLeia) } })).start();
  return {
    actor,
    loadLeia,
    snap: () => actor.getSnapshot(),
    send: (event: LeiaViewEvent) => actor.send(event),
  };
};

describe('leiaView machine', () => {
  it('opens on a LEIA, loads it and shows the Problem tab first', async () => {
    const { snap, send, loadLeia } = start();
    expect(snap().value).toBe('Closed');
    send({ type: 'view.open', leia: a });
    expect(snap().value).toEqual({ Open: 'Loading' });
    expect(snap().hasTag('loading')).toBe(true);
    expect(snap().context.summary?.metadata.name).toBe('Alpha');
    await flush();
    expect(snap().value).toEqual({ Open: 'Ready' });
    expect(snap().context.leia).toBe(a);
    expect(snap().context.tab).toBe('problem');
    expect(loadLeia).toHaveBeenCalledTimes(1);
  });

  it('resets to Problem when a different LEIA is opened, keeps the tab for the same one', async () => {
    const { snap, send } = start();
    send({ type: 'view.open', leia: a });
    await flush();
    send({ type: 'view.tab', tab: 'persona' });
    send({ type: 'view.close' });
    send({ type: 'view.open', leia: a });
    expect(snap().context.tab).toBe('persona');
    await flush();
    send({ type: 'view.close' });
    send({ type: 'view.open', leia: b });
    expect(snap().context.tab).toBe('problem');
  });

  it('opening another LEIA while open loads it and resets the tab', async () => {
    const { snap, send } = start();
    send({ type: 'view.open', leia: a });
    await flush();
    send({ type: 'view.tab', tab: 'behaviour' });
    send({ type: 'view.open', leia: b });
    expect(snap().context.tab).toBe('problem');
    expect(snap().context.leia).toBeNull();
    await flush();
    expect(snap().context.leia).toBe(b);
  });

  it('shows "LEIA not found" on a 404, the server message otherwise; Retry loads again', async () => {
    const notFound = start({ status: 404, message: 'whatever' });
    notFound.send({ type: 'view.open', leia: a });
    await flush();
    expect(notFound.snap().value).toEqual({ Open: 'Failed' });
    expect(notFound.snap().context.error).toBe(LEIA_VIEW_TEXTS.notFound);

    const other = start({ status: 500 });
    other.send({ type: 'view.open', leia: a });
    await flush();
    expect(other.snap().context.error).toBe(LEIA_VIEW_TEXTS.failed);
    other.send({ type: 'view.retry' });
    expect(other.snap().value).toEqual({ Open: 'Loading' });
    expect(other.loadLeia).toHaveBeenCalledTimes(2);
  });

  it('closes from any open state', async () => {
    const { snap, send } = start();
    send({ type: 'view.open', leia: a });
    send({ type: 'view.close' });
    expect(snap().value).toBe('Closed');
  });
});

describe('leiaView machine paths (xstate/graph)', () => {
  // Pure traversal: the load's outcomes are fed in as the events XState delivers.
  const done = (leia: Leia) =>
    ({ type: 'xstate.done.actor.loadLeia', output: leia }) as unknown as LeiaViewEvent;
  const failed = { type: 'xstate.error.actor.loadLeia', error: { status: 500 } } as unknown as LeiaViewEvent;
  const events: LeiaViewEvent[] = [
    { type: 'view.open', leia: a },
    { type: 'view.open', leia: b },
    { type: 'view.tab', tab: 'persona' },
    { type: 'view.close' },
    { type: 'view.retry' },
    done(a),
    failed,
  ];
  const serializeState = (s: LeiaViewSnapshot) =>
    JSON.stringify([s.value, s.context.tab, s.context.lastId, s.context.leia?.id ?? null]);

  it('reaches every state', () => {
    const reached = new Set(
      getShortestPaths(leiaViewMachine, { events, serializeState }).map((path) =>
        JSON.stringify(path.state.value),
      ),
    );
    expect(reached).toEqual(
      new Set(['"Closed"', '{"Open":"Loading"}', '{"Open":"Ready"}', '{"Open":"Failed"}']),
    );
  });

  it('on every path, opening a different LEIA shows Problem and opening the same one keeps the tab', () => {
    const paths = getSimplePaths(leiaViewMachine, { events, serializeState });
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      path.steps.forEach((step, i) => {
        if (step.event.type !== 'view.open' || i === 0) return;
        const before = path.steps[i - 1]!.state;
        const after = step.state;
        if (step.event.leia.id !== before.context.lastId) expect(after.context.tab).toBe('problem');
        else expect(after.context.tab).toBe(before.context.tab);
      });
    }
  });
});
