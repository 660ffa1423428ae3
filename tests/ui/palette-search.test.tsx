import { type Command, defineCommand, type PaletteItem, usePaletteCommands } from '@client/palette';
import type { Actor } from '@shared/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithPalette } from './support/renderWithPalette';

/** Search pages (PageCommand.page.search) and typed-text commands (ActionCommand.withText). */

const admin: Actor = { id: 'a1', role: 'admin' };

const LEIAS: PaletteItem[] = [
  { id: 'l1', title: 'Bank interview', subtitle: 'v1.2.0', value: { id: 'l1' } },
  { id: 'l2', title: 'Library', subtitle: 'v1.0.0', value: { id: 'l2' } },
  { id: 'l3', title: 'Zoo game', subtitle: 'v1.0.0', value: { id: 'l3' } },
];

const spies = () => ({
  pick: vi.fn(),
  searchFor: vi.fn(),
  search: vi.fn(async (text: string, _signal: AbortSignal) =>
    // Like the server: it matches descriptions too, so titles need not contain the text.
    text === ''
      ? LEIAS
      : text === 'money'
        ? [LEIAS[0]!]
        : LEIAS.filter((l) => l.title.toLowerCase().includes(text)),
  ),
});

function Screen({ fns }: { fns: ReturnType<typeof spies> }) {
  const commands: Command[] = [
    {
      id: 'leias.search',
      title: 'Search LEIAs by name or description',
      group: 'LEIAs',
      run: () => {},
      withText: { title: (text) => `Search LEIAs for “${text}”`, run: fns.searchFor },
    },
    { id: 'nav.profile', title: 'Profile', group: 'Navigation', run: () => {} },
    defineCommand({
      id: 'leias.open',
      title: 'Open LEIA...',
      group: 'LEIAs',
      args: [{ placeholder: 'Open which LEIA?', empty: 'No LEIAs found', search: fns.search }],
      run: fns.pick,
    }),
  ];
  usePaletteCommands(commands);
  return null;
}

const setup = () => {
  const fns = spies();
  const { user, openPalette } = renderWithPalette(<Screen fns={fns} />, admin);
  const openPage = async () => {
    const palette = await openPalette();
    await user.click(within(palette).getByRole('option', { name: /Open LEIA/ }));
    return palette;
  };
  const titles = (palette: HTMLElement) =>
    within(palette)
      .queryAllByRole('option')
      .map((option) => option.querySelector('.palette__title')?.textContent);
  return { fns, user, openPalette, openPage, titles };
};

