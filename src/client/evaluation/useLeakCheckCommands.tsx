import { actionCommand, commandFields, targetCommand } from '@client/actions/commands';
import { useActionSnapshot } from '@client/actions/useActionSnapshot';
import { listLeias } from '@client/api/leias';
import { ShieldIcon } from '@client/components';
import type { Command } from '@client/palette';
import { usePaletteCommands } from '@client/palette';
import { leiaArgument, PALETTE_LEIA_LIMIT } from '@client/screens/Search/useLeiaCommands';
import { checkDesign, checkLeia } from '@machines/leakCheck/actions';
import type { LeakCheckLeia } from '@machines/leakCheck/contract';
import type { LeiaListItem } from '@shared/schemas/leias';
import { useMemo } from 'react';
import { LeakCheckActor } from './actors';
import type { CheckDesign } from './CheckDesignButton';

/** The LEIA a search result stands for, named with its version. */
const checkedLeia = (leia: LeiaListItem): LeakCheckLeia => ({
  id: leia.id,
  name: `${leia.metadata.name} v${leia.metadata.version}`,
});

/**
 * The leak check in the palette (machines/leakCheck/actions.ts), for a screen that provides
 * LeakCheckActors: 'Check LEIA design...' (which LEIA: any the user may read, searched as they
 * type, latest versions), and with `design` (the wizard) 'Check this design', the check of the
 * design in progress (disabled with the reason while it cannot be generated). Both wait while the
 * check's machine awaits a call.
 */
export function useLeakCheckCommands({ design }: { design?: CheckDesign } = {}) {
  const actor = LeakCheckActor.useActorRef();
  const now = useActionSnapshot(actor);
  // The design's flow (the wizard) says when it can be checked; without one, the check's own snapshot.
  const designNow = useActionSnapshot(design?.flow ?? actor, design ? [design.action] : NONE);
  const commands = useMemo((): Command[] => {
    const check = targetCommand(
      actor,
      now,
      checkLeia,
      {
        ...leiaArgument(
          { placeholder: 'Check which LEIA? Type a name or description', empty: 'No LEIAs found' },
          (text, signal) => listLeias({ text, version: 'latest', limit: PALETTE_LEIA_LIMIT, signal }),
        ),
        targetOf: checkedLeia,
      },
      { icon: <ShieldIcon /> },
    );
    if (!design) return [check];
    const checkThis = actionCommand(design.flow, designNow, design.action, { icon: <ShieldIcon /> });
    const refused = commandFields(checkDesign, now).disabled;
    return [{ ...checkThis, disabled: checkThis.disabled ?? refused }, check];
  }, [actor, now, design, designNow]);
  usePaletteCommands(commands);
}

const NONE = [] as const;
