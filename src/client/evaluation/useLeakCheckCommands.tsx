import { listLeias } from '@client/api/leias';
import { ShieldIcon } from '@client/components';
import { type Command, defineCommand, usePaletteCommands } from '@client/palette';
import { leiaArgument, PALETTE_LEIA_LIMIT } from '@client/screens/Search/useLeiaCommands';
import { isCheckBusy, LEAK_CHECK_VIEW_TEXTS } from '@machines/leakCheck';
import type { Actor } from '@shared/permissions';
import { useMemo } from 'react';
import { LeakCheckActor } from './actors';

const GROUP = 'LEIAs';
const signedIn = (actor: Actor | null) => actor !== null;
const KEYWORDS = ['leak', 'test', 'simulate', 'students', 'reveal', 'evaluate'];

/**
 * The leak check in the palette, for a screen that provides LeakCheckActors: 'Check LEIA
 * design...' (which LEIA: any the user may read, searched as they type, latest versions), and
 * with `unsavedDesign` (the wizard) 'Check this design', which explains why an unsaved design
 * cannot be checked yet.
 */
export function useLeakCheckCommands({ unsavedDesign = false }: { unsavedDesign?: boolean } = {}) {
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
    const unsaved: Command = {
      id: 'evaluation.checkDesign',
      title: LEAK_CHECK_VIEW_TEXTS.button,
      group: 'Design',
      icon: <ShieldIcon />,
      keywords: KEYWORDS,
      allowed: signedIn,
      run: () => actor.send({ type: 'check.unsaved' }),
    };
    return unsavedDesign ? [unsaved, check] : [check];
  }, [actor, busy, unsavedDesign]);
  usePaletteCommands(commands);
}