describe('search pages', () => {
  it("ask with '' when the page opens and list the answer as it comes", async () => {
    const { fns, openPage, titles } = setup();
    const palette = await openPage();
    expect(within(palette).getByRole('combobox')).toHaveAttribute('placeholder', 'Open which LEIA?');
    await within(palette).findByRole('option', { name: /Bank interview/ });
    expect(fns.search).toHaveBeenCalledTimes(1);
    expect(fns.search).toHaveBeenCalledWith('', expect.any(AbortSignal));
    expect(titles(palette)).toEqual(['Bank interview', 'Library', 'Zoo game']);
  });

  it('ask once the typing stops, with the trimmed text, and show the answer unfiltered by the palette', async () => {
    const { fns, user, openPage, titles } = setup();
    const palette = await openPage();
    await within(palette).findByRole('option', { name: /Bank interview/ });
    await user.keyboard(' money ');
    await waitFor(() => expect(fns.search).toHaveBeenLastCalledWith('money', expect.any(AbortSignal)));
    // One request for the whole word, not one per key.
    expect(fns.search).toHaveBeenCalledTimes(2);
    // 'Bank interview' does not contain 'money': the server's match is kept as it is.
    await waitFor(() => expect(titles(palette)).toEqual(['Bank interview']));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fns.pick).toHaveBeenCalledWith(expect.objectContaining({ id: 'l1' })));
  });

  it('abort the request in flight when the text changes; the last answer stays until the next', async () => {
    const { fns, user, openPage, titles } = setup();
    const signals: AbortSignal[] = [];
    let answer: (items: PaletteItem[]) => void = () => {};
    const palette = await openPage();
    await within(palette).findByRole('option', { name: /Library/ });
    fns.search.mockImplementation(
      (_text, signal) =>
        new Promise((resolve) => {
          signals.push(signal);
          answer = resolve;
        }),
    );
    await user.keyboard('li');
    await waitFor(() => expect(signals).toHaveLength(1));
    // Still the previous answer, marked as being refreshed.
    expect(titles(palette)).toEqual(['Bank interview', 'Library', 'Zoo game']);
    expect(within(palette).getByRole('listbox')).toHaveAttribute('aria-busy', 'true');
    expect(within(palette).getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
    await user.keyboard('b');
    expect(signals[0]?.aborted).toBe(true);
    await waitFor(() => expect(signals).toHaveLength(2));
    answer([LEIAS[1]!]);
    await waitFor(() => expect(titles(palette)).toEqual(['Library']));
    expect(within(palette).getByRole('listbox')).not.toHaveAttribute('aria-busy');
    expect(fns.search.mock.calls.map(([text]) => text)).toEqual(['', 'li', 'lib']);
  });

  it("show 'Loading...' with nothing to keep, then the page's empty text", async () => {
    const { fns, user, openPage } = setup();
    const palette = await openPage();
    await within(palette).findByRole('option', { name: /Library/ });
    await user.keyboard('zz');
    await within(palette).findByText('No LEIAs found');
    fns.search.mockImplementationOnce(() => new Promise(() => {}));
    await user.keyboard('z');
    expect(await within(palette).findByText('Loading...')).toBeInTheDocument();
    expect(within(palette).queryByText('No LEIAs found')).not.toBeInTheDocument();
  });

  it('a failed search shows the error; Retry asks again for the same text', async () => {
    const { fns, user, openPage } = setup();
    const palette = await openPage();
    await within(palette).findByRole('option', { name: /Library/ });
    fns.search.mockRejectedValueOnce(new Error('offline'));
    await user.keyboard('lib');
    expect(await within(palette).findByRole('alert')).toHaveTextContent('Could not load the list: offline');
    expect(within(palette).queryByRole('option')).not.toBeInTheDocument();
    await user.click(within(palette).getByRole('button', { name: 'Retry' }));
    expect(await within(palette).findByRole('option', { name: /Library/ })).toBeInTheDocument();
    expect(fns.search).toHaveBeenLastCalledWith('lib', expect.any(AbortSignal));
  });
});

describe('typed-text commands', () => {
  it('with text at the root, offer the command with that text below the matching commands', async () => {
    const { fns, user, openPalette, titles } = setup();
    const palette = await openPalette();
    expect(titles(palette)).not.toContain(expect.stringContaining('for “'));
    await user.keyboard('prof');
    expect(titles(palette)).toEqual(['Profile', 'Search LEIAs for “prof”']);
    expect(within(palette).queryByText('No matching commands.')).not.toBeInTheDocument();
    // The best match stays first, so Enter still runs it.
    expect(within(palette).getByRole('option', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(fns.searchFor).toHaveBeenCalledWith('prof'));
  });

  it('when no command matches, says so, and it is the only (so the selected) item', async () => {
    const { fns, user, openPalette, titles } = setup();
    const palette = await openPalette();
    await user.keyboard('  bank loans ');
    expect(titles(palette)).toEqual(['Search LEIAs for “bank loans”']);
    expect(within(palette).getByText('No matching commands.')).toBeInTheDocument();
    expect(within(palette).getByRole('option')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(fns.searchFor).toHaveBeenCalledWith('bank loans'));
    expect(screen.queryByRole('dialog', { name: 'Command palette' })).not.toBeInTheDocument();
  });

  it('is not offered inside a page', async () => {
    const { user, openPage, titles } = setup();
    const palette = await openPage();
    await within(palette).findByRole('option', { name: /Library/ });
    await user.keyboard('lib');
    await waitFor(() => expect(titles(palette)).toEqual(['Library']));
  });
});
