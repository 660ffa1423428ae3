import { Button, ShieldIcon } from '@client/components';
import { LEAK_CHECK_VIEW_TEXTS, type LeakCheckLeia } from '@machines/leakCheck';
import { LeakCheckActor } from './actors';

/**
 * 'Check this design': the leak check of a saved LEIA, or, for a design not saved yet (the
 * wizard), why it must be saved first.
 */
export function CheckDesignButton({ leia, size }: { leia?: LeakCheckLeia; size?: 'sm' | 'md' }) {
  const actor = LeakCheckActor.useActorRef();
  return (
    <Button
      size={size}
      icon={<ShieldIcon />}
      onClick={() => actor.send(leia ? { type: 'check.open', leia } : { type: 'check.unsaved' })}
    >
      {LEAK_CHECK_VIEW_TEXTS.button}
    </Button>
  );
}
