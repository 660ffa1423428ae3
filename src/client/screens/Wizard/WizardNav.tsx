import { ArrowLeftIcon, Button, CheckIcon, ChevronRightIcon, Kbd, modKeyLabel } from '@client/components';
import type { WizardSnapshot } from '@machines/wizard/machine';
import {
  canGoForward,
  forwardEvent,
  hasUnsavedEdits,
  isFinishing,
  wizardDraft,
  wizardStep,
} from '@machines/wizard/selectors';
import { shallowEqual } from '@xstate/react';
import { LeaveConfirmActor, WizardActor } from './actors';
import { WIZARD_LABELS } from './labels';

const selectNav = (s: WizardSnapshot) => ({
  step: wizardStep(s),
  forward: canGoForward(s),
  finishing: isFinishing(s),
  hasDesign: wizardDraft(s) !== null,
  unsaved: hasUnsavedEdits(s),
});

/** Previous (disabled on step 1), Next (Finish on step 3), and Start over. */
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
      <Button
        icon={<ArrowLeftIcon />}
        disabled={nav.step === 1 || nav.finishing}
        onClick={() => wizard.send({ type: 'wizard.previous' })}
      >
        {WIZARD_LABELS.previous}
      </Button>
      {nav.hasDesign && (
        <Button variant="ghost" disabled={nav.finishing} onClick={startOver}>
          {WIZARD_LABELS.startOver}
        </Button>
      )}
      <span className="wizard-nav__hint" aria-hidden="true">
        <Kbd keys={[modKeyLabel(), 'Enter']} />
      </span>
      <Button
        variant="primary"
        icon={last ? <CheckIcon /> : <ChevronRightIcon />}
        loading={nav.finishing}
        disabled={!nav.forward}
        aria-keyshortcuts="Control+Enter"
        onClick={() => wizard.send(forwardEvent(wizard.getSnapshot()))}
      >
        {last ? WIZARD_LABELS.finish : WIZARD_LABELS.next}
      </Button>
    </nav>
  );
}
