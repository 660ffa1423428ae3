import { actionCommand } from '@client/actions/commands';
import { useActionSnapshot } from '@client/actions/useActionSnapshot';
import { Button, FolderIcon } from '@client/components';
import { usePaletteCommands } from '@client/palette';
import { HistoryActor, HistoryActors } from '@client/versions/actors';
import { HistoryPanel } from '@client/versions/HistoryPanel';
import { DerivedFrom, DerivedList, type LineageItem } from '@client/versions/Lineage';
import { useHistoryCommands } from '@client/versions/useHistoryCommands';
import { isLeiaOpen, shownLeia } from '@machines/leiaView';
import { openSource } from '@machines/versions/actions';
import { type OpenSource, VERSIONS_FLOW_TEXTS } from '@machines/versions/contract';
import type { Actor } from '@shared/permissions';
import { type ReactNode, useCallback, useEffect, useMemo } from 'react';
import { LeiaViewActor } from '../actors';

/**
 * The View modal's History tab and lineage (issue 13): a history actor that follows the LEIA the
 * modal shows, its palette commands, the 'Derived from' line and the tab's content.
 */

const GROUP = 'LEIAs';

/** The LEIA the modal shows once loaded, or null. */

export function LeiaHistoryActors({
  viewer,
  onRestored,
  children,
}: {
  viewer: Actor | null;
  /** The screen's reaction to a new version (a list reloads); fixed for the modal's life. */
  onRestored?: () => void;
  children: ReactNode;
}) {
  // The tab itself shows the result ('Restored v1.0.0 as v1.2.0', with a button to open it).
  const restored = useCallback(() => onRestored?.(), [onRestored]);
  return (
    <HistoryActors viewer={viewer} onRestored={restored}>
      <FollowView />
      {children}
    </HistoryActors>
  );
}

/** The history is the shown LEIA's: opened when it has loaded, closed with the modal. */
function FollowView() {
  const view = LeiaViewActor.useActorRef();
  const history = HistoryActor.useActorRef();
  useEffect(() => {
    const follow = () => {
      const snapshot = view.getSnapshot();
      const leia = shownLeia(snapshot);
      if (leia) {
        const { name, version } = leia.metadata;
        history.send({ type: 'history.open', target: { kind: 'leia', id: leia.id, name, version } });
      } else if (!isLeiaOpen(snapshot)) history.send({ type: 'history.close' });
    };
    follow();
    return view.subscribe(follow).unsubscribe;
  }, [view, history]);
  return null;
}

/** Opens a LEIA named by a lineage link in the modal. */
const useOpenLeia = () => {
  const view = LeiaViewActor.useActorRef();
  return useCallback(
    (item: LineageItem) =>
      view.send({
        type: 'view.open',
        leia: { id: item.id, metadata: { name: item.name, version: item.version } },
      }),
    [view],
  );
};

/**
 * The commands on the LEIA the modal shows, registered while it is open: Compare with previous
 * version, Restore version..., Open the design this came from ('Show history...' is the screen's).
 */
export function LeiaHistoryCommands() {
  const view = LeiaViewActor.useActorRef();
  const history = HistoryActor.useActorRef();
  const open = useOpenLeia();
  const now = useActionSnapshot(history, [openSource]);
  const reveal = useCallback(() => view.send({ type: 'view.tab', tab: 'history' }), [view]);
  useHistoryCommands({ group: GROUP, closed: VERSIONS_FLOW_TEXTS.loading, reveal });
  // The History takes 'Open the design this came from' only when the viewer may read it.
  useEffect(() => {
    const subscription = history.on('openSource', (event) => open((event as unknown as OpenSource).source));
    return () => subscription.unsubscribe();
  }, [history, open]);
  usePaletteCommands(
    useMemo(
      () => [{ ...actionCommand(history, now, openSource, { icon: <FolderIcon /> }), group: GROUP }],
      [history, now],
    ),
  );
  return null;
}

/** 'Derived from {name} v{version}' above the tabs, once the shown LEIA's lineage has loaded. */
export function LeiaLineage({ leiaId }: { leiaId: string }) {
  const open = useOpenLeia();
  const lineage = HistoryActor.useSelector((s) =>
    s.context.target?.id === leiaId ? s.context.lineage : null,
  );
  return <DerivedFrom lineage={lineage} onOpen={open} />;
}

/** The History tab: the versions, compare and restore; then the designs derived from this one. */
export function HistoryTab() {
  const open = useOpenLeia();
  const lineage = HistoryActor.useSelector((s) => s.context.lineage);
  const name = HistoryActor.useSelector((s) => s.context.target?.name ?? '');
  return (
    <HistoryPanel
      resultAction={(result) => (
        <Button size="sm" onClick={() => open({ id: result.id, name, version: result.version })}>
          Open v{result.version}
        </Button>
      )}
    >
      <DerivedList lineage={lineage} onOpen={open} />
    </HistoryPanel>
  );
}
