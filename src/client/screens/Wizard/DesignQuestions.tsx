import { confirmTexts } from '@machines/leaveConfirm';
import { replaceQuestion } from '@machines/wizard/selectors';
import { shallowEqual } from '@xstate/react';
import { LeaveConfirmActor, WizardActor } from './actors';
import { QuestionModal } from './QuestionModal';

/** 'Leave this design?' / 'Discard this design?' (machines/leaveConfirm.ts). */
export function LeaveConfirmModal() {
  const confirm = LeaveConfirmActor.useActorRef();
  const texts = LeaveConfirmActor.useSelector(confirmTexts);
  return (
    <QuestionModal
      texts={texts}
      onAccept={() => confirm.send({ type: 'confirm.accept' })}
      onCancel={() => confirm.send({ type: 'confirm.cancel' })}
    />
  );
}

/** 'Replace the design in progress?': a preset arrived over unsaved edits (machines/wizard/machine.ts). */
export function ReplaceDesignModal() {
  const wizard = WizardActor.useActorRef();
  const texts = WizardActor.useSelector(replaceQuestion, shallowEqual);
  return (
    <QuestionModal
      texts={texts}
      onAccept={() => wizard.send({ type: 'preset.replace' })}
      onCancel={() => wizard.send({ type: 'preset.keep' })}
    />
  );
}
