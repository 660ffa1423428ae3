import { ActionButton, useRefusal } from '@client/actions/ActionButton';
import { Button, ShieldIcon } from '@client/components';
import { checkDesign, checkLeia } from '@machines/leakCheck/actions';
import type { LeakCheckLeia } from '@machines/leakCheck/contract';
import { useId } from 'react';
import { LeakCheckActor } from './actors';

/** The wizard's design in progress: why it cannot be checked now (undefined: it can), and how to open it. */
export interface CheckDesign {
  unavailable: string | undefined;
  open: () => void;
}

type Size = { size?: 'sm' | 'md' };

/**
 * 'Check this design' (machines/leakCheck/actions.ts): the leak check of a saved LEIA (`leia`), or
 * of the wizard's design in progress (`design`), disabled with the reason while that design cannot
 * be generated or the check cannot open now.
 */
export function CheckDesignButton({
  size,
  ...target
}: Size & ({ leia: LeakCheckLeia } | { design: CheckDesign })) {
  const actor = LeakCheckActor.useActorRef();
  if ('design' in target) return <CheckDesignInProgress size={size} design={target.design} />;
  return (
    <ActionButton flow={actor} action={checkLeia} target={target.leia} size={size} icon={<ShieldIcon />} />
  );
}

/** The design is read from the wizard only when the check opens, so the button asks the state alone. */
function CheckDesignInProgress({ size, design }: Size & { design: CheckDesign }) {
  const actor = LeakCheckActor.useActorRef();
  const reasonId = useId();
  const refused = useRefusal(actor, checkDesign);
  const unavailable = design.unavailable ?? refused;
  return (
    <>
      <Button
        size={size}
        icon={<ShieldIcon />}
        disabled={unavailable !== undefined}
        title={unavailable}
        aria-describedby={unavailable ? reasonId : undefined}
        onClick={design.open}
      >
        {checkDesign.label}
      </Button>
      {unavailable && (
        <span id={reasonId} className="visually-hidden">
          {unavailable}
        </span>
      )}
    </>
  );
}
