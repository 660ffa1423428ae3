import {
  type Command,
  defineCommand,
  type PaletteItem,
  type PaletteResults,
  usePaletteCommands,
} from '@client/palette';
import { PALETTE_TEXTS } from '@machines/palette';
import type { Actor } from '@shared/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { deferred } from './support/http';
import { renderWithPalette } from './support/renderWithPalette';

/**
 * Commands that gather several arguments (Command.args): the shape of 'Add LEIA to activity...'
 * (which LEIA, then which activity), driven from the keyboard through the real palette.
 */

const admin: Actor = { id: 'a1', role: 'admin' };

interface Leia {
  id: string;
  name: string;
}
const LEIAS: Leia[] = [
  { id: 'l1', name: 'Bank interview' },
  { id: 'l2', name: 'Library' },
  { id: 'l3', name: 'Zoo game' },
];
const ACTIVITIES = ['Week 1', 'Week 2'];

const leiaItem = (leia: Leia): PaletteItem<Leia> => ({ id: leia.id, title: leia.name, value: leia });

const spies = () => ({
  add: vi.fn(),
  stop: vi.fn(),
  search: vi.fn(
    async (text: string, _signal: AbortSignal): Promise<PaletteItem<Leia>[] | PaletteResults<Leia>> =>
      LEIAS.filter((leia) => leia.name.toLowerCase().includes(text.toLowerCase())).map(leiaItem),
  ),
  activities: vi.fn((): PaletteItem<string>[] | Promise<PaletteItem<string>[]> =>
    ACTIVITIES.map((name) => ({ id: name, title: name, value: name })),
  ),
});

function Screen({ fns }: { fns: ReturnType<typeof spies> }) {
  const commands: Command[] = [
    defineCommand({
      id: 'leias.addToActivity',
      title: 'Add LEIA to activity...',
      group: 'LEIAs',
      args: [
        { placeholder: 'Which LEIA?', empty: 'No LEIAs found', search: fns.search },
        (leia) => ({
          placeholder: `Add ${leia.name} to which activity?`,
          load: fns.activities,
        }),
      ],
      run: fns.add,
    }),
    {
      id: 'chat.stop',
      title: 'Stop reply',
      group: 'Chat',
      disabled: 'No reply is on its way',
      run: fns.stop,
    },
  ];
  usePaletteCommands(commands);
  return null;
}

const setup = () => {
  const fns = spies();
  const { user, openPalette } = renderWithPalette(<Screen fns={fns} />, admin);
  const box = (palette: HTMLElement) => within(palette).getByRole('combobox');
  const crumbs = (palette: HTMLElement) =>
    Array.from(palette.querySelectorAll('.palette__crumb')).map((crumb) => crumb.textContent);
  const selected = (palette: HTMLElement) =>
    within(palette)
      .queryAllByRole('option')
      .find((option) => option.getAttribute('aria-selected') === 'true')
      ?.querySelector('.palette__title')?.textContent;
  /** Opens the palette and the command's first page, waiting for its first answer. */
  const begin = async () => {
    const palette = await openPalette();
    await user.keyboard('add leia');
    await user.keyboard('{Enter}');
    await within(palette).findByRole('option', { name: 'Bank interview' });
    return palette;
  };
  return { fns, user, openPalette, begin, box, crumbs, selected };
};

