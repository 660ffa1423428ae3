import { actorOf, useAuth } from '@client/auth';
import { ErrorState, focusOn, LoadingState, Page } from '@client/components';
import { isLeavingOnPurpose } from '@client/design/navigation';
import { LeakCheckActors } from '@client/evaluation/actors';
import { LeakCheckModal } from '@client/evaluation/LeakCheckModal';
import { useLeakCheckCommands } from '@client/evaluation/useLeakCheckCommands';
import { ROUTES } from '@client/routes';
import { listsView, RESOURCE_LISTS_TEXTS } from '@machines/resourceLists';
import { forwardEvent, hasUnsavedEdits, replaceQuestion, wizardStep } from '@machines/wizard/selectors';
import type { Actor } from '@shared/permissions';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { LeaveConfirmActor, ResourceListsActor, WizardActor, WizardActors } from './actors';
import { CreateStep } from './create/CreateStep';
import { LeaveConfirmModal, ReplaceDesignModal } from './DesignQuestions';
import { EditStep } from './edit/EditStep';
import { STEP_TITLE_ID, WIZARD_LABELS } from './labels';
import { StepIndicator } from './StepIndicator';
import { SelectStep } from './select/SelectStep';
import { useCheckDesign, useOpensDesignCheck } from './useCheckDesign';
import { useCtrlEnter } from './useCtrlEnter';
import { type HeldNavigation, useLeaveGuard } from './useLeaveGuard';
import { useUnloadGuard } from './useUnloadGuard';
import { useWizardCommands } from './useWizardCommands';
import { WizardNav } from './WizardNav';
import './wizard.css';

/**
 * The design wizard (route /create): Selection, Edit, Create. The machines hold the flow
 * (./actors.tsx); this view renders their snapshots and sends them events. A different account
 * gets fresh actors (and its own kept design).
 */
export function Wizard() {
  const { user } = useAuth();
  const viewer = useMemo(() => actorOf(user), [user]);
  if (!viewer) return null;
  return (
    <WizardActors key={viewer.id} user={viewer}>
      <LeakCheckActors>
        <WizardView viewer={viewer} />
      </LeakCheckActors>
    </WizardActors>
  );
}

export default Wizard;

/** Paths a navigation may always reach: the session ended, or access was refused. */
const ALWAYS_OPEN = new Set<string>([ROUTES.login, ROUTES.forbidden]);

function WizardView({ viewer }: { viewer: Actor }) {
  const wizard = WizardActor.useActorRef();
  const lists = ResourceListsActor.useActorRef();
  const confirm = LeaveConfirmActor.useActorRef();
  const step = WizardActor.useSelector(wizardStep);
  // Until 'Replace the design in progress?' is answered there is no design to show.
  const asking = WizardActor.useSelector((s) => replaceQuestion(s) !== null);
  const loading = ResourceListsActor.useSelector(listsView);
  const checkDesign = useCheckDesign();
  useLeakCheckCommands({ design: checkDesign });
  useOpensDesignCheck();
  useWizardCommands(viewer);
  useFocusOnStepChange(step);
  useCtrlEnter(() => wizard.send(forwardEvent(wizard.getSnapshot())));
  useUnloadGuard(useCallback(() => hasUnsavedEdits(wizard.getSnapshot()), [wizard]));
  useLeaveGuard(
    useCallback(
      (to: URL, state: unknown) =>
        !ALWAYS_OPEN.has(to.pathname) && !isLeavingOnPurpose(state) && hasUnsavedEdits(wizard.getSnapshot()),
      [wizard],
    ),
    useCallback(
      (held: HeldNavigation) => confirm.send({ type: 'confirm.ask', pending: { kind: 'leave', ...held } }),
      [confirm],
    ),
  );

  return (
    <Page title={WIZARD_LABELS.title} description={WIZARD_LABELS.subtitle} className="wizard-page">
      {loading === 'loading' && (
        <LoadingState text={RESOURCE_LISTS_TEXTS.loading} detail={RESOURCE_LISTS_TEXTS.loadingDetail} />
      )}
      {loading === 'failed' && (
        <ErrorState
          title={RESOURCE_LISTS_TEXTS.errorTitle}
          message={RESOURCE_LISTS_TEXTS.failed}
          retryLabel={RESOURCE_LISTS_TEXTS.retry}
          onRetry={() => lists.send({ type: 'lists.retry' })}
        />
      )}
      {loading === 'ready' && !asking && (
        <>
          <StepIndicator step={step} />
          {step === 1 && <SelectStep viewer={viewer} />}
          {step === 2 && <EditStep viewer={viewer} />}
          {step === 3 && <CreateStep viewer={viewer} />}
          <WizardNav />
        </>
      )}
      <LeaveConfirmModal />
      <ReplaceDesignModal />
      <LeakCheckModal />
    </Page>
  );
}

/** A new step starts at its heading (the control that had focus is gone with the old step). */
function useFocusOnStepChange(step: number) {
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    focusOn(document.getElementById(STEP_TITLE_ID));
  }, [step]);
}
