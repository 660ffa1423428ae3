import { LeakCheckActor } from '@client/evaluation/actors';
import type { CheckDesign } from '@client/evaluation/CheckDesignButton';
import { LEAK_CHECK_VIEW_TEXTS } from '@machines/leakCheck/contract';
import { designGenerated, designToCheck, wizardStep } from '@machines/wizard/selectors';
import { useCallback, useMemo } from 'react';
import { WizardActor } from './actors';

/**
 * 'Check this design' on the wizard's design in progress: the leak check of the parts Try would
 * run (edited ones as unsaved edits), read when it opens; unavailable, with the reason, until the
 * design is generated without errors.
 */
export function useCheckDesign(): CheckDesign {
  const wizard = WizardActor.useActorRef();
  const checks = LeakCheckActor.useActorRef();
  const step = WizardActor.useSelector(wizardStep);
  const generated = WizardActor.useSelector(designGenerated);
  const open = useCallback(() => {
    const target = designToCheck(wizard.getSnapshot());
    if (target) checks.send({ type: 'check.design', ...target });
  }, [wizard, checks]);
  const unavailable =
    step === 1
      ? LEAK_CHECK_VIEW_TEXTS.chooseParts
      : generated
        ? undefined
        : LEAK_CHECK_VIEW_TEXTS.notGenerated;
  return useMemo(() => ({ unavailable, open }), [unavailable, open]);
}