describe('commands with several arguments', () => {
  it('gather one argument per page from the keyboard, then run once with every value in order', async () => {
    const { fns, user, begin, box, crumbs } = setup();
    const palette = await begin();
    expect(box(palette)).toHaveAttribute('placeholder', 'Which LEIA?');
    expect(crumbs(palette)).toEqual(['Add LEIA to activity']);
    await user.keyboard('lib');
    await waitFor(() =>
      expect(
        within(palette)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Library']),
    );
    await user.keyboard('{Enter}');
    // The second page depends on the first value, and the crumb shows what was chosen.
    await waitFor(() =>
      expect(box(palette)).toHaveAttribute('placeholder', 'Add Library to which activity?'),
    );
    expect(crumbs(palette)).toEqual(['Add LEIA to activity', 'Library']);
    expect(box(palette)).toHaveValue('');
    expect(fns.add).not.toHaveBeenCalled();
    await within(palette).findByRole('option', { name: 'Week 1' });
    await user.keyboard('week 2{Enter}');
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
    await waitFor(() => expect(fns.add).toHaveBeenCalledTimes(1));
    expect(fns.add).toHaveBeenCalledWith(LEIAS[1], 'Week 2');
  });

  it('Backspace in the empty box goes back one argument, then to the commands; Escape too', async () => {
    const { fns, user, begin, box, crumbs } = setup();
    const palette = await begin();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(crumbs(palette)).toEqual(['Add LEIA to activity', 'Bank interview']));
    await user.keyboard('w{Backspace}');
    // The first Backspace only emptied the box.
    expect(crumbs(palette)).toEqual(['Add LEIA to activity', 'Bank interview']);
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(box(palette)).toHaveAttribute('placeholder', 'Which LEIA?'));
    expect(crumbs(palette)).toEqual(['Add LEIA to activity']);
    await within(palette).findByRole('option', { name: 'Zoo game' });
    await user.keyboard('{Backspace}');
    expect(await within(palette).findByRole('option', { name: /Add LEIA to activity/ })).toBeInTheDocument();
    expect(crumbs(palette)).toEqual([]);

    await user.keyboard('add leia{Enter}');
    await within(palette).findByRole('option', { name: 'Bank interview' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(crumbs(palette)).toHaveLength(2));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(crumbs(palette)).toEqual(['Add LEIA to activity']));
    expect(fns.add).not.toHaveBeenCalled();
  });

  it('Enter pressed before the answer for the typed text arrives waits for it, then acts on its best match', async () => {
    const { fns, user, begin, crumbs } = setup();
    const palette = await begin();
    const answer = deferred<PaletteItem<Leia>[]>();
    fns.search.mockImplementationOnce(() => answer.promise);
    // Typed and Enter at once: the rows on screen still answer '' (Bank interview first).
    await user.keyboard('zoo{Enter}');
    expect(crumbs(palette)).toEqual(['Add LEIA to activity']);
    await waitFor(() => expect(fns.search).toHaveBeenLastCalledWith('zoo', expect.any(AbortSignal)));
    answer.resolve([leiaItem(LEIAS[2]!)]);
    await waitFor(() => expect(crumbs(palette)).toEqual(['Add LEIA to activity', 'Zoo game']));
  });

  it('select the first item of each new answer, even after the user moved in the previous one', async () => {
    const { user, begin, selected } = setup();
    const palette = await begin();
    expect(selected(palette)).toBe('Bank interview');
    await user.keyboard('{ArrowDown}');
    expect(selected(palette)).toBe('Library');
    await user.keyboard('game');
    await waitFor(() => expect(within(palette).getAllByRole('option')).toHaveLength(1));
    expect(selected(palette)).toBe('Zoo game');
  });

  it("select a static page's best match of the text typed before its list arrived", async () => {
    const { fns, user, begin, selected } = setup();
    const list = deferred<PaletteItem<string>[]>();
    fns.activities.mockImplementationOnce(() => list.promise);
    const palette = await begin();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fns.activities).toHaveBeenCalled());
    await user.keyboard('week 2');
    list.resolve(ACTIVITIES.map((name) => ({ id: name, title: name, value: name })));
    await within(palette).findByRole('option', { name: 'Week 2' });
    expect(selected(palette)).toBe('Week 2');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fns.add).toHaveBeenCalledWith(LEIAS[0], 'Week 2'));
  });

  it('say when more match than the page lists', async () => {
    const { fns, begin } = setup();
    fns.search.mockResolvedValueOnce({ items: LEIAS.map(leiaItem), more: true });
    const palette = await begin();
    expect(within(palette).getByRole('status')).toHaveTextContent(PALETTE_TEXTS.more);
  });
});

describe('disabled commands', () => {
  it('are listed greyed out with their reason, and Enter does not run them', async () => {
    const { fns, user, openPalette } = setup();
    const palette = await openPalette();
    const option = within(palette).getByRole('option', { name: /Stop reply/ });
    expect(option).toHaveAttribute('aria-disabled', 'true');
    expect(option).toHaveTextContent('No reply is on its way');
    await user.keyboard('stop{Enter}');
    expect(screen.getByRole('dialog', { name: 'Command palette' })).toBeInTheDocument();
    await user.click(option);
    expect(fns.stop).not.toHaveBeenCalled();
  });
});
