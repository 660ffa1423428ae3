import { cx } from '@client/components/cx';
import { ArrowLeftIcon, ChevronRightIcon, SearchIcon } from '@client/components/icons';
import { Kbd, modKeyLabel } from '@client/components/Kbd';
import { Spinner } from '@client/components/Spinner';
import { useDialog } from '@client/components/useDialog';
import { isPaletteBusy, PALETTE_TEXTS, type PaletteContext, type PaletteEvent } from '@machines/palette';
import { bestMatch, isSearchPage, type PaletteArgument, type PaletteItem } from '@machines/paletteArguments';
import { MATCHES_ANY_TEXT, paletteFilter, rankGroups } from '@machines/paletteMatch';
import { shallowEqual } from '@xstate/react';
import { Command as Cmdk, useCommandState } from 'cmdk';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { PaletteActor, usePaletteInternals } from './context';
import { shortcutCaps } from './keys';
import { type Command, takesArguments, takesText } from './types';
import { type CommandGroup, useVisibleCommands } from './useVisibleCommands';

/** What a command is matched on: its title first, then its keywords and its group. */
const commandWords = (command: Command, group: CommandGroup) => [
  command.title,
  ...(command.keywords ?? []),
  group.heading,
];

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

const withoutDots = (title: string) => title.replace(/\.{3}$|…$/, '');

type Send = (event: PaletteEvent) => void;
type TextCommand = Command & { withText: NonNullable<Command['withText']> };
type ViewState = Pick<
  PaletteContext,
  'search' | 'command' | 'chosen' | 'page' | 'items' | 'more' | 'error'
> & {
  busy: boolean;
};

/** The search row: back button or search icon, the breadcrumbs of the command and its choices, the input. */
function PaletteSearchRow({ view, send, refreshing }: { view: ViewState; send: Send; refreshing: boolean }) {
  const { page } = view;
  return (
    <div className="palette__search">
      {page ? (
        <button
          type="button"
          className="palette__back"
          onClick={() => send({ type: 'palette.back' })}
          aria-label={view.chosen.length > 0 ? 'Back to the previous choice' : 'Back to all commands'}
          title="Back (Backspace)"
        >
          <ArrowLeftIcon />
        </button>
      ) : (
        <SearchIcon className="palette__search-icon" size={18} />
      )}
      {page && view.command && <span className="palette__crumb">{withoutDots(view.command.title)}</span>}
      {page &&
        view.chosen.map((item) => (
          <span key={item.id} className="palette__crumb palette__crumb--value">
            {item.title}
          </span>
        ))}
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
  );
}

/** Loading, the error with its Retry, or that nothing matches. */
function PaletteStatus({
  view,
  send,
  refreshing,
  besides,
}: {
  view: ViewState;
  send: Send;
  refreshing: boolean;
  besides: number;
}) {
  const { page } = view;
  return (
    <>
      {view.busy && !refreshing && (
        <Cmdk.Loading className="palette__status">
          <Spinner size={14} /> Loading...
        </Cmdk.Loading>
      )}
      {view.error && (
        <div className="palette__status palette__status--error" role="alert">
          {view.error}
          <button type="button" className="palette__retry" onClick={() => send({ type: 'palette.retry' })}>
            Retry
          </button>
        </div>
      )}
      {!view.busy && !view.error && (
        <NothingMatches besides={besides}>
          {page ? (page.empty ?? PALETTE_TEXTS.empty) : 'No matching commands.'}
        </NothingMatches>
      )}
    </>
  );
}

/** The items of an argument page. */
function PalettePageItems({
  items,
  searchPage,
  send,
}: {
  items: readonly PaletteItem[];
  searchPage: boolean;
  send: Send;
}) {
  return items.map((item) => (
    <Cmdk.Item
      key={item.id}
      value={item.id}
      keywords={searchPage ? undefined : [item.title, item.subtitle ?? '', ...(item.keywords ?? [])]}
      onSelect={() => send({ type: 'palette.choose', item })}
      className="palette__item"
    >
      <span className="palette__title">{item.title}</span>
      {item.subtitle && <span className="palette__subtitle">{item.subtitle}</span>}
    </Cmdk.Item>
  ));
}

/** The root page: the visible commands by group. */
function PaletteCommandGroups({ groups, send }: { groups: readonly CommandGroup[]; send: Send }) {
  const choose = (command: Command) => {
    if (command.disabled !== undefined) return;
    if (takesArguments(command)) send({ type: 'palette.begin', command });
    else send({ type: 'palette.run', run: () => command.run() });
  };
  return groups.map((group) => (
    <Cmdk.Group key={group.heading} heading={group.heading} className="palette__group">
      {group.commands.map((command) => (
        <Cmdk.Item
          key={command.id}
          value={command.id}
          keywords={commandWords(command, group)}
          disabled={command.disabled !== undefined}
          onSelect={() => choose(command)}
          className="palette__item"
        >
          {command.icon && <span className="palette__icon">{command.icon}</span>}
          <span className="palette__title">{command.title}</span>
          {command.disabled !== undefined && <span className="palette__subtitle">{command.disabled}</span>}
          {takesArguments(command) && <ChevronRightIcon className="palette__chevron" />}
          {command.shortcut && <Kbd keys={shortcutCaps(command.shortcut, modKeyLabel())} />}
        </Cmdk.Item>
      ))}
    </Cmdk.Group>
  ));
}

