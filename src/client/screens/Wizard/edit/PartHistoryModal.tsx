import { Modal } from '@client/components';
import { HistoryActor } from '@client/versions/actors';
import { HistoryPanel } from '@client/versions/HistoryPanel';
import { DerivedFrom } from '@client/versions/Lineage';
import { useHistoryCommands } from '@client/versions/useHistoryCommands';
import { isVersionsOpen } from '@machines/versions/selectors';
import { PART_LABEL } from '../labels';

const noop = () => undefined;

/** The palette's Compare and Restore act on the part whose History is open. */
function PartHistoryCommands() {
  useHistoryCommands({ group: 'Design', closed: 'Open a part’s History first', reveal: noop });
  return null;
}

/**
 * A part card's History (machines/versions/machine.ts): the versions of its name, where it came from,
 * compare two, restore one. Escape and the close button close it.
 */
export function PartHistoryModal() {
  const history = HistoryActor.useActorRef();
  const open = HistoryActor.useSelector(isVersionsOpen);
  const target = HistoryActor.useSelector((s) => s.context.target);
  const lineage = HistoryActor.useSelector((s) => s.context.lineage);
  if (!target || target.kind === 'leia') return null;
  return (
    <Modal
      open={open}
      onClose={() => history.send({ type: 'history.close' })}
      title={`History of ${target.name}`}
      description={PART_LABEL[target.kind]}
      size="lg"
      className="part-history"
    >
      <PartHistoryCommands />
      <DerivedFrom lineage={lineage} />
      <HistoryPanel />
    </Modal>
  );
}
