import {
  hasMore,
  isLoadingMore,
  isRefreshing,
  type ListPage,
  type PageRequest,
  SEARCH_DEBOUNCE_MS,
  SEARCH_LIST_TEXTS,
  SEARCH_PAGE_SIZE,
  type SearchListEvent,
  searchListMachine,
  searchListView,
  searchQuery,
} from '@machines/searchList/machine';
import type { LeiaListItem } from '@shared/schemas/leias';
import { createActor, fromPromise } from 'xstate';

const leia = (n: number): LeiaListItem => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  metadata: { name: `LEIA ${n}`, version: '1.0.0' },
  isPublished: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  user: { id: 'u-1', email: 'a@b.co', role: 'admin' },
  description: `Description ${n}`,
  parts: { persona: 'p', problem: 'q', behaviour: 'b' },
});

const rows = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => leia(from + i));

interface Call {
  input: PageRequest;
  signal: AbortSignal;
  resolve: (page: ListPage<LeiaListItem>) => void;
  reject: (error: unknown) => void;
}

/** A fake loadPage whose calls the test settles by hand, in any order. */
const start = (input: { pageSize?: number } = {}) => {
  const calls: Call[] = [];
  const loadPage = fromPromise<ListPage<LeiaListItem>, PageRequest>(
    ({ input: request, signal }) =>
      new Promise((resolve, reject) => {
        calls.push({ input: request, signal, resolve, reject });
      }),
  );
  const notify = vi.fn();
  const filtersChanged = vi.fn();
  const actor = createActor(
    searchListMachine.provide({ actors: { loadPage }, actions: { notify, filtersChanged } }),
    {
      input,
    },
  ).start();
  return {
    actor,
    calls,
    notify,
    filtersChanged,
    snap: () => actor.getSnapshot(),
    send: (event: SearchListEvent) => actor.send(event),
    last: () => calls.at(-1)!,
  };
};

