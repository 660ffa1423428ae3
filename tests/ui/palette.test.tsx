import {
  type Command,
  defineCommand,
  PaletteProvider,
  usePalette,
  usePaletteCommands,
  useShortcut,
} from '@client/palette';
import { type Actor, canManageUsers } from '@shared/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithPalette } from './support/renderWithPalette';

const instructor: Actor = { id: 'u1', role: 'instructor' };
const admin: Actor = { id: 'a1', role: 'admin' };

const spies = () => ({
  profile: vi.fn(),
  addUser: vi.fn(),
  pickUser: vi.fn(),
  shortcut: vi.fn(),
  load: vi.fn(async () => [
    { id: 'u1', title: 'ada@example.com', subtitle: 'Instructor', value: { id: 'u1' } },
    { id: 'u2', title: 'bob@example.com', subtitle: 'Administrator', value: { id: 'u2' } },
  ]),
});

function Screen({ fns }: { fns: ReturnType<typeof spies> }) {
  const commands: Command[] = [
    { id: 'nav.profile', title: 'Profile', group: 'Navigation', keywords: ['account'], run: fns.profile },
    { id: 'users.add', title: 'Add user', group: 'Users', allowed: canManageUsers, run: fns.addUser },
    defineCommand({
      id: 'users.edit',
      title: 'Edit user...',
      group: 'Users',
      allowed: canManageUsers,
      args: [{ placeholder: 'Which user?', empty: 'No users registered', load: fns.load }],
      run: fns.pickUser,
    }),
  ];
  usePaletteCommands(commands);
  useShortcut('g s', fns.shortcut, { description: 'Go to Search LEIAs' });
  return (
    <>
      <input aria-label="Notes" />
      <textarea aria-label="Body" />
      {/* biome-ignore lint/a11y/useSemanticElements: stands in for CodeMirror's contenteditable editor */}
      <div contentEditable role="textbox" aria-label="Editor" tabIndex={0} suppressContentEditableWarning>
        text
      </div>
      <button type="button">Elsewhere</button>
    </>
  );
}

const setup = (actor: Actor | null = admin) => {
  const fns = spies();
  return { fns, ...renderWithPalette(<Screen fns={fns} />, actor) };
};

describe('opening the palette', () => {
  it.each(['Notes', 'Body', 'Editor'])('Ctrl+K opens it from inside the %s field', async (name) => {
    const { user, openPalette } = setup();
    await user.click(screen.getByRole('textbox', { name }));
    const palette = await openPalette();
    expect(within(palette).getByRole('combobox')).toHaveFocus();
  });

  it('Cmd+K opens it too, and Ctrl+K again closes it', async () => {
    const { user } = setup();
    await user.keyboard('{Meta>}k{/Meta}');
    expect(await screen.findByRole('dialog', { name: 'Command palette' })).toBeInTheDocument();
    await user.keyboard('{Control>}k{/Control}');
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
  });

  it('Escape at the root closes it and focus returns', async () => {
    const { user, openPalette } = setup();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await openPalette();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus();
  });
});

