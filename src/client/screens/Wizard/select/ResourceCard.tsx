import { Badge, CheckIcon, cx, IconButton, TrashIcon } from '@client/components';
import type { PartKind, WizardPart } from '@machines/wizard/parts';
import { roleLabel, roleTone } from '@shared/roles';
import { type KeyboardEvent, memo, useId, useState } from 'react';
import { WIZARD_LABELS } from '../labels';
import { YamlPreview } from './YamlPreview';

export interface ResourceCardProps {
  kind: PartKind;
  part: WizardPart;
  selected: boolean;
  /** The card in the Tab order (roving tabindex). */
  active: boolean;
  /** Description and YAML preview: hidden for behaviours from those who may not see them. */
  showContent: boolean;
  /** Absent: no delete icon (only admins and the owner get one). */
  onDelete?: (part: WizardPart) => void;
  onSelect: (part: WizardPart) => void;
  onFocusCard: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
}

const descriptionOf = (part: WizardPart) =>
  typeof part.spec.description === 'string' ? part.spec.description : '';

/** The title, the version badge and 'Selected'. */
function CardHeading({ part, selected }: { part: WizardPart; selected: boolean }) {
  return (
    <span className="resource-card__heading">
      <span className="resource-card__title">{part.metadata.name}</span>
      <Badge tone="grey">v{part.metadata.version}</Badge>
      {selected && (
        <span className="resource-card__selected">
          <CheckIcon size={14} /> {WIZARD_LABELS.selected}
        </span>
      )}
    </span>
  );
}

/** The owner: the Published/Unpublished badge, their email and a role dot. */
function CardOwner({
  owner,
  published,
}: {
  owner: NonNullable<WizardPart['user']>;
  published: boolean | undefined;
}) {
  return (
    <span className="resource-card__owner">
      <Badge tone={published ? 'green' : 'grey'}>{published ? 'Published' : 'Unpublished'}</Badge>
      <span className="resource-card__email">{owner.email}</span>
      <span
        className={cx('role-dot', `role-dot--${roleTone(owner.role)}`)}
        role="img"
        aria-label={roleLabel(owner.role)}
        title={roleLabel(owner.role)}
      />
    </span>
  );
}

/**
 * A step 1 card: title, version badge, a description clamped to 3 lines, 'Selected', and with
 * an owner the Published/Unpublished badge, their email and a role dot. Hover or keyboard focus
 * shows the read-only YAML preview (500x300); Escape hides it.
 */
export const ResourceCard = memo(function ResourceCard({
  kind,
  part,
  selected,
  active,
  showContent,
  onDelete,
  onSelect,
  onFocusCard,
  onKeyDown,
}: ResourceCardProps) {
  const [preview, setPreview] = useState(false);
  const previewId = useId();
  const descriptionId = useId();
  const description = showContent ? descriptionOf(part) : '';
  const owner = part.user;
  const tabIndex = active ? 0 : -1;

  return (
    <li
      className={cx('resource-card', selected && 'resource-card--selected')}
      onMouseEnter={() => setPreview(true)}
      onMouseLeave={() => setPreview(false)}
    >
      <button
        type="button"
        className="resource-card__select"
        aria-pressed={selected}
        // The name is the title and version; the rest describes it.
        aria-label={`${part.metadata.name} v${part.metadata.version}`}
        aria-describedby={
          [description && descriptionId, preview && showContent && previewId].filter(Boolean).join(' ') ||
          undefined
        }
        tabIndex={tabIndex}
        data-card=""
        onClick={() => onSelect(part)}
        onFocus={() => {
          onFocusCard();
          setPreview(true);
        }}
        onBlur={() => setPreview(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && preview) {
            event.stopPropagation();
            setPreview(false);
          }
          onKeyDown(event);
        }}
      >
        <CardHeading part={part} selected={selected} />
        {description && (
          <span className="resource-card__description clamp" id={descriptionId}>
            {description}
          </span>
        )}
        {owner && <CardOwner owner={owner} published={part.isPublished} />}
      </button>
      {onDelete && (
        <IconButton
          label={`Delete ${part.metadata.name}`}
          icon={<TrashIcon />}
          size="sm"
          className="resource-card__delete"
          tabIndex={tabIndex}
          onClick={() => onDelete(part)}
        />
      )}
      {preview && showContent && <YamlPreview id={previewId} kind={kind} part={part} />}
    </li>
  );
});
