import { type PaletteEntry, type PalettePage, paletteMachine } from '@machines/palette';
import { createActor } from 'xstate';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const items: PaletteEntry[] = [
  { id: 'u1', title: 'ada@example.com' },
  { id: 'u2', title: 'bob@example.com' },
];

const page = (load: PalettePage['load'] = async () => items): PalettePage => ({
  title: 'Edit user',
  placeholder: 'Which user?',
  load,
  select: () => {},
});

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
    actor.send({ type: 'palette.openPage', page: page() });
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
    actor.send({
      type: 'palette.openPage',
      page: page(async () => {
        attempt += 1;
        if (attempt === 1) throw new Error('offline');
        return items;
      }),
    });
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
    actor.send({
      type: 'palette.openPage',
      page: page((s) => {
        signal = s;
        return new Promise(() => {});
      }),
    });
    actor.send({ type: 'palette.escape' });
    expect(actor.getSnapshot().value).toEqual({ Open: 'Root' });
    expect(actor.getSnapshot().context.page).toBeNull();
    expect(signal?.aborted).toBe(true);
    actor.send({ type: 'palette.openPage', page: page() });
    actor.send({ type: 'palette.back' });
    expect(actor.getSnapshot().value).toEqual({ Open: 'Root' });
  });

  it('Backspace goes back only when the search box is empty', async () => {
    const { actor } = start();
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'palette.openPage', page: page() });
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
