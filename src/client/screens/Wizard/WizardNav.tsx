import { ActionButton } from '@client/actions/ActionButton';
import { ArrowLeftIcon, CheckIcon, ChevronRightIcon, Kbd, modKeyLabel } from '@client/components';
import { finish, nextStep, previousStep, startOver } from '@machines/wizard/actions';
import type { WizardSnapshot } from '@machines/wizard/machine';
import { isFinishing, wizardDraft, wizardStep } from '@machines/wizard/selectors';
import { shallowEqual } from '@xstate/react';
import { WizardActor } from './actors';

const selectNav = (s: WizardSnapshot) => ({
  step: wizardStep(s),
  finishing: isFinishing(s),
  hasDesign: wizardDraft(s) !== null,
});

/** Previous (disabled on step 1), Next (Finish on step 3), and Start over: the wizard's actions. */
export function WizardNav() {
  const wizard = WizardActor.useActorRef();
  const nav = WizardActor.useSelector(selectNav, shallowEqual);
  const last = nav.step === 3;
  return (
    <nav className="wizard-nav" aria-label="Wizard">
      <ActionButton flow={wizard} action={previousStep} icon={<ArrowLeftIcon />} />
      {nav.hasDesign && <ActionButton flow={wizard} action={startOver} variant="ghost" />}
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
