import { ClockIcon, RefreshIcon } from '@client/components';
import { type Command, defineCommand, type StaticArgument, usePaletteCommands } from '@client/palette';
import { bumpOptions } from '@machines/versions/contract';
import {
  comparePreviousReason,
  isBrowsing,
  isVersionsOpen,
  type VersionsSnapshot,
  versionsView,
} from '@machines/versions/selectors';
import type { Actor } from '@shared/permissions';
import type { VersionEntry } from '@shared/schemas/history';
import type { VersionBump } from '@shared/semver';
import { shallowEqual } from '@xstate/react';
import { useMemo } from 'react';
import { HistoryActor } from './actors';
import { bumpLabel, versionPeople } from './labels';

export const HISTORY_COMMAND_REASONS = {
  notOwner: 'Only the owner of this name or an administrator can restore a version',
  busy: 'Wait for the History to finish what it is doing',
} as const;

const signedIn = (actor: Actor | null) => actor !== null;

const selectState = (s: VersionsSnapshot) => ({
  browsing: isBrowsing(s),
  open: isVersionsOpen(s),
  compareReason: comparePreviousReason(s, ''),
  mayRestore: versionsView(s).mayRestore,
});

/**
 * 'Compare with previous version' and 'Restore version...' on the History in scope (the View
 * modal's LEIA, the wizard's part). `closed` says why they cannot run while no History is open;
 * `reveal` brings it into view before they run (the View modal switches to its History tab).
 */
export function useHistoryCommands({
  group,
  closed,
  reveal,
}: {
  group: string;
  closed: string;
  reveal: () => void;
}) {
  const history = HistoryActor.useActorRef();
  const state = HistoryActor.useSelector(selectState, shallowEqual);
  const commands = useMemo((): Command[] => {
    const ready = state.open ? (state.browsing ? undefined : HISTORY_COMMAND_REASONS.busy) : closed;
    const versions = () => history.getSnapshot().context.versions;
    const versionPage: StaticArgument<VersionEntry> = {
      placeholder: 'Restore which version? Type a version or a note',
      empty: 'No versions',
      // The newest version is the current content: restoring it would copy it unchanged.
      load: () =>
        versions()
          .slice(1)
          .map((entry) => ({
            id: entry.id,
            title: `v${entry.version}`,
            subtitle: [entry.note, versionPeople(entry)].filter(Boolean).join(' · '),
            keywords: [entry.note ?? ''],
            value: entry,
          })),
    };
    const bumpPage = (): StaticArgument<VersionBump> => ({
      placeholder: 'As which new version?',
      empty: 'No versions',
      load: () => {
        const latest = versions()[0]?.version;
        return latest
          ? bumpOptions(latest).map(({ bump, version }) => ({
              id: bump,
              title: bumpLabel(bump, version),
              value: bump,
            }))
          : [];
      },
    });
    return [
      {
        id: 'history.comparePrevious',
        title: 'Compare with previous version',
        group,
        icon: <ClockIcon />,
        keywords: ['diff', 'changes', 'history', 'versions'],
        allowed: signedIn,
        disabled: ready ?? (state.compareReason || undefined),
        run: () => {
          reveal();
          history.send({ type: 'history.comparePrevious' });
        },
      },
      defineCommand({
        id: 'history.restore',
        title: 'Restore version...',
        group,
        icon: <RefreshIcon />,
        keywords: ['undo', 'revert', 'history', 'rollback'],
        allowed: signedIn,
        disabled: ready ?? (state.mayRestore ? undefined : HISTORY_COMMAND_REASONS.notOwner),
        args: [versionPage, bumpPage],
        run: (entry, bump) => {
          reveal();
          history.send({ type: 'history.restore', id: entry.id, bump });
        },
      }),
    ];
  }, [history, state, group, closed, reveal]);
  usePaletteCommands(commands);
}
