import { withFailure } from '@client/api/errors';
import { getLineage, listVersions, restoreVersion } from '@client/api/history';
import type { RestoreResult, VersionsTarget } from '@machines/versions/contract';
import { versionsMachine } from '@machines/versions/machine';
import type { Actor } from '@shared/permissions';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { fromPromise } from 'xstate';
import { loadVersionContent } from './documents';

/**
 * The history of one item at a time (machines/versions/machine.ts): the View modal's History tab (a LEIA)
 * and the wizard's part History dialog each provide one. Every IO actor rejects with a Failure.
 */
export const HistoryActor = createActorContext(versionsMachine);

export type OnRestored = (target: VersionsTarget, result: RestoreResult) => void;

export function HistoryActors({
  viewer,
  onRestored,
  children,
}: {
  viewer: Actor | null;
  /** Fixed for the provider's life (a stable ref's send, a toast). */
  onRestored: OnRestored;
  children: ReactNode;
}) {
  const [logic] = useState(() =>
    versionsMachine.provide({
      actors: {
        loadHistory: fromPromise(async ({ input: { kind, id }, signal }) => {
          const [versions, lineage] = await Promise.all([
            withFailure(listVersions(kind, id, { signal })),
            withFailure(getLineage(kind, id, { signal })),
          ]);
          return { versions, lineage };
        }),
        loadContents: fromPromise(({ input: { kind, ids }, signal }) =>
          withFailure(Promise.all(ids.map((id) => loadVersionContent(kind, id, signal)))),
        ),
        restoreVersion: fromPromise(({ input: { kind, id, bump } }) =>
          withFailure(restoreVersion(kind, id, bump)),
        ),
      },
      actions: { restored: (_, { target, result }) => onRestored(target, result) },
    }),
  );
  return (
    <HistoryActor.Provider logic={logic} options={{ input: { viewer } }}>
      {children}
    </HistoryActor.Provider>
  );
}