/** The commands that act on the typed text. */
function PaletteTextCommands({
  commands,
  text,
  send,
}: {
  commands: TextCommand[];
  text: string;
  send: Send;
}) {
  if (commands.length === 0) return null;
  return (
    // Matches whatever is typed, ranked below every matching command (see paletteMatch.ts).
    <Cmdk.Group className="palette__group palette__group--text">
      {commands.map((command) => (
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
  );
}

/** The key hints under the list. */
function PaletteFooter({ view }: { view: ViewState }) {
  const { page } = view;
  return (
    <footer className="palette__footer" aria-hidden="true">
      <span>
        <Kbd keys={['↑', '↓']} /> to move
      </span>
      <span>
        <Kbd keys={['↵']} /> to{' '}
        {page && view.chosen.length + 1 < (view.command?.args?.length ?? 0) ? 'choose' : 'run'}
      </span>
      <span>
        <Kbd keys={['Esc']} /> {page ? 'to go back' : 'to close'}
      </span>
    </footer>
  );
}

/** What the view renders of the palette machine's state. */
function useViewState(): ViewState {
  return PaletteActor.useSelector(
    (s) => ({
      search: s.context.search,
      command: s.context.command,
      chosen: s.context.chosen,
      page: s.context.page,
      items: s.context.items,
      more: s.context.more,
      error: s.context.error,
      // Loading, or about to (a search page waits for the user to stop typing).
      busy: isPaletteBusy(s),
    }),
    shallowEqual,
  );
}

/**
 * The item selected until the user moves: a search page's first, a static page's best match of the
 * typed text. cmdk picks one itself only when the text changes, so a list that arrives after the
 * typing would otherwise show none selected.
 */
const firstShown = (page: PaletteArgument | null, items: readonly PaletteItem[], text: string) =>
  (page && text ? bestMatch(page, items, text) : items[0])?.id;

/**
 * The cmdk palette, on a native modal <dialog>. It only renders the palette machine's state:
 * Escape goes back an argument, then closes; Backspace in an empty box goes back an argument.
 * cmdk filters the root and static pages; a search page's items come filtered and ranked, so cmdk
 * leaves them. On a page the selected item is the first of each new answer until the user moves,
 * and Enter pressed while the answer for the typed text is on its way waits for it.
 */
export default function PaletteView() {
  const { opener } = usePaletteInternals();
  const palette = PaletteActor.useActorRef();
  const send = palette.send;
  const view = useViewState();
  const visible = useVisibleCommands();
  const text = view.search.trim();
  const groups = useMemo(() => rankGroups(visible, text, commandWords), [visible, text]);
  const { page } = view;
  const textCommands = page || !text ? [] : groups.flatMap((group) => group.commands.filter(takesText));
  const ref = useRef<HTMLDialogElement>(null);
  const dialog = useDialog(ref, {
    onClose: () => send({ type: 'palette.close' }),
    onEscape: () => send({ type: 'palette.escape' }),
    returnFocus: opener,
  });
  const searchPage = isSearchPage(page);
  // The items of the last answer stay on screen while the next is on its way (a search page).
  const refreshing = view.busy && view.items.length > 0;
  // The item the user moved to, valid only for the answer it was chosen in.
  const [moved, setMoved] = useState<{ items: readonly PaletteItem[]; id: string } | null>(null);
  const selected = moved?.items === view.items ? moved.id : (firstShown(page, view.items, text) ?? '');

  return (
    <dialog
      ref={ref}
      className="dialog-surface palette"
      aria-label="Command palette"
      tabIndex={-1}
      {...dialog}
    >
      <Cmdk
        key={page ? `${view.command?.title}:${view.chosen.length}` : 'root'}
        label="Command palette"
        filter={paletteFilter}
        shouldFilter={!searchPage}
        loop
        {...(page
          ? { value: selected, onValueChange: (id: string) => setMoved({ items: view.items, id }) }
          : {})}
        onKeyDown={(event) => {
          if (event.key === 'Backspace') send({ type: 'palette.backspace' });
          // The rows on screen answer an older text: act on the answer for this one once it is in.
          if (event.key === 'Enter' && page && view.busy && !event.nativeEvent.isComposing) {
            event.preventDefault();
            send({ type: 'palette.enter' });
          }
        }}
      >
        <PaletteSearchRow view={view} send={send} refreshing={refreshing} />
        <Cmdk.List className="palette__list" aria-busy={view.busy || undefined}>
          <PaletteStatus view={view} send={send} refreshing={refreshing} besides={textCommands.length} />
          {page ? (
            <PalettePageItems items={view.items} searchPage={searchPage} send={send} />
          ) : (
            <PaletteCommandGroups groups={groups} send={send} />
          )}
          <PaletteTextCommands commands={textCommands} text={text} send={send} />
        </Cmdk.List>
        {page && view.more && !view.busy && (
          <p className="palette__note" role="status">
            {PALETTE_TEXTS.more}
          </p>
        )}
        <PaletteFooter view={view} />
      </Cmdk>
    </dialog>
  );
}