describe('commands', () => {
  it('lists only what the role allows, grouped', async () => {
    const { openPalette } = setup(instructor);
    const palette = await openPalette();
    expect(within(palette).getByRole('option', { name: 'Profile' })).toBeInTheDocument();
    expect(within(palette).queryByRole('option', { name: 'Add user' })).not.toBeInTheDocument();
    expect(within(palette).queryByText('Users')).not.toBeInTheDocument();
  });

  it('an admin sees the admin commands', async () => {
    const { openPalette } = setup(admin);
    const palette = await openPalette();
    expect(within(palette).getByRole('option', { name: 'Add user' })).toBeInTheDocument();
    expect(within(palette).getByText('Users')).toBeInTheDocument();
  });

  it('typing filters by title and keywords; Enter runs the command after the palette closes', async () => {
    const { user, fns, openPalette } = setup();
    const palette = await openPalette();
    await user.keyboard('accou');
    expect(
      within(palette)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Profile']);
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
    await waitFor(() => expect(fns.profile).toHaveBeenCalledTimes(1));
  });

  it('says so when nothing matches', async () => {
    const { user, openPalette } = setup();
    const palette = await openPalette();
    await user.keyboard('zzzz');
    expect(within(palette).getByText('No matching commands.')).toBeInTheDocument();
  });

  it('unregisters the commands of an unmounted screen', async () => {
    const { view, openPalette, user } = setup();
    view.rerender(<PaletteProvider actor={admin}>{null}</PaletteProvider>);
    const palette = await openPalette();
    expect(within(palette).queryByRole('option')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
  });
});

describe('nested pages', () => {
  it('a page command lists its items, filters them and runs select with the choice', async () => {
    const { user, fns, openPalette } = setup();
    const palette = await openPalette();
    await user.click(within(palette).getByRole('option', { name: /Edit user/ }));
    expect(within(palette).getByText('Edit user')).toBeInTheDocument();
    expect(within(palette).getByRole('combobox')).toHaveAttribute('placeholder', 'Which user?');
    expect(await within(palette).findByRole('option', { name: /ada@example.com/ })).toBeInTheDocument();
    expect(fns.load).toHaveBeenCalledTimes(1);
    await user.keyboard('bob');
    expect(within(palette).getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fns.pickUser).toHaveBeenCalledWith(expect.objectContaining({ id: 'u2' })));
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
  });

  it('shows a loading state, then the empty text', async () => {
    const { user, fns, openPalette } = setup();
    let resolve: (items: []) => void = () => {};
    fns.load.mockImplementationOnce(() => new Promise((done) => (resolve = done)));
    const palette = await openPalette();
    await user.click(within(palette).getByRole('option', { name: /Edit user/ }));
    expect(within(palette).getByText('Loading...')).toBeInTheDocument();
    resolve([]);
    expect(await within(palette).findByText('No users registered')).toBeInTheDocument();
  });

  it('a failed load shows the error with Retry', async () => {
    const { user, fns, openPalette } = setup();
    fns.load.mockRejectedValueOnce(new Error('offline'));
    const palette = await openPalette();
    await user.click(within(palette).getByRole('option', { name: /Edit user/ }));
    expect(await within(palette).findByRole('alert')).toHaveTextContent('Could not load the list: offline');
    await user.click(within(palette).getByRole('button', { name: 'Retry' }));
    expect(await within(palette).findByRole('option', { name: /ada@example.com/ })).toBeInTheDocument();
  });

  it('Backspace in the empty box and Escape go back to the root; Escape there closes', async () => {
    const { user, openPalette } = setup();
    const palette = await openPalette();
    await user.click(within(palette).getByRole('option', { name: /Edit user/ }));
    await within(palette).findByRole('option', { name: /ada@example.com/ });
    await user.keyboard('a');
    await user.keyboard('{Backspace}');
    expect(within(palette).getByRole('option', { name: /ada@example.com/ })).toBeInTheDocument();
    await user.keyboard('{Backspace}');
    expect(await within(palette).findByRole('option', { name: 'Profile' })).toBeInTheDocument();
    await user.click(within(palette).getByRole('option', { name: /Edit user/ }));
    await within(palette).findByRole('option', { name: /ada@example.com/ });
    await user.keyboard('{Escape}');
    expect(await within(palette).findByRole('option', { name: 'Profile' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
  });
});

describe('shortcuts', () => {
  it('a key sequence fires outside fields', async () => {
    const { user, fns } = setup();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await user.keyboard('gs');
    expect(fns.shortcut).toHaveBeenCalledTimes(1);
  });

  it.each(['Notes', 'Body', 'Editor'])('never fires while typing in the %s field', async (name) => {
    const { user, fns } = setup();
    await user.click(screen.getByRole('textbox', { name }));
    await user.keyboard('gs?');
    expect(fns.shortcut).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not fire when the keys are too far apart or with a modifier', async () => {
    const { user, fns } = setup();
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await user.keyboard('{Control>}g{/Control}s');
    await user.keyboard('x');
    expect(fns.shortcut).not.toHaveBeenCalled();
  });

  it('? lists each shortcut once, with its command, and the keys of the lists', async () => {
    function WithNavigation() {
      const palette = usePalette();
      usePaletteCommands([
        { id: 'nav.search', title: 'Search LEIAs', group: 'Navigation', shortcut: 'g s', run: () => {} },
      ]);
      useShortcut('g s', () => {}, { description: 'Go to Search LEIAs' });
      useShortcut('?', palette.openHelp, { description: 'Show keyboard shortcuts' });
      return <button type="button">Elsewhere</button>;
    }
    const { user } = renderWithPalette(<WithNavigation />, admin);
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await user.keyboard('?');
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).queryByText('Go to Search LEIAs')).not.toBeInTheDocument();
    const row = within(help).getByText('Search LEIAs').closest('li')!;
    expect(row).toHaveTextContent('GS');
    for (const text of [
      'Move to the previous or next row',
      'Move to the first or last row',
      'View the focused LEIA',
    ]) {
      expect(within(help).getByText(text)).toBeInTheDocument();
    }
  });

  it('does not fire while the palette is open', async () => {
    const { fns, openPalette, user } = setup();
    const palette = await openPalette();
    within(palette).getByRole('combobox').blur();
    await user.keyboard('gs');
    expect(fns.shortcut).not.toHaveBeenCalled();
  });
});
