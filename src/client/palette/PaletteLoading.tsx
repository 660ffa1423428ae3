import { SearchIcon } from '@client/components/icons';
import { Spinner } from '@client/components/Spinner';
import { useDialog } from '@client/components/useDialog';
import { useRef } from 'react';
import { PaletteActor, usePaletteInternals } from './context';

/**
 * Shown while the palette's chunk loads (first Ctrl+K on a fresh page): the same frame with a
 * working search box, so nothing typed meanwhile is lost (the text lives in the palette machine).
 */
export function PaletteLoading() {
  const { opener } = usePaletteInternals();
  const palette = PaletteActor.useActorRef();
  const search = PaletteActor.useSelector((s) => s.context.search);
  const ref = useRef<HTMLDialogElement>(null);
  const dialog = useDialog(ref, {
    onClose: () => palette.send({ type: 'palette.close' }),
    onEscape: () => palette.send({ type: 'palette.escape' }),
    returnFocus: opener,
  });
  return (
    <dialog
      ref={ref}
      className="dialog-surface palette"
      aria-label="Command palette"
      aria-busy="true"
      tabIndex={-1}
      {...dialog}
    >
      <div className="palette__search">
        <SearchIcon className="palette__search-icon" size={18} />
        <input
          className="palette__input"
          aria-label="Search commands"
          placeholder="Type a command or search…"
          value={search}
          onChange={(event) => palette.send({ type: 'palette.search', value: event.target.value })}
          data-autofocus=""
        />
      </div>
      <div className="palette__status">
        <Spinner size={14} /> Loading...
      </div>
    </dialog>
  );
}