/** Lets settled promises reach the machine (fake timers do not run microtasks by themselves). */
const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('searchList machine', () => {
  it('loads the first page at once with the default filters: all, latest only, no text', async () => {
    const { snap, calls, last } = start();
    expect(snap().value).toBe('Loading');
    expect(snap().hasTag('loading')).toBe(true);
    expect(searchListView(snap())).toBe('loading');
    expect(calls).toHaveLength(1);
    expect(last().input).toEqual({
      query: { text: '', visibility: 'all', version: 'latest', sort: 'relevance' },
      limit: SEARCH_PAGE_SIZE,
    });
    last().resolve({ items: rows(1, 3) });
    await settle();
    expect(snap().value).toEqual({ Ready: 'Idle' });
    expect(snap().context.items.map((item) => item.metadata.name)).toEqual(['LEIA 1', 'LEIA 2', 'LEIA 3']);
    expect(searchListView(snap())).toBe('rows');
    expect(hasMore(snap())).toBe(false);
  });

  it('keeps the total the first page gives; a delete takes one off at once; a later page never repeats a row', async () => {
    const { snap, send, last } = start({ pageSize: 2 });
    last().resolve({ items: rows(1, 2), nextCursor: 'o2', total: 7 });
    await settle();
    expect(snap().context.total).toBe(7);
    send({ type: 'list.loadMore' });
    // A row added meanwhile shifted the positions: row 2 comes again.
    last().resolve({ items: rows(2, 4), nextCursor: 'o4' });
    await settle();
    expect(snap().context.items.map((item) => item.metadata.name)).toEqual([
      'LEIA 1',
      'LEIA 2',
      'LEIA 3',
      'LEIA 4',
    ]);
    expect(snap().context.total).toBe(7);
    send({ type: 'list.deleted', id: leia(3).id });
    expect(snap().context.total).toBe(6);
  });

  it('a new sort is a new search', async () => {
    const { send, calls, last } = start();
    last().resolve({ items: rows(1, 1) });
    await settle();
    send({ type: 'filters.set', filters: { sort: 'name' } });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(calls).toHaveLength(2);
    expect(last().input.query.sort).toBe('name');
  });

  it("shows 'empty' when the answer has no rows", async () => {
    const { snap, last } = start();
    last().resolve({ items: [] });
    await settle();
    expect(searchListView(snap())).toBe('empty');
  });

  it('reloads 300 ms after the last filter change, once, with the last text', async () => {
    const { snap, calls, send, last } = start();
    last().resolve({ items: rows(1, 2) });
    await settle();
    for (const text of ['b', 'ba', 'ban']) {
      send({ type: 'filters.set', filters: { text } });
      await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 100);
    }
    expect(calls).toHaveLength(1); // only the first load so far
    expect(snap().value).toBe('Debouncing');
    expect(isRefreshing(snap())).toBe(true);
    // The rows of the previous query stay on screen while the new ones are on their way.
    expect(searchListView(snap())).toBe('rows');
    await vi.advanceTimersByTimeAsync(99);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(last().input.query).toEqual({
      text: 'ban',
      visibility: 'all',
      version: 'latest',
      sort: 'relevance',
    });
    expect(snap().value).toBe('Loading');
  });

  it('debounces the visibility and version filters too, and keeps the other filters', async () => {
    const { snap, send, last, calls } = start();
    last().resolve({ items: [] });
    await settle();
    send({ type: 'filters.set', filters: { text: '  bank  ' } });
    send({ type: 'filters.set', filters: { visibility: 'private' } });
    send({ type: 'filters.set', filters: { version: 'all' } });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(calls).toHaveLength(2);
    // Text trimmed; All versions is sent as an empty version (spec section 5 "Search").
    expect(last().input.query).toEqual({
      text: 'bank',
      visibility: 'private',
      version: '',
      sort: 'relevance',
    });
    expect(snap().context.filters).toEqual({
      text: '  bank  ',
      visibility: 'private',
      version: 'all',
      sort: 'relevance',
    });
  });

  it('tells the app every change of the filters (it keeps them in the address bar), even without a reload', async () => {
    const { send, filtersChanged } = start();
    send({ type: 'filters.set', filters: { text: 'bank' } });
    send({ type: 'filters.set', filters: { text: 'bank ' } });
    send({ type: 'filters.set', filters: { version: 'all' } });
    expect(filtersChanged.mock.calls.map(([, params]) => params.filters)).toEqual([
      { text: 'bank', visibility: 'all', version: 'latest', sort: 'relevance' },
      { text: 'bank ', visibility: 'all', version: 'latest', sort: 'relevance' },
      { text: 'bank ', visibility: 'all', version: 'all', sort: 'relevance' },
    ]);
  });

  it('does not reload when the change does not change the request (a trailing space)', async () => {
    const { snap, send, last, calls } = start();
    send({ type: 'filters.set', filters: { text: 'bank' } });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    last().resolve({ items: rows(1, 1) });
    await settle();
    send({ type: 'filters.set', filters: { text: 'bank ' } });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS * 2);
    expect(calls).toHaveLength(2);
    expect(snap().value).toEqual({ Ready: 'Idle' });
    expect(snap().context.filters.text).toBe('bank ');
  });

  it('cancels the request in flight on a change; its late answer never lands', async () => {
    const { snap, send, calls } = start();
    const first = calls[0]!;
    send({ type: 'filters.set', filters: { text: 'zoo' } });
    expect(first.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    const second = calls[1]!;
    second.resolve({ items: [leia(9)] });
    await settle();
    // The cancelled request answers late (a server that ignored the abort): nothing changes.
    first.resolve({ items: rows(1, 5) });
    await settle();
    expect(snap().context.items.map((item) => item.id)).toEqual([leia(9).id]);
    expect(snap().value).toEqual({ Ready: 'Idle' });
  });

  it('cancels the earlier request even when the newer one answers first', async () => {
    const { snap, send, calls } = start();
    calls[0]!.resolve({ items: rows(1, 2) });
    await settle();
    send({ type: 'filters.set', filters: { text: 'a' } });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    const older = calls[1]!;
    send({ type: 'filters.set', filters: { text: 'ab' } });
    expect(older.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    const newer = calls[2]!;
    newer.resolve({ items: [leia(7)] });
    await settle();
    older.resolve({ items: [leia(8)] });
    await settle();
    expect(snap().context.items).toEqual([leia(7)]);
  });

  it('ignores a cancelled request that rejects: no failure, no toast', async () => {
    const { snap, send, calls, notify } = start();
    send({ type: 'filters.set', filters: { visibility: 'public' } });
    calls[0]!.reject(new DOMException('The operation was aborted.', 'AbortError'));
    await settle();
    expect(notify).not.toHaveBeenCalled();
    expect(snap().value).toBe('Debouncing');
  });

  it("fails with a toast and the 'failed' view; Retry loads again with the same filters", async () => {
    const { snap, send, calls, last, notify } = start();
    send({ type: 'filters.set', filters: { text: 'x' } });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    last().reject({ status: 500, message: 'boom' });
    await settle();
    expect(snap().value).toBe('Failed');
    expect(searchListView(snap())).toBe('failed');
    expect(notify).toHaveBeenCalledTimes(1);
    expect(notify.mock.calls[0]![1]).toEqual({ tone: 'error', message: SEARCH_LIST_TEXTS.failed });
    send({ type: 'list.retry' });
    expect(calls).toHaveLength(3);
    expect(last().input.query.text).toBe('x');
    last().resolve({ items: rows(1, 1) });
    await settle();
    expect(searchListView(snap())).toBe('rows');
    expect(snap().context.failed).toBe(false);
  });

  it('loads more with the cursor and appends; not without a cursor', async () => {
    const { snap, send, calls, last } = start();
    last().resolve({ items: rows(1, 2), nextCursor: 'c1' });
    await settle();
    expect(hasMore(snap())).toBe(true);
    send({ type: 'list.loadMore' });
    expect(snap().value).toEqual({ Ready: 'LoadingMore' });
    expect(isLoadingMore(snap())).toBe(true);
    expect(last().input).toEqual({
      query: { text: '', visibility: 'all', version: 'latest', sort: 'relevance' },
      cursor: 'c1',
      limit: SEARCH_PAGE_SIZE,
    });
    send({ type: 'list.loadMore' }); // already loading: ignored
    expect(calls).toHaveLength(2);
    last().resolve({ items: rows(3, 4) });
    await settle();
    expect(snap().context.items).toHaveLength(4);
    expect(hasMore(snap())).toBe(false);
    send({ type: 'list.loadMore' });
    expect(calls).toHaveLength(2);
  });

  it('keeps the rows when loading more fails, with a toast; Load more tries again', async () => {
    const { snap, send, calls, last, notify } = start();
    last().resolve({ items: rows(1, 2), nextCursor: 'c1' });
    await settle();
    send({ type: 'list.loadMore' });
    last().reject({});
    await settle();
    expect(notify).toHaveBeenCalledTimes(1);
    expect(snap().value).toEqual({ Ready: 'Idle' });
    expect(snap().context.items).toHaveLength(2);
    send({ type: 'list.loadMore' });
    expect(calls).toHaveLength(3);
    expect(last().input.cursor).toBe('c1');
  });

  it('a filter change cancels loading more and starts over from the first page', async () => {
    const { snap, send, calls, last } = start();
    last().resolve({ items: rows(1, 2), nextCursor: 'c1' });
    await settle();
    send({ type: 'list.loadMore' });
    const more = last();
    send({ type: 'filters.set', filters: { text: 'q' } });
    expect(more.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(last().input.cursor).toBeUndefined();
    more.resolve({ items: rows(3, 4) });
    last().resolve({ items: [leia(5)] });
    await settle();
    expect(snap().context.items).toEqual([leia(5)]);
    expect(calls).toHaveLength(3);
  });

  it('after a delete: the row goes at once, then the list reloads with the same filters', async () => {
    const { snap, send, calls, last } = start({ pageSize: 2 });
    last().resolve({ items: rows(1, 2), nextCursor: 'c1' });
    await settle();
    send({ type: 'list.loadMore' });
    last().resolve({ items: rows(3, 4), nextCursor: 'c2' });
    await settle();
    send({ type: 'filters.set', filters: { visibility: 'private' } });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    last().resolve({ items: rows(1, 4), nextCursor: 'c3' });
    await settle();

    send({ type: 'list.deleted', id: leia(2).id });
    expect(snap().context.items.map((item) => item.metadata.name)).toEqual(['LEIA 1', 'LEIA 3', 'LEIA 4']);
    expect(snap().value).toBe('Loading'); // no debounce after a delete
    expect(isRefreshing(snap())).toBe(true);
    expect(searchListView(snap())).toBe('rows');
    // Same filters, and as many rows as were on screen so the reader keeps their place.
    expect(last().input).toEqual({
      query: { text: '', visibility: 'private', version: 'latest', sort: 'relevance' },
      limit: 3,
    });
    last().resolve({ items: [leia(1), leia(3), leia(4)] });
    await settle();
    expect(calls).toHaveLength(4);
    expect(snap().value).toEqual({ Ready: 'Idle' });
  });

  it('a new search asks for one page again, however many rows were shown', async () => {
    const { send, last } = start({ pageSize: 2 });
    last().resolve({ items: rows(1, 2), nextCursor: 'c1' });
    await settle();
    send({ type: 'list.loadMore' });
    last().resolve({ items: rows(3, 4) });
    await settle();
    send({ type: 'list.reload' });
    expect(last().input.limit).toBe(4);
    last().resolve({ items: rows(1, 4) });
    await settle();
    send({ type: 'filters.set', filters: { text: 'new' } });
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(last().input).toEqual({
      query: { text: 'new', visibility: 'all', version: 'latest', sort: 'relevance' },
      limit: 2,
    });
  });

  it('list.reload reloads at once with the same filters, also after a failure', async () => {
    const { snap, send, calls, last } = start();
    last().reject({ status: 500 });
    await settle();
    send({ type: 'list.reload' });
    expect(calls).toHaveLength(2);
    expect(snap().value).toBe('Loading');
  });

  it('searchQuery maps the filters to what is sent', () => {
    expect(searchQuery({ text: ' a b ', visibility: 'public', version: 'all', sort: 'name' })).toEqual({
      text: 'a b',
      visibility: 'public',
      version: '',
      sort: 'name',
    });
  });
});
