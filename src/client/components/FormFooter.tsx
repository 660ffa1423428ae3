import type { ReactNode } from 'react';
import { Button } from './Button';

export interface FormFooterProps {
  /** The id of the dialog's form, which the primary button submits. */
  formId: string;
  /** Cancel: a dialog with unsaved edits passes its `requestClose`, which asks 'Discard your changes?'. */
  onCancel: () => void;
  cancelDisabled?: boolean;
  /** The submit is on its way: the primary button spins. */
  saving: boolean;
  submitDisabled?: boolean;
  /** The primary button's label (what it does, or that it is doing it). */
  submitLabel: string;
  /** Controls before Cancel (the user form's Reset). */
  children?: ReactNode;
}

/** A form dialog's footer: Cancel, then the primary button that submits the form. */
export function FormFooter({
  formId,
  onCancel,
  cancelDisabled,
  saving,
  submitDisabled,
  submitLabel,
  children,
}: FormFooterProps) {
  return (
    <>
      {children}
      <Button onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </Button>
      <Button type="submit" form={formId} variant="primary" loading={saving} disabled={submitDisabled}>
        {submitLabel}
      </Button>
    </>
  );
}
