import { actionCommand, commandFields, targetArgument } from '@client/actions/commands';
import { useActionSnapshot } from '@client/actions/useActionSnapshot';
import { ClockIcon, RefreshIcon } from '@client/components';
import { type Command, defineCommand, type StaticArgument, usePaletteCommands } from '@client/palette';
import { askRestore, comparePrevious, restoreVersion } from '@machines/versions/actions';
import { bumpOptions, mayRestore, VERSIONS_COMMAND_REASONS } from '@machines/versions/contract';
import { isVersionsOpen, type VersionsSnapshot } from '@machines/versions/selectors';
import type { VersionEntry } from '@shared/schemas/history';
import type { VersionBump } from '@shared/semver';
import { useMemo } from 'react';
import { HistoryActor } from './actors';
import { bumpLabel, versionPeople } from './labels';

type Versions = () => VersionEntry[];

/** As which new version: the bumps of the newest version. */
const bumpPage = (versions: Versions): StaticArgument<VersionBump> => ({
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

/**
 * 'Compare with previous version' and 'Restore version...' on the History in scope (the View
 * modal's LEIA, the wizard's part), from their definitions (machines/versions/actions.ts). `closed`
 * says why they cannot run while no History is open; `reveal` brings it into view before they run
 * (the View modal switches to its History tab).
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
  const now = useActionSnapshot(history, [comparePrevious]) as VersionsSnapshot;
  const commands = useMemo((): Command[] => {
    const open = isVersionsOpen(now);
    const versions = () => history.getSnapshot().context.versions;
    const restoreFields = commandFields(restoreVersion, now, <RefreshIcon />);
    return [
      {
        ...actionCommand(history, now, comparePrevious, { icon: <ClockIcon /> }),
        group,
        ...(!open && { disabled: closed }),
        run: () => {
          reveal();
          history.send(comparePrevious.event());
        },
      },
      defineCommand({
        ...restoreFields,
        group,
        disabled: open
          ? (restoreFields.disabled ??
            (mayRestore(now.context) ? undefined : VERSIONS_COMMAND_REASONS.notOwner))
          : closed,
        args: [
          // The versions the machine would restore: older ones, where the viewer may.
          targetArgument(history, askRestore, {
            placeholder: 'Restore which version? Type a version or a note',
            empty: 'No versions',
            choices: versions,
            item: (entry) => ({
              id: entry.id,
              title: `v${entry.version}`,
              subtitle: [entry.note, versionPeople(entry)].filter(Boolean).join(' · '),
              keywords: [entry.note ?? ''],
            }),
          }),
          bumpPage(versions),
        ],
        run: (entry: VersionEntry, bump: VersionBump) => {
          reveal();
          history.send(restoreVersion.event({ entry, bump }));
        },
      }),
    ];
  }, [history, now, group, closed, reveal]);
  usePaletteCommands(commands);
}
