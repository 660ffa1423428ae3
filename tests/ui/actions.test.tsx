import { ActionButton, submitsAction } from '@client/actions/ActionButton';
import { targetArgument } from '@client/actions/commands';
import type { PaletteResults } from '@client/palette/types';
import { actionsOf } from '@machines/action';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { assign, createActor, setup } from 'xstate';

/**
 * client/actions with a small flow: a target page that loads or searches keeps the targets the
 * machine takes now, and a form's submit ActionButton sends its action once, disabled with the
 * reason while the machine refuses it.
 */

type Event = { type: 'item.take'; id: string } | { type: 'form.submit' } | { type: 'saved' };

const flow = setup({
  types: { events: {} as Event, context: {} as { taken: string[] } },
  guards: { even: ({ event }) => event.type === 'item.take' && Number(event.id) % 2 === 0 },
}).createMachine({
  context: { taken: [] },
  initial: 'Idle',
  states: {
    Idle: {
      on: {
        'item.take': {
          guard: 'even',
          actions: assign({
            taken: ({ context, event }) =>
              event.type === 'item.take' ? [...context.taken, event.id] : context.taken,
          }),
        },
        'form.submit': 'Saving',
      },
    },
    Saving: { on: { saved: 'Idle' } },
  },
});

const defineAction = actionsOf<Event>();
const take = defineAction<string>({
  id: 'test.take',
  label: 'Take',
  title: 'Take...',
  group: 'Test',
  type: 'item.take',
  event: (id) => ({ type: 'item.take', id }),
  unavailable: 'Busy',
});
const submit = defineAction({
  id: 'test.submit',
  label: 'Save',
  title: 'Save',
  group: 'Test',
  type: 'form.submit',
  event: () => ({ type: 'form.submit' }),
  unavailable: 'Being saved',
});

const signal = () => new AbortController().signal;
const item = (id: string) => ({ id, title: `Item ${id}` });

describe('targetArgument', () => {
  it('a page of choices loaded when it opens keeps those the machine takes now', async () => {
    const actor = createActor(flow).start();
    const page = targetArgument(actor, take, {
      placeholder: 'Which?',
      choices: async () => ['1', '2', '3', '4'],
      item,
    });
    if (!page.load) throw new Error('a static page');
    const items = await page.load(signal());
    expect(items.map((i) => i.value)).toEqual(['2', '4']);
  });

  it('a search page keeps, in each answer, the items the machine takes now, and says when there is more', async () => {
    const actor = createActor(flow).start();
    const searched: string[] = [];
    const page = targetArgument(actor, take, {
      placeholder: 'Which? Type a number',
      search: async (text) => {
        searched.push(text);
        return { items: ['10', '11', '12'].map((id) => ({ ...item(id), value: id })), more: true };
      },
      targetOf: (id: string) => id,
    });
    if (!page.search) throw new Error('a search page');
    const answer = (await page.search('1', signal())) as PaletteResults;
    expect(searched).toEqual(['1']);
    expect(answer.items.map((i) => [i.title, i.value])).toEqual([
      ['Item 10', '10'],
      ['Item 12', '12'],
    ]);
    expect(answer.more).toBe(true);
    // While the flow takes no target, the page lists none.
    actor.send({ type: 'form.submit' });
    expect(((await page.search('1', signal())) as PaletteResults).items).toEqual([]);
  });
});

describe('a submit ActionButton', () => {
  it('submits the form once (Enter too), then is disabled with the machine’s reason', async () => {
    const actor = createActor(flow).start();
    const sent: string[] = [];
    actor.subscribe(() => sent.push(JSON.stringify(actor.getSnapshot().value)));
    render(
      <form aria-label="Test" onSubmit={submitsAction(actor, submit)}>
        <input aria-label="Name" />
        <ActionButton flow={actor} action={submit} type="submit" />
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeEnabled();
    await userEvent.click(button);
    expect(actor.getSnapshot().value).toBe('Saving');
    expect(sent).toEqual(['"Saving"']);
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('title', 'Being saved');
    act(() => actor.send({ type: 'saved' }));
    expect(button).toBeEnabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'x{Enter}');
    expect(actor.getSnapshot().value).toBe('Saving');
  });
});
