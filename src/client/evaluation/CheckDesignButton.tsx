import { Button, ShieldIcon } from '@client/components';
import { LEAK_CHECK_VIEW_TEXTS, type LeakCheckLeia } from '@machines/leakCheck/contract';
import { useId } from 'react';
import { LeakCheckActor } from './actors';

/** The wizard's design in progress: why it cannot be checked now (undefined: it can), and how to open it. */
export interface CheckDesign {
  unavailable: string | undefined;
  open: () => void;
}

/**
 * 'Check this design': the leak check of a saved LEIA (`leia`), or of the wizard's design in
 * progress (`design`), disabled with the reason while that design cannot be generated.
 */
export function CheckDesignButton({
  size,
  ...target
}: { size?: 'sm' | 'md' } & ({ leia: LeakCheckLeia } | { design: CheckDesign })) {
  const actor = LeakCheckActor.useActorRef();
  const reasonId = useId();
  const unavailable = 'design' in target ? target.design.unavailable : undefined;
  return (
    <>
      <Button
        size={size}
        icon={<ShieldIcon />}
        disabled={unavailable !== undefined}
        title={unavailable}
        aria-describedby={unavailable ? reasonId : undefined}
        onClick={() =>
          'design' in target ? target.design.open() : actor.send({ type: 'check.open', leia: target.leia })
        }
      >
        {LEAK_CHECK_VIEW_TEXTS.button}
      </Button>
      {unavailable && (
        <span id={reasonId} className="visually-hidden">
          {unavailable}
        </span>
      )}
    </>
  );
}
