import { Button, Modal } from '@client/components';
import { confirmTexts } from '@machines/leaveConfirm';
import { LeaveConfirmActor } from './actors';

/** 'Leave this design?' / 'Discard this design?' (machines/leaveConfirm.ts). */
export function LeaveConfirmModal() {
  const confirm = LeaveConfirmActor.useActorRef();
  const texts = LeaveConfirmActor.useSelector(confirmTexts);
  const cancel = () => confirm.send({ type: 'confirm.cancel' });
  return (
    <Modal
      open={texts !== null}
      onClose={cancel}
      title={texts?.title ?? ''}
      size="sm"
      footer={
        <>
          <Button onClick={cancel} data-autofocus="">
            {texts?.cancel}
          </Button>
          <Button variant="danger" onClick={() => confirm.send({ type: 'confirm.accept' })}>
            {texts?.accept}
          </Button>
        </>
      }
    >
      <p>{texts?.message}</p>
    </Modal>
  );
}
