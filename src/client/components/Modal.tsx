import { type ReactNode, useId, useRef, useState } from 'react';
import { Button, IconButton } from './Button';
import { cx } from './cx';
import { CloseIcon } from './icons';
import { useDialog } from './useDialog';

export interface ModalProps {
  open: boolean;
  /** Asked for by Escape, a backdrop click and the close button; the owner sets open=false. */
  onClose: () => void;
  /** Also the dialog's accessible name. */
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /**
   * Buttons row. A submit button here can target a form in the body with form="<form id>". As a
   * function it gets `requestClose`, for a Cancel button that asks first like Escape does.
   */
  footer?: ReactNode | ((requestClose: () => void) => ReactNode);
  size?: 'sm' | 'md' | 'lg';
  /** false: Escape, backdrop and the close button are disabled (e.g. "cannot be closed while generating"). */
  dismissible?: boolean;
  closeOnBackdrop?: boolean;
  className?: string;
  /** Where the focus goes on close when the control that opened the dialog is gone. */
  onOpenerGone?: () => void;
  /**
   * The dialog holds edits not saved yet: Escape, the backdrop, the close button and
   * `requestClose` ask 'Discard your changes?' first (Keep editing is the default).
   */
  unsavedEdits?: boolean;
}

export const DISCARD_TEXTS = {
  title: 'Discard your changes?',
  description: 'What you changed in this dialog has not been saved.',
  keep: 'Keep editing',
  discard: 'Discard changes',
} as const;

/**
 * A modal dialog on native <dialog>. Content mounts only while open (state inside resets on
 * every opening). The first control of the body gets focus unless an element has data-autofocus.
 * Escape that a control inside already used (an editor closing its completion list or search
 * panel, a combobox closing its list) does not close the dialog. With `unsavedEdits`, closing
 * asks first (DISCARD_TEXTS).
 */
export function Modal({ open, ...props }: ModalProps) {
  return open ? <OpenModal {...props} /> : null;
}

function OpenModal({
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  dismissible = true,
  closeOnBackdrop = true,
  className,
  onOpenerGone,
  unsavedEdits = false,
}: Omit<ModalProps, 'open'>) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const [asking, setAsking] = useState(false);
  const requestClose = () => (unsavedEdits ? setAsking(true) : onClose());
  const handlers = useDialog(ref, { onClose: requestClose, dismissible, closeOnBackdrop, onOpenerGone });
  const buttons = typeof footer === 'function' ? footer(requestClose) : footer;
  return (
    <dialog
      ref={ref}
      className={cx('dialog-surface', 'modal', `modal--${size}`, className)}
      // Clicks on plain content focus the dialog itself, so keys keep reaching its handlers.
      tabIndex={-1}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      {...handlers}
    >
      <div className="modal__panel">
        <header className="modal__header">
          <div className="modal__heading">
            <h2 className="modal__title" id={titleId}>
              {title}
            </h2>
            {description && (
              <p className="modal__description" id={descriptionId}>
                {description}
              </p>
            )}
          </div>
          {dismissible && <IconButton label="Close" icon={<CloseIcon />} size="sm" onClick={requestClose} />}
        </header>
        <div className="modal__body" data-dialog-body="">
          {children}
        </div>
        {buttons && <footer className="modal__footer">{buttons}</footer>}
      </div>
      {/* Inside the dialog: the page behind stays inert, and the focus comes back where it was. */}
      <Modal
        open={asking}
        onClose={() => setAsking(false)}
        title={DISCARD_TEXTS.title}
        description={DISCARD_TEXTS.description}
        size="sm"
        footer={
          <>
            <Button
              variant="danger"
              onClick={() => {
                setAsking(false);
                onClose();
              }}
            >
              {DISCARD_TEXTS.discard}
            </Button>
            <Button variant="primary" data-autofocus="" onClick={() => setAsking(false)}>
              {DISCARD_TEXTS.keep}
            </Button>
          </>
        }
      />
    </dialog>
  );
}
