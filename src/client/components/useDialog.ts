import {
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
  type SyntheticEvent,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { focusOn } from './useFocusRequest';

/**
 * Modal behaviour on a native <dialog>, shared by Modal and the command palette:
 * showModal() (the page behind becomes inert), focus moved in and trapped (Tab wraps, also where
 * the browser would let it escape to its own chrome, and in jsdom), Escape and backdrop click
 * ask to close, focus goes back to the opener. The dialog element must be mounted only while
 * open (render it conditionally).
 */

export interface DialogBehaviour {
  onClose: () => void;
  /** false: Escape and backdrop clicks do nothing (e.g. while a generation runs). Default true. */
  dismissible?: boolean;
  /** Default true. */
  closeOnBackdrop?: boolean;
  /** Replaces what Escape does (the palette goes back one page before it closes). */
  onEscape?: () => void;
  /** Where focus goes back to on close; default: what had focus when the dialog opened. */
  returnFocus?: HTMLElement | null;
  /**
   * Where the focus goes when what opened the dialog is gone (the row it deleted): the screen puts
   * it where the next keystroke belongs, instead of it falling to the page.
   */
  onOpenerGone?: () => void;
}

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
  '[contenteditable]:not([contenteditable="false"])',
].join(',');

export const focusableIn = (root: HTMLElement): HTMLElement[] =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden], [inert]'));

/** data-autofocus wins; then the first control of the body; then anything; then the dialog. */
const initialFocusTarget = (dialog: HTMLElement): HTMLElement =>
  dialog.querySelector<HTMLElement>('[data-autofocus]') ??
  focusableIn(dialog.querySelector<HTMLElement>('[data-dialog-body]') ?? dialog)[0] ??
  focusableIn(dialog)[0] ??
  dialog;

/** Tab and Shift+Tab cycle through the dialog's controls, never leaving it. */
const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
  const items = focusableIn(event.currentTarget);
  if (items.length === 0) {
    event.preventDefault();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  const inside = active instanceof HTMLElement && items.includes(active);
  if (event.shiftKey && (active === first || !inside)) {
    event.preventDefault();
    focusOn(last);
  } else if (!event.shiftKey && (active === last || !inside)) {
    event.preventDefault();
    focusOn(first);
  }
};

export function useDialog(ref: RefObject<HTMLDialogElement | null>, behaviour: DialogBehaviour) {
  const { dismissible = true, closeOnBackdrop = true } = behaviour;
  const latest = useRef(behaviour);
  latest.current = behaviour;
  const pressedOnBackdrop = useRef(false);
  // Read while rendering the opening, before any autoFocus inside the dialog moves the focus.
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom has no showModal(); the open attribute is enough there.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    focusOn(initialFocusTarget(dialog));
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      const active = document.activeElement;
      const focusLeftWithDialog = !active || active === document.body || dialog.contains(active);
      if (!focusLeftWithDialog) return;
      // The page itself (a dialog opened from the palette, or by a shortcut) is nowhere to return to.
      if (opener?.isConnected && opener !== document.body) focusOn(opener);
      else latest.current.onOpenerGone?.();
    };
  }, [ref, opener]);

  const requestClose = () => {
    if (dismissible) latest.current.onClose();
  };

  return {
    onKeyDown: (event: KeyboardEvent<HTMLDialogElement>) => {
      if (event.key === 'Escape') {
        // Handled here rather than through the native cancel event so that a non-dismissible
        // dialog stays open (browsers force-close after repeated cancels otherwise).
        event.stopPropagation();
        // A control inside used this Escape (CodeMirror closing its completion list or search
        // panel prevents its default): it closes only that popup.
        if (event.defaultPrevented) return;
        event.preventDefault();
        if (latest.current.onEscape) latest.current.onEscape();
        else requestClose();
      } else if (event.key === 'Tab') {
        trapTab(event);
      }
    },
    onCancel: (event: SyntheticEvent<HTMLDialogElement>) => {
      event.preventDefault();
      requestClose();
    },
    onMouseDown: (event: MouseEvent<HTMLDialogElement>) => {
      pressedOnBackdrop.current = event.target === event.currentTarget;
    },
    onClick: (event: MouseEvent<HTMLDialogElement>) => {
      // The dialog element itself is only hit on its backdrop: the panel fills it.
      const onBackdrop = event.target === event.currentTarget && pressedOnBackdrop.current;
      pressedOnBackdrop.current = false;
      if (onBackdrop && closeOnBackdrop) requestClose();
    },
  };
}
