import { paletteMachine } from '@machines/palette';
import type {
  PaletteArgument,
  PaletteItem,
  SearchArgument,
  StaticArgument,
} from '@machines/paletteArguments';
import { createActor } from 'xstate';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const items: PaletteItem[] = [
  { id: 'u1', title: 'ada@example.com', value: 'u1' },
  { id: 'u2', title: 'bob@example.com', value: 'u2' },
];

const page = (load: StaticArgument['load'] = async () => items): PaletteArgument => ({
  placeholder: 'Which user?',
  load,
});

/** A one-argument command, begun at the root: its page opens. */
const openPage = (argument: PaletteArgument, title = 'Edit user') =>
  ({ type: 'palette.begin', command: { title, args: [argument], run: () => {} } }) as const;

const start = () => {
  const ran: Array<() => void> = [];
  const actor = createActor(
    paletteMachine.provide({
      actions: {
        runCommand: (_, { run }) => {
          ran.push(run);
        },
      },
    }),
  ).start();
  return { actor, ran };
};

describe('palette machine', () => {
  it('Closed -> open/toggle -> Open.Root; close/toggle/escape -> Closed', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toBe('Closed');
    actor.send({ type: 'palette.toggle' });
    expect(actor.getSnapshot().value).toEqual({ Open: 'Root' });
    actor.send({ type: 'palette.toggle' });
    expect(actor.getSnapshot().value).toBe('Closed');
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.close' });
    expect(actor.getSnapshot().value).toBe('Closed');
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.escape' });
    expect(actor.getSnapshot().value).toBe('Closed');
  });

  it('keeps the search text while open and starts empty on every opening', () => {
    const { actor } = start();
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.search', value: 'prof' });
    expect(actor.getSnapshot().context.search).toBe('prof');
    actor.send({ type: 'palette.close' });
    actor.send({ type: 'palette.open' });
    expect(actor.getSnapshot().context.search).toBe('');
  });

  it('a page command loads its items (loading tag), then Ready', async () => {
    const { actor } = start();
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.search', value: 'edit' });
    actor.send(openPage(page()));
    expect(actor.getSnapshot().value).toEqual({ Open: { Page: 'Loading' } });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(actor.getSnapshot().context.search).toBe('');
    await settle();
    expect(actor.getSnapshot().value).toEqual({ Open: { Page: 'Ready' } });
    expect(actor.getSnapshot().context.items).toEqual(items);
  });

  it('a failed load -> Failed with a message; retry loads again', async () => {
    let attempt = 0;
    const { actor } = start();
    actor.send({ type: 'palette.open' });
    actor.send(
      openPage(
        page(async () => {
          attempt += 1;
          if (attempt === 1) throw new Error('offline');
          return items;
        }),
      ),
    );
    await settle();
    expect(actor.getSnapshot().value).toEqual({ Open: { Page: 'Failed' } });
    expect(actor.getSnapshot().context.error).toBe('Could not load the list: offline');
    actor.send({ type: 'palette.retry' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ Open: { Page: 'Ready' } });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('Escape and back leave the page for the root; leaving aborts a running load', async () => {
    let signal: AbortSignal | undefined;
    const { actor } = start();
    actor.send({ type: 'palette.open' });
    actor.send(
      openPage(
        page((s) => {
          signal = s;
          return new Promise(() => {});
        }),
      ),
    );
    actor.send({ type: 'palette.escape' });
    expect(actor.getSnapshot().value).toEqual({ Open: 'Root' });
    expect(actor.getSnapshot().context.page).toBeNull();
    expect(signal?.aborted).toBe(true);
    actor.send(openPage(page()));
    actor.send({ type: 'palette.back' });
    expect(actor.getSnapshot().value).toEqual({ Open: 'Root' });
  });

  it('Backspace goes back only when the search box is empty', async () => {
    const { actor } = start();
    actor.send({ type: 'palette.open' });
    actor.send(openPage(page()));
    await settle();
    actor.send({ type: 'palette.search', value: 'a' });
    actor.send({ type: 'palette.backspace' });
    expect(actor.getSnapshot().value).toEqual({ Open: { Page: 'Ready' } });
    actor.send({ type: 'palette.search', value: '' });
    actor.send({ type: 'palette.backspace' });
    expect(actor.getSnapshot().value).toEqual({ Open: 'Root' });
    actor.send({ type: 'palette.backspace' });
    expect(actor.getSnapshot().value).toEqual({ Open: 'Root' });
  });

  it('run closes the palette and hands the command over', () => {
    const { actor, ran } = start();
    const run = () => {};
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.run', run });
    expect(actor.getSnapshot().value).toBe('Closed');
    expect(ran).toEqual([run]);
  });

  it('help opens from anywhere; open/toggle from Help go to the palette; close/escape close', () => {
    const { actor } = start();
    actor.send({ type: 'palette.help' });
    expect(actor.getSnapshot().value).toBe('Help');
    actor.send({ type: 'palette.escape' });
    expect(actor.getSnapshot().value).toBe('Closed');
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.help' });
    expect(actor.getSnapshot().value).toBe('Help');
    actor.send({ type: 'palette.toggle' });
    expect(actor.getSnapshot().value).toEqual({ Open: 'Root' });
    actor.send({ type: 'palette.help' });
    actor.send({ type: 'palette.close' });
    expect(actor.getSnapshot().value).toBe('Closed');
  });
});

describe('palette machine: search pages', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const searchPage = (search: SearchArgument['search']): SearchArgument => ({
    placeholder: 'Open which LEIA?',
    search,
  });

  const openSearch = (search: SearchArgument['search']) => {
    const { actor } = start();
    actor.send({ type: 'palette.open' });
    actor.send(openPage(searchPage(search), 'Open LEIA'));
    return actor;
  };

  it("asks at once with '' when the page opens, then Ready with the answer", async () => {
    const search = vi.fn(async () => items);
    const actor = openSearch(search);
    expect(actor.getSnapshot().value).toEqual({ Open: { Page: 'Loading' } });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(search).toHaveBeenCalledWith('', expect.any(AbortSignal));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ Open: { Page: 'Ready' } });
    expect(actor.getSnapshot().context.items).toEqual(items);
  });

  it('asks again 200 ms after the last keystroke, once, with the trimmed text; items stay meanwhile', async () => {
    const search = vi.fn(async (text: string) => items.filter((item) => item.title.includes(text)));
    const actor = openSearch(search);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'palette.search', value: 'b' });
    await vi.advanceTimersByTimeAsync(150);
    actor.send({ type: 'palette.search', value: ' bob ' });
    expect(actor.getSnapshot().value).toEqual({ Open: { Page: 'Debouncing' } });
    expect(actor.getSnapshot().context).toMatchObject({ search: ' bob ', query: 'bob', items });
    await vi.advanceTimersByTimeAsync(199);
    expect(search).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(search).toHaveBeenCalledTimes(2);
    expect(search).toHaveBeenLastCalledWith('bob', expect.any(AbortSignal));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ Open: { Page: 'Ready' } });
    expect(actor.getSnapshot().context.items).toEqual([items[1]]);
  });

  it('a keystroke aborts the request in flight; its late answer never shows', async () => {
    const signals: AbortSignal[] = [];
    const answers: Array<(entries: PaletteItem[]) => void> = [];
    const actor = openSearch(
      (_text, signal) =>
        new Promise((resolve) => {
          signals.push(signal);
          answers.push(resolve);
        }),
    );
    actor.send({ type: 'palette.search', value: 'ada' });
    expect(signals[0]?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    answers[0]?.(items);
    answers[1]?.([items[0]!]);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.items).toEqual([items[0]]);
    expect(signals[1]?.aborted).toBe(false);
  });

  it('the same trimmed text asks nothing; the box still shows what was typed', async () => {
    const search = vi.fn(async () => items);
    const actor = openSearch(search);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'palette.search', value: '  ' });
    expect(actor.getSnapshot().value).toEqual({ Open: { Page: 'Ready' } });
    expect(actor.getSnapshot().context.search).toBe('  ');
    await vi.advanceTimersByTimeAsync(500);
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('a failure clears the items and shows the error; Retry asks again for the same text', async () => {
    const search = vi.fn(async (text: string) => {
      if (text === 'x') throw new Error('offline');
      return items;
    });
    const actor = openSearch(search);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'palette.search', value: 'x' });
    await vi.advanceTimersByTimeAsync(200);
    expect(actor.getSnapshot().value).toEqual({ Open: { Page: 'Failed' } });
    expect(actor.getSnapshot().context).toMatchObject({
      items: [],
      error: 'Could not load the list: offline',
    });
    actor.send({ type: 'palette.retry' });
    expect(search).toHaveBeenLastCalledWith('x', expect.any(AbortSignal));
    actor.send({ type: 'palette.search', value: 'xy' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('leaving the page while debouncing asks nothing more', async () => {
    const search = vi.fn(async () => items);
    const actor = openSearch(search);
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'palette.search', value: 'a' });
    actor.send({ type: 'palette.escape' });
    await vi.advanceTimersByTimeAsync(500);
    expect(search).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toEqual({ Open: 'Root' });
  });

  it('a static page never searches: typing only changes the text (the view filters)', async () => {
    const load = vi.fn(async () => items);
    const { actor } = start();
    actor.send({ type: 'palette.open' });
    actor.send(openPage(page(load)));
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'palette.search', value: 'bob' });
    await vi.advanceTimersByTimeAsync(500);
    expect(actor.getSnapshot().value).toEqual({ Open: { Page: 'Ready' } });
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('palette machine: commands with several arguments', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const roles = (user: string): StaticArgument => ({
    placeholder: `Role for ${user}?`,
    load: () => [
      { id: 'admin', title: 'Administrator', value: 'admin' },
      { id: 'advanced', title: 'Advanced', value: 'advanced' },
    ],
  });

  const begin = (run = vi.fn()) => {
    const { actor, ran } = start();
    actor.send({ type: 'palette.open' });
    actor.send({
      type: 'palette.begin',
      command: { title: 'Change user role...', args: [page(), (user: string) => roles(user)], run },
    });
    return { actor, ran, run };
  };

  it('a command without arguments runs at once', () => {
    const { actor, ran } = start();
    const run = vi.fn();
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.begin', command: { title: 'Add user', run } });
    expect(actor.getSnapshot().value).toBe('Closed');
    ran[0]?.();
    expect(run).toHaveBeenCalledWith();
  });

  it('choosing an item opens the next argument, built from the values so far; the last one runs with all', async () => {
    const { actor, ran, run } = begin();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'palette.search', value: 'bob' });
    actor.send({ type: 'palette.choose', item: items[1]! });
    expect(actor.getSnapshot().value).toEqual({ Open: { Page: 'Loading' } });
    expect(actor.getSnapshot().context).toMatchObject({ search: '', chosen: [items[1]] });
    expect(actor.getSnapshot().context.page?.placeholder).toBe('Role for u2?');
    await vi.advanceTimersByTimeAsync(0);
    const [, advanced] = actor.getSnapshot().context.items;
    actor.send({ type: 'palette.choose', item: advanced! });
    expect(actor.getSnapshot().value).toBe('Closed');
    expect(run).not.toHaveBeenCalled();
    ran[0]?.();
    expect(run).toHaveBeenCalledWith('u2', 'advanced');
  });

  it('Backspace in the empty box and Escape go back one argument, forgetting its choice; then to the root', async () => {
    const { actor } = begin();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'palette.choose', item: items[0]! });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'palette.search', value: 'a' });
    actor.send({ type: 'palette.backspace' });
    expect(actor.getSnapshot().context.chosen).toHaveLength(1);
    actor.send({ type: 'palette.search', value: '' });
    actor.send({ type: 'palette.backspace' });
    expect(actor.getSnapshot().value).toEqual({ Open: { Page: 'Loading' } });
    expect(actor.getSnapshot().context).toMatchObject({ chosen: [], page: { placeholder: 'Which user?' } });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'palette.choose', item: items[0]! });
    actor.send({ type: 'palette.escape' });
    expect(actor.getSnapshot().context.chosen).toEqual([]);
    actor.send({ type: 'palette.escape' });
    expect(actor.getSnapshot().value).toEqual({ Open: 'Root' });
    expect(actor.getSnapshot().context.command).toBeNull();
  });

  it('Enter before a search answer arrives chooses the first item of that answer, not of the one shown', async () => {
    const run = vi.fn();
    const { actor, ran } = start();
    const search = vi.fn(async (text: string) => (text === '' ? items : [items[1]!]));
    actor.send({ type: 'palette.open' });
    actor.send({
      type: 'palette.begin',
      command: { title: 'Open LEIA', args: [{ placeholder: 'Which?', search }], run },
    });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'palette.search', value: 'bob' });
    actor.send({ type: 'palette.enter' });
    expect(actor.getSnapshot().context.enterPending).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(actor.getSnapshot().value).toBe('Closed');
    ran[0]?.();
    expect(run).toHaveBeenCalledWith('u2');
  });

  it('a keystroke after Enter asks again and forgets the Enter; an empty answer chooses nothing', async () => {
    const run = vi.fn();
    const { actor } = start();
    const search = vi.fn(async (text: string) => (text === 'zz' ? [] : items));
    actor.send({ type: 'palette.open' });
    actor.send({
      type: 'palette.begin',
      command: { title: 'Open', args: [{ placeholder: '?', search }], run },
    });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'palette.search', value: 'z' });
    actor.send({ type: 'palette.enter' });
    actor.send({ type: 'palette.search', value: 'zz' });
    expect(actor.getSnapshot().context.enterPending).toBe(false);
    actor.send({ type: 'palette.enter' });
    await vi.advanceTimersByTimeAsync(200);
    expect(actor.getSnapshot().value).toEqual({ Open: { Page: 'Ready' } });
    expect(actor.getSnapshot().context.enterPending).toBe(false);
  });

  it('Enter while a static page loads chooses its best match for the typed text', async () => {
    const { actor } = begin();
    actor.send({ type: 'palette.search', value: 'bob' });
    actor.send({ type: 'palette.enter' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context.chosen).toEqual([items[1]]);
    expect(actor.getSnapshot().context.page?.placeholder).toBe('Role for u2?');
  });

  it('keeps whether a search answer has more than it lists', async () => {
    const { actor } = start();
    actor.send({ type: 'palette.open' });
    actor.send({
      type: 'palette.begin',
      command: {
        title: 'Open',
        args: [{ placeholder: '?', search: () => ({ items, more: true }) }],
        run: () => {},
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().context).toMatchObject({ items, more: true });
  });
});
