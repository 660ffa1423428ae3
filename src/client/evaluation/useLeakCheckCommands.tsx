import { listLeias } from '@client/api/leias';
import { ShieldIcon } from '@client/components';
import { type Command, defineCommand, usePaletteCommands } from '@client/palette';
import { leiaArgument, PALETTE_LEIA_LIMIT } from '@client/screens/Search/useLeiaCommands';
import { LEAK_CHECK_VIEW_TEXTS } from '@machines/leakCheck/contract';
import { isCheckBusy } from '@machines/leakCheck/selectors';
import type { Actor } from '@shared/permissions';
import { useMemo } from 'react';
import { LeakCheckActor } from './actors';
import type { CheckDesign } from './CheckDesignButton';

const GROUP = 'LEIAs';
const signedIn = (actor: Actor | null) => actor !== null;
const KEYWORDS = ['leak', 'test', 'simulate', 'students', 'reveal', 'evaluate'];

/**
 * The leak check in the palette, for a screen that provides LeakCheckActors: 'Check LEIA
 * design...' (which LEIA: any the user may read, searched as they type, latest versions), and
 * with `design` (the wizard) 'Check this design', the check of the design in progress (disabled
 * with the reason while it cannot be generated).
 */
export function useLeakCheckCommands({ design }: { design?: CheckDesign } = {}) {
  const actor = LeakCheckActor.useActorRef();
  const busy = LeakCheckActor.useSelector(isCheckBusy);
  const commands = useMemo((): Command[] => {
    const check = defineCommand({
      id: 'evaluation.checkLeia',
      title: 'Check LEIA design...',
      group: GROUP,
      icon: <ShieldIcon />,
      keywords: KEYWORDS,
      allowed: signedIn,
      disabled: busy ? LEAK_CHECK_VIEW_TEXTS.running : undefined,
      args: [
        leiaArgument(
          { placeholder: 'Check which LEIA? Type a name or description', empty: 'No LEIAs found' },
          (text, signal) => listLeias({ text, version: 'latest', limit: PALETTE_LEIA_LIMIT, signal }),
        ),
      ],
      run: (leia) =>
        actor.send({
          type: 'check.open',
          leia: { id: leia.id, name: `${leia.metadata.name} v${leia.metadata.version}` },
        }),
    });
    if (!design) return [check];
    const checkDesign: Command = {
      id: 'evaluation.checkDesign',
      title: LEAK_CHECK_VIEW_TEXTS.button,
      group: 'Design',
      icon: <ShieldIcon />,
      keywords: KEYWORDS,
      allowed: signedIn,
      disabled: design.unavailable ?? (busy ? LEAK_CHECK_VIEW_TEXTS.running : undefined),
      run: design.open,
    };
    return [checkDesign, check];
  }, [actor, busy, design]);
  usePaletteCommands(commands);
}
