import {
  emptyListText,
  type LoadListInput,
  listStatus,
  listsView,
  matchingItems,
  RESOURCE_LISTS_TEXTS,
  type ResourceListsEvent,
  type ResourceListsSnapshot,
  resourceListsMachine,
} from '@machines/resourceLists';
import type { WizardPart } from '@machines/wizard/parts';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { ada, grace, guessing, interviewee, library } from './wizard/fixtures';

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Lists whose loads wait until the test settles them, in order. */
const start = () => {
  const calls: LoadListInput[] = [];
  const signals: AbortSignal[] = [];
  const pending: { input: LoadListInput; settle: (items: WizardPart[] | Error) => void }[] = [];
  const actor = createActor(
    resourceListsMachine.provide({
      actors: {
        loadList: fromPromise(({ input, signal }) => {
          calls.push(input);
          signals.push(signal);
          return new Promise<WizardPart[]>((resolve, reject) => {
            pending.push({
              input,
              settle: (items) => (items instanceof Error ? reject(items) : resolve(items)),
            });
          });
        }),
      },
    }),
  ).start();
  const answer = async (kind: string, items: WizardPart[] | Error) => {
    const index = pending.findLastIndex((p) => p.input.kind === kind);
    pending.splice(index, 1)[0]!.settle(items);
    await flush();
  };
  return { actor, calls, signals, answer, snap: () => actor.getSnapshot() };
};

const defaults = { visibility: 'all', process: 'all' };

describe('resourceLists machine', () => {
  it('loads the three lists with the default filters; the screen waits for all three', async () => {
    const { calls, answer, snap } = start();
    expect(calls).toEqual([
      { kind: 'persona', ...defaults },
      { kind: 'problem', ...defaults },
      { kind: 'behaviour', ...defaults },
    ]);
    expect(listsView(snap())).toBe('loading');
    await answer('persona', [ada, grace]);
    await answer('problem', [library]);
    expect(listsView(snap())).toBe('loading');
    await answer('behaviour', [interviewee]);
    expect(listsView(snap())).toBe('ready');
    expect(snap().context.lists.persona.items).toEqual([ada, grace]);
  });

  it("a list that never loaded fails the screen ('Error Loading Data'); Try Again reloads the failed ones", async () => {
    const { actor, calls, answer, snap } = start();
    await answer('persona', [ada]);
    await answer('problem', new Error('offline'));
    await answer('behaviour', [interviewee]);
    expect(listsView(snap())).toBe('failed');
    actor.send({ type: 'lists.retry' });
    expect(calls.slice(3)).toEqual([{ kind: 'problem', ...defaults }]);
    await answer('problem', [library]);
    expect(listsView(snap())).toBe('ready');
  });

  it('a filter reloads only its list, with the filter; an older request is aborted', async () => {
    const { actor, calls, signals, answer, snap } = start();
    for (const kind of ['persona', 'problem', 'behaviour']) await answer(kind, []);
    actor.send({ type: 'lists.filter', kind: 'problem', filters: { process: 'game' } });
    actor.send({ type: 'lists.filter', kind: 'problem', filters: { visibility: 'private' } });
    expect(signals[3]?.aborted).toBe(true);
    expect(calls.slice(3)).toEqual([
      { kind: 'problem', visibility: 'all', process: 'game' },
      { kind: 'problem', visibility: 'private', process: 'game' },
    ]);
    expect(listStatus(snap(), 'problem')).toBe('loading');
    expect(listStatus(snap(), 'persona')).toBe('ready');
    expect(listsView(snap())).toBe('ready'); // loaded once: the column shows its own state
    await answer('problem', [guessing]);
    expect(snap().context.lists.problem.items).toEqual([guessing]);
  });

  it('a reload failure after the first load stays in its column', async () => {
    const { actor, answer, snap } = start();
    for (const kind of ['persona', 'problem', 'behaviour']) await answer(kind, [ada]);
    actor.send({ type: 'lists.reload', kind: 'persona' });
    await answer('persona', new Error('offline'));
    expect(listStatus(snap(), 'persona')).toBe('failed');
    expect(listsView(snap())).toBe('ready');
  });

  it('the search box matches name or description, ignoring case, without asking the server', async () => {
    const { actor, calls, answer, snap } = start();
    await answer('problem', [library, guessing]);
    actor.send({ type: 'lists.search', kind: 'problem', text: '  GUESSING ' });
    expect(matchingItems(snap().context.lists.problem)).toEqual([guessing]);
    actor.send({ type: 'lists.search', kind: 'problem', text: 'for {{persona' });
    expect(matchingItems(snap().context.lists.problem)).toEqual([library]);
    expect(calls).toHaveLength(3);
  });

  it("says 'No items available' for an empty list and 'No results found' when a search or filter leaves nothing", async () => {
    const { actor, answer, snap } = start();
    await answer('persona', []);
    await answer('problem', [library]);
    expect(emptyListText(snap().context.lists.persona)).toBe(RESOURCE_LISTS_TEXTS.noItems);
    expect(emptyListText(snap().context.lists.problem)).toBeNull();
    actor.send({ type: 'lists.search', kind: 'problem', text: 'zoo' });
    expect(emptyListText(snap().context.lists.problem)).toBe(RESOURCE_LISTS_TEXTS.noResults);
    actor.send({ type: 'lists.filter', kind: 'persona', filters: { visibility: 'public' } });
    await answer('persona', []);
    expect(emptyListText(snap().context.lists.persona)).toBe(RESOURCE_LISTS_TEXTS.noResults);
  });

  it('every state of every list is reachable (xstate/graph)', () => {
    const events = [
      ...(['persona', 'problem', 'behaviour'] as const).flatMap((kind) => [
        { type: `xstate.done.actor.0.resourceLists.${kind}.Loading`, output: [] },
        { type: `xstate.error.actor.0.resourceLists.${kind}.Loading`, error: {} },
        { type: 'lists.reload', kind },
      ]),
      { type: 'lists.retry' },
    ] as unknown as ResourceListsEvent[];
    const serializeState = (s: ResourceListsSnapshot) => JSON.stringify(s.value);
    const reached = new Set(
      getShortestPaths(resourceListsMachine, { events, serializeState }).flatMap((path) =>
        Object.entries(path.state.value as Record<string, string>).map(([kind, state]) => `${kind}.${state}`),
      ),
    );
    for (const kind of ['persona', 'problem', 'behaviour']) {
      for (const state of ['Loading', 'Ready', 'Failed']) expect(reached).toContain(`${kind}.${state}`);
    }
  });
});
