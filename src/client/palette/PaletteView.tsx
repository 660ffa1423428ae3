import { cx } from '@client/components/cx';
import { ArrowLeftIcon, ChevronRightIcon, SearchIcon } from '@client/components/icons';
import { Kbd, modKeyLabel } from '@client/components/Kbd';
import { Spinner } from '@client/components/Spinner';
import { useDialog } from '@client/components/useDialog';
import { shallowEqual, useSelector } from '@xstate/react';
import { Command as Cmdk, useCommandState } from 'cmdk';
import { type ReactNode, useRef } from 'react';
import { usePaletteInternals } from './context';
import { MATCHES_ANY_TEXT, paletteFilter } from './filter';
import { shortcutCaps } from './keys';
import { type Command, isPageCommand, takesText } from './types';
import { useVisibleCommands } from './useVisibleCommands';

/**
 * cmdk's Empty, except that the typed-text items (which match any text) do not count: with none
 * of the commands matching, 'No matching commands.' shows above 'Search LEIAs for “…”'.
 */
function NothingMatches({ besides, children }: { besides: number; children: ReactNode }) {
  const count = useCommandState((state) => state.filtered.count);
  if (count > besides) return null;
  return (
    <div className={cx('palette__status', besides > 0 && 'palette__status--compact')} role="presentation">
      {children}
    </div>
  );
}

/**
 * The cmdk palette, on a native modal <dialog>. It only renders the palette machine's state:
 * Escape goes back a page, then closes; Backspace in an empty box goes back a page. cmdk filters
 * the root and static pages; a search page's items come filtered and ranked, so cmdk leaves them.
 */
export default function PaletteView() {
  const { palette, opener } = usePaletteInternals();
  const send = palette.send;
  const view = useSelector(
    palette,
    (s) => ({
      search: s.context.search,
      page: s.context.page,
      items: s.context.items,
      error: s.context.error,
      // Loading, or about to (a search page waits for the user to stop typing).
      busy: s.hasTag('loading') || s.matches({ Open: { Page: 'Debouncing' } }),
    }),
    shallowEqual,
  );
  const groups = useVisibleCommands();
  const text = view.search.trim();
  const textCommands = view.page || !text ? [] : groups.flatMap((group) => group.commands.filter(takesText));
  const ref = useRef<HTMLDialogElement>(null);
  const dialog = useDialog(ref, {
    onClose: () => send({ type: 'palette.close' }),
    onEscape: () => send({ type: 'palette.escape' }),
    returnFocus: opener,
  });
  const { page } = view;
  const searchPage = page?.search !== undefined;
  // The items of the last answer stay on screen while the next is on its way (a search page).
  const refreshing = view.busy && view.items.length > 0;

  const choose = (command: Command) => {
    if (isPageCommand(command)) {
      send({
        type: 'palette.openPage',
        page: { ...command.page, title: command.title.replace(/\.{3}$|…$/, '') },
      });
    } else {
      send({ type: 'palette.run', run: command.run });
    }
  };

  return (
    <dialog
      ref={ref}
      className="dialog-surface palette"
      aria-label="Command palette"
      tabIndex={-1}
      {...dialog}
    >
      <Cmdk
        key={page?.title ?? 'root'}
        label="Command palette"
        filter={paletteFilter}
        shouldFilter={!searchPage}
        loop
        onKeyDown={(event) => {
          if (event.key === 'Backspace') send({ type: 'palette.backspace' });
        }}
      >
        <div className="palette__search">
          {page ? (
            <button
              type="button"
              className="palette__back"
              onClick={() => send({ type: 'palette.back' })}
              aria-label="Back to all commands"
              title="Back (Backspace)"
            >
              <ArrowLeftIcon />
            </button>
          ) : (
            <SearchIcon className="palette__search-icon" size={18} />
          )}
          {page && <span className="palette__crumb">{page.title}</span>}
          <Cmdk.Input
            className="palette__input"
            value={view.search}
            onValueChange={(value) => send({ type: 'palette.search', value })}
            placeholder={page ? page.placeholder : 'Type a command or search…'}
            // Re-focused whenever a page opens or closes (the list is re-keyed per page).
            autoFocus
            data-autofocus=""
          />
          {refreshing && <Spinner size={14} label="Loading..." className="palette__busy" />}
        </div>
        <Cmdk.List className="palette__list" aria-busy={view.busy || undefined}>
          {view.busy && !refreshing && (
            <Cmdk.Loading className="palette__status">
              <Spinner size={14} /> Loading...
            </Cmdk.Loading>
          )}
          {view.error && (
            <div className="palette__status palette__status--error" role="alert">
              {view.error}
              <button
                type="button"
                className="palette__retry"
                onClick={() => send({ type: 'palette.retry' })}
              >
                Retry
              </button>
            </div>
          )}
          {!view.busy && !view.error && (
            <NothingMatches besides={textCommands.length}>
              {page ? (page.empty ?? 'Nothing to choose from.') : 'No matching commands.'}
            </NothingMatches>
          )}
          {page
            ? view.items.map((item) => (
                <Cmdk.Item
                  key={item.id}
                  value={item.id}
                  keywords={
                    searchPage ? undefined : [item.title, item.subtitle ?? '', ...(item.keywords ?? [])]
                  }
                  onSelect={() => send({ type: 'palette.run', run: () => page.select(item) })}
                  className="palette__item"
                >
                  <span className="palette__title">{item.title}</span>
                  {item.subtitle && <span className="palette__subtitle">{item.subtitle}</span>}
                </Cmdk.Item>
              ))
            : groups.map((group) => (
                <Cmdk.Group key={group.heading} heading={group.heading} className="palette__group">
                  {group.commands.map((command) => (
                    <Cmdk.Item
                      key={command.id}
                      value={command.id}
                      keywords={[command.title, ...(command.keywords ?? []), group.heading]}
                      onSelect={() => choose(command)}
                      className="palette__item"
                    >
                      {command.icon && <span className="palette__icon">{command.icon}</span>}
                      <span className="palette__title">{command.title}</span>
                      {isPageCommand(command) && <ChevronRightIcon className="palette__chevron" />}
                      {command.shortcut && <Kbd keys={shortcutCaps(command.shortcut, modKeyLabel())} />}
                    </Cmdk.Item>
                  ))}
                </Cmdk.Group>
              ))}
          {textCommands.length > 0 && (
            // Matches whatever is typed, ranked below every matching command (see filter.ts).
            <Cmdk.Group className="palette__group palette__group--text">
              {textCommands.map((command) => (
                <Cmdk.Item
                  key={command.id}
                  value={`${command.id}:with-text`}
                  keywords={[MATCHES_ANY_TEXT]}
                  onSelect={() => send({ type: 'palette.run', run: () => command.withText.run(text) })}
                  className="palette__item"
                >
                  {command.icon && <span className="palette__icon">{command.icon}</span>}
                  <span className="palette__title">{command.withText.title(text)}</span>
                </Cmdk.Item>
              ))}
            </Cmdk.Group>
          )}
        </Cmdk.List>
        <footer className="palette__footer" aria-hidden="true">
          <span>
            <Kbd keys={['↑', '↓']} /> to move
          </span>
          <span>
            <Kbd keys={['↵']} /> to run
          </span>
          <span>
            <Kbd keys={['Esc']} /> {page ? 'to go back' : 'to close'}
          </span>
        </footer>
      </Cmdk>
    </dialog>
  );
}
