import { ActionButton, useAvailability, useRefusal } from '@client/actions/ActionButton';
import type { Flow } from '@client/actions/commands';
import { Button, ShieldIcon } from '@client/components';
import type { ActionDefinition } from '@machines/action';
import { checkDesign, checkLeia } from '@machines/leakCheck/actions';
import type { LeakCheckLeia } from '@machines/leakCheck/contract';
import { useId } from 'react';
import type { EventObject } from 'xstate';
import { LeakCheckActor } from './actors';

/**
 * The design in progress: the flow that holds it (the wizard) and its 'Check this design', whose
 * guard says when it can be checked and which then asks the screen to open the leak check.
 */
export interface CheckDesign {
  flow: Flow;
  action: ActionDefinition<void, EventObject>;
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

/** Asks both machines: the design's flow (can it be checked) and the leak check's (can it open now). */
function CheckDesignInProgress({ size, design }: Size & { design: CheckDesign }) {
  const actor = LeakCheckActor.useActorRef();
  const reasonId = useId();
  const { reason } = useAvailability(design.flow, design.action, undefined);
  const refused = useRefusal(actor, checkDesign);
  const unavailable = reason ?? refused;
  return (
    <>
      <Button
        size={size}
        icon={<ShieldIcon />}
        disabled={unavailable !== undefined}
        title={unavailable}
        aria-describedby={unavailable ? reasonId : undefined}
        onClick={() => design.flow.send(design.action.event())}
      >
        {design.action.label}
      </Button>
      {unavailable && (
        <span id={reasonId} className="visually-hidden">
          {unavailable}
        </span>
      )}
    </>
  );
}
