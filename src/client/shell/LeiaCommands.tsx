import { listLeias } from '@client/api/leias';
import { FolderIcon, MessageIcon } from '@client/components/icons';
import { type Command, defineCommand, usePaletteCommands } from '@client/palette';
import { ROUTES } from '@client/routes';
import { StartSessionActors, useStartSession } from '@client/runner/startSession';
import { requestView } from '@client/screens/Search/requestedView';
import { leiaArgument, PALETTE_LEIA_LIMIT } from '@client/screens/Search/useLeiaCommands';
import type { Actor } from '@shared/permissions';
import { useMemo } from 'react';
import { useLocation } from 'wouter';

const signedIn = (actor: Actor | null) => actor !== null;

/** Every LEIA the user may see, each name's latest version (Search's default). */
const findAny = (text: string, signal: AbortSignal) =>
  listLeias({ text, version: 'latest', limit: PALETTE_LEIA_LIMIT, signal });

/**
 * 'Open LEIA...' and 'Try LEIA...' on every screen. They are `fallback` commands: a LEIA list
 * screen registers its own of the same ids (which search the LEIAs it lists, with its filters).
 * Open goes to Search with that LEIA's View modal open; Try starts a session and opens its chat,
 * from wherever the user is (a chat included). Loaded on its own, after sign-in (App.tsx).
 */
export function LeiaCommands() {
  return (
    <StartSessionActors>
      <LeiaCommandList />
    </StartSessionActors>
  );
}

export default LeiaCommands;

function LeiaCommandList() {
  const [, navigate] = useLocation();
  const { start, startingKey } = useStartSession();
  const commands = useMemo(
    (): Command[] => [
      defineCommand({
        id: 'leias.open',
        title: 'Open LEIA...',
        group: 'LEIAs',
        icon: <FolderIcon />,
        keywords: ['find', 'go to', 'view', 'version'],
        allowed: signedIn,
        fallback: true,
        args: [
          leiaArgument(
            { placeholder: 'Open which LEIA? Type a name or description', empty: 'No LEIAs found' },
            findAny,
          ),
        ],
        run: (leia) => {
          requestView(leia);
          navigate(ROUTES.search);
        },
      }),
      defineCommand({
        id: 'leias.try',
        title: 'Try LEIA...',
        group: 'LEIAs',
        icon: <MessageIcon />,
        keywords: ['chat', 'test', 'run', 'talk', 'session'],
        allowed: signedIn,
        fallback: true,
        disabled: startingKey ? 'Starting...' : undefined,
        args: [
          leiaArgument(
            { placeholder: 'Try which LEIA? Type a name or description', empty: 'No LEIAs found' },
            findAny,
          ),
        ],
        run: (leia) =>
          start({ key: leia.id, body: { leia: leia.id }, state: { problemDescription: leia.description } }),
      }),
    ],
    [navigate, start, startingKey],
  );
  usePaletteCommands(commands);
  return null;
}
