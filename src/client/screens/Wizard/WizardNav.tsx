import { ActionButton } from '@client/actions/ActionButton';
import { ArrowLeftIcon, Button, CheckIcon, ChevronRightIcon, Kbd, modKeyLabel } from '@client/components';
import { finish, nextStep, previousStep } from '@machines/wizard/actions';
import type { WizardSnapshot } from '@machines/wizard/machine';
import { hasUnsavedEdits, isFinishing, wizardDraft, wizardStep } from '@machines/wizard/selectors';
import { shallowEqual } from '@xstate/react';
import { LeaveConfirmActor, WizardActor } from './actors';
import { WIZARD_LABELS } from './labels';

const selectNav = (s: WizardSnapshot) => ({
  step: wizardStep(s),
  finishing: isFinishing(s),
  hasDesign: wizardDraft(s) !== null,
  unsaved: hasUnsavedEdits(s),
});

/** Previous (disabled on step 1), Next (Finish on step 3), and Start over: the wizard's actions. */
export function WizardNav() {
  const wizard = WizardActor.useActorRef();
  const confirm = LeaveConfirmActor.useActorRef();
  const nav = WizardActor.useSelector(selectNav, shallowEqual);
  const last = nav.step === 3;
  const startOver = () => {
    if (nav.unsaved) confirm.send({ type: 'confirm.ask', pending: { kind: 'discard' } });
    else wizard.send({ type: 'wizard.discard' });
  };
  return (
    <nav className="wizard-nav" aria-label="Wizard">
      <ActionButton flow={wizard} action={previousStep} icon={<ArrowLeftIcon />} />
      {nav.hasDesign && (
        <Button variant="ghost" disabled={nav.finishing} onClick={startOver}>
          {WIZARD_LABELS.startOver}
        </Button>
      )}
      <span className="wizard-nav__hint" aria-hidden="true">
        <Kbd keys={[modKeyLabel(), 'Enter']} />
      </span>
      <ActionButton
        flow={wizard}
        action={last ? finish : nextStep}
        variant="primary"
        icon={last ? <CheckIcon /> : <ChevronRightIcon />}
        loading={nav.finishing}
        aria-keyshortcuts="Control+Enter"
      />
    </nav>
  );
}
