import { Button, Modal } from '@client/components';

export interface QuestionTexts {
  title: string;
  message: string;
  accept: string;
  cancel: string;
}

/**
 * A question before work in progress is put aside. The safe answer (`cancel`) has the focus and is
 * what Escape, the backdrop and Close give; the dialog traps focus (Modal).
 */
export function QuestionModal({
  texts,
  onAccept,
  onCancel,
}: {
  /** null: closed. */
  texts: QuestionTexts | null;
  onAccept: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal
      open={texts !== null}
      onClose={onCancel}
      title={texts?.title ?? ''}
      size="sm"
      footer={
        <>
          <Button onClick={onCancel} data-autofocus="">
            {texts?.cancel}
          </Button>
          <Button variant="danger" onClick={onAccept}>
            {texts?.accept}
          </Button>
        </>
      }
    >
      <p>{texts?.message}</p>
    </Modal>
  );
}
