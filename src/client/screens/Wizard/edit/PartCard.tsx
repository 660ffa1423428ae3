import { ActionButton } from '@client/actions/ActionButton';
import { Badge, Button, ClockIcon, EditIcon, RefreshIcon, RoleBadge } from '@client/components';
import { DiffView } from '@client/components/code/DiffView';
import { specText } from '@machines/partEditor';
import { editPart, partHistory, resetPart } from '@machines/wizard/actions';
import type { PartKind, WizardPart } from '@machines/wizard/parts';
import { type Actor, canSeeBehaviour } from '@shared/permissions';
import { type ReactNode, useId, useState } from 'react';
import { WizardActor } from '../actors';
import { PART_LABEL, WIZARD_LABELS } from '../labels';
import { behaviourSummary } from '../select/BehaviourPicker';

/** The part's kind, name, version and '(edited)'. */
function PartCardHeader({ label, part, titleId }: { label: string; part: WizardPart; titleId: string }) {
  return (
    <header className="part-card__header">
      <span className="part-card__kind">{label}</span>
      <h3 className="part-card__title" id={titleId}>
        {part.metadata.name}
      </h3>
      <Badge tone="grey">v{part.metadata.version}</Badge>
      {part.edited && <span className="part-card__edited">{WIZARD_LABELS.edited}</span>}
    </header>
  );
}

/** Edit; once edited, Reset and Show changes; History. */
function PartActions({
  kind,
  part,
  hasOriginal,
  showChanges,
  setShowChanges,
  historyButton,
}: {
  kind: PartKind;
  part: WizardPart;
  hasOriginal: boolean;
  showChanges: boolean;
  setShowChanges: (show: boolean) => void;
  historyButton: ReactNode;
}) {
  const wizard = WizardActor.useActorRef();
  return (
    <div className="part-card__actions">
      <ActionButton
        flow={wizard}
        action={editPart[kind]}
        size="sm"
        icon={<EditIcon />}
        aria-label={`Edit ${kind}`}
      />
      {/* Shown once edited, as '(edited)' and Show changes are: the machine's canReset says the same. */}
      {part.edited && (
        <ActionButton
          flow={wizard}
          action={resetPart[kind]}
          size="sm"
          variant="ghost"
          icon={<RefreshIcon />}
          aria-label={`Reset ${kind}`}
        />
      )}
      {part.edited && hasOriginal && (
        <Button
          size="sm"
          variant="ghost"
          aria-expanded={showChanges}
          onClick={() => setShowChanges(!showChanges)}
        >
          {showChanges ? 'Hide changes' : 'Show changes'}
        </Button>
      )}
      {historyButton}
    </div>
  );
}

/**
 * A step 2 card: name, version, a description preview, '(edited)', Edit, and Reset once edited;
 * unedited, the author's email and role badge. An edited part can show its changes side by side
 * with the original. An instructor's behaviour card shows only name, version, role and process.
 * Every card has History: the versions of the part's name (./PartHistoryModal.tsx).
 */
export function PartCard({ kind, viewer }: { kind: PartKind; viewer: Actor }) {
  const part = WizardActor.useSelector((s) => s.context.parts[kind]);
  const original = WizardActor.useSelector((s) => s.context.originals[kind]);
  const wizard = WizardActor.useActorRef();
  const [showChanges, setShowChanges] = useState(false);
  const titleId = useId();
  if (!part) return null;
  const full = kind !== 'behaviour' || canSeeBehaviour(viewer);
  const description = typeof part.spec.description === 'string' ? part.spec.description : '';
  const label = PART_LABEL[kind];
  // Everyone's, a behaviour's too: an instructor sees its versions as metadata only.
  const historyButton = (
    <ActionButton
      flow={wizard}
      action={partHistory}
      target={kind}
      size="sm"
      variant="ghost"
      icon={<ClockIcon />}
      aria-label={`History of ${kind}`}
    />
  );

  return (
    <article className="part-card" aria-labelledby={titleId}>
      <PartCardHeader label={label} part={part} titleId={titleId} />
      {full ? (
        description && <p className="part-card__description clamp">{description}</p>
      ) : (
        <p className="part-card__description clamp">{behaviourSummary(part)}</p>
      )}
      {!part.edited && part.user && (
        <p className="part-card__owner">
          {part.user.email} <RoleBadge role={part.user.role} />
        </p>
      )}
      {full && (
        <PartActions
          kind={kind}
          part={part}
          hasOriginal={Boolean(original)}
          showChanges={showChanges}
          setShowChanges={setShowChanges}
          historyButton={historyButton}
        />
      )}
      {!full && <div className="part-card__actions">{historyButton}</div>}
      {part.edited && original && showChanges && (
        <DiffView
          before={specText(original.spec)}
          after={specText(part.spec)}
          beforeLabel={`Original (${original.metadata.name} v${original.metadata.version})`}
          afterLabel="Edited"
          language="json"
        />
      )}
    </article>
  );
}
