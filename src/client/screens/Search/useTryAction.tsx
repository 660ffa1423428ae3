import { MessageIcon } from '@client/components';
import { useStartSession } from '@client/runner/startSession';
import { useMemo } from 'react';
import type { RowAction } from './rowActions';

/**
 * The row action 'Try': starts a session with the LEIA and opens
 * /chat/{sessionId} with its problem description; that row's button is busy (and disabled) until
 * then. Its palette command 'Try LEIA...' searches the LEIAs the screen lists as the user types.
 */
export function useTryAction(): readonly RowAction[] {
  const { start, startingKey } = useStartSession();
  return useMemo(
    () => [
      {
        id: 'try',
        label: 'Try',
        icon: <MessageIcon />,
        busy: (leia) => leia.id === startingKey,
        run: (leia) =>
          start({ key: leia.id, body: { leia: leia.id }, state: { problemDescription: leia.description } }),
        command: {
          title: 'Try LEIA...',
          placeholder: 'Try which LEIA? Type a name or description',
          empty: 'No LEIAs found',
          keywords: ['chat', 'test', 'run', 'talk', 'session'],
        },
      },
    ],
    [start, startingKey],
  );
}
