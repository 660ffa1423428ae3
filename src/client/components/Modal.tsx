import { type ReactNode, useId, useRef } from 'react';
import { IconButton } from './Button';
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
  /** Buttons row. A submit button here can target a form in the body with form="<form id>". */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** false: Escape, backdrop and the close button are disabled (e.g. "cannot be closed while generating"). */
  dismissible?: boolean;
  closeOnBackdrop?: boolean;
  className?: string;
  /** Where the focus goes on close when the control that opened the dialog is gone. */
  onOpenerGone?: () => void;
}

/**
 * A modal dialog on native <dialog>. Content mounts only while open (state inside resets on
 * every opening). The first control of the body gets focus unless an element has data-autofocus.
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
}: Omit<ModalProps, 'open'>) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const handlers = useDialog(ref, { onClose, dismissible, closeOnBackdrop, onOpenerGone });
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
          {dismissible && <IconButton label="Close" icon={<CloseIcon />} size="sm" onClick={onClose} />}
        </header>
        <div className="modal__body" data-dialog-body="">
          {children}
        </div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </dialog>
  );
}
