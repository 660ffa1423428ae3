import { LeakCheckActor } from '@client/evaluation/actors';
import type { CheckDesign } from '@client/evaluation/CheckDesignButton';
import { checkDesign } from '@machines/leakCheck/actions';
import { checkThisDesign } from '@machines/wizard/actions';
import type { DesignCheckEmitted } from '@machines/wizard/contract';
import { useEffect, useMemo } from 'react';
import { WizardActor } from './actors';

/**
 * 'Check this design' on the wizard's design in progress (`checkThisDesign`): the wizard's guard
 * says when (steps 2 and 3, the design generated without errors) and the reason otherwise.
 */
export function useCheckDesign(): CheckDesign {
  const wizard = WizardActor.useActorRef();
  return useMemo(() => ({ flow: wizard, action: checkThisDesign }), [wizard]);
}

/**
 * The leak check the wizard asks for (open.check): the parts Try would run, edited ones as unsaved
 * edits, read when it opens. Listened to once, by the screen.
 */
export function useOpensDesignCheck() {
  const wizard = WizardActor.useActorRef();
  const checks = LeakCheckActor.useActorRef();
  useEffect(() => {
    const subscription = wizard.on('open.check', (event) => {
      const { design, name } = event as unknown as DesignCheckEmitted;
      checks.send(checkDesign.event({ design, name }));
    });
    return () => subscription.unsubscribe();
  }, [wizard, checks]);
}
