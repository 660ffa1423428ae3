import type { LeiaListItem } from '@client/api/leias';
import { Badge, Button, RoleBadge } from '@client/components';
import type { Actor } from '@shared/permissions';
import { memo, type RefObject, useId } from 'react';
import { offers, type RowAction, useRowAction } from './rowActions';

export interface LeiaRowProps {
  leia: LeiaListItem;
  index: number;
  /** aria-setsize: the number of rows, or -1 while more pages exist. */
  setSize: number;
  /** The row that is in the Tab order (roving tabindex). */
  active: boolean;
  actions: readonly RowAction[];
  actor: Actor | null;
  onFocusRow: (index: number) => void;
  /** The first row's, for the list's focus target. */
  rowRef?: RefObject<HTMLElement | null>;
}

const versionLabel = (leia: LeiaListItem) => `v${leia.metadata.version}`;

/** The accessible name of a row's button: 'View Bank interview v1.0.0' (the visible label first). */
export const actionName = ({ action }: RowAction, leia: LeiaListItem) =>
  `${action.label} ${leia.metadata.name} ${versionLabel(leia)}`;

/** A row's button of one action: absent where the row does not offer it, disabled while its flow refuses it. */
function RowActionButton({
  row,
  leia,
  actor,
  active,
}: {
  row: RowAction;
  leia: LeiaListItem;
  actor: Actor | null;
  active: boolean;
}) {
  const target = { leia, viewer: actor };
  const { shown, disabled, busy } = useRowAction(row, target);
  if (!shown) return null;
  return (
    <Button
      size="sm"
      variant={row.variant ?? 'secondary'}
      icon={row.icon}
      aria-label={actionName(row, leia)}
      disabled={disabled}
      loading={busy}
      // The row's own keys (arrows, Enter, Delete) are for the row, not for its buttons.
      tabIndex={active ? 0 : -1}
      onClick={() => row.flow.send(row.action.event(target))}
    >
      {row.action.label}
    </Button>
  );
}

/**
 * One result: name, 'v' + version, Published/Unpublished, the owner's email and
 * role when both are present, two lines of description, and the actions this user may use.
 * Memoised: loading another page or moving the focus re-renders only the rows that changed.
 */
export const LeiaRow = memo(function LeiaRow({
  leia,
  index,
  setSize,
  active,
  actions,
  actor,
  onFocusRow,
  rowRef,
}: LeiaRowProps) {
  const titleId = useId();
  const descriptionId = useId();
  const owner = leia.user?.email && leia.user?.role ? leia.user : null;
  const available = actions.filter((row) => offers(row, { leia, viewer: actor }));

  return (
    // WAI-ARIA feed pattern: each article is focusable and the arrow keys move between them.
    <article
      ref={rowRef}
      className="leia-row"
      tabIndex={active ? 0 : -1}
      aria-posinset={index + 1}
      aria-setsize={setSize}
      aria-labelledby={titleId}
      aria-describedby={leia.description ? descriptionId : undefined}
      data-index={index}
      data-leia-id={leia.id}
      onFocus={() => onFocusRow(index)}
    >
      <div className="leia-row__main">
        <div className="leia-row__heading">
          <h2 className="leia-row__name" id={titleId}>
            {leia.metadata.name}
          </h2>
          <span className="leia-row__version">{versionLabel(leia)}</span>
          <Badge tone={leia.isPublished ? 'green' : 'grey'}>
            {leia.isPublished ? 'Published' : 'Unpublished'}
          </Badge>
        </div>
        {owner && (
          <p className="leia-row__owner">
            <span className="leia-row__email">{owner.email}</span>
            <RoleBadge role={owner.role} />
          </p>
        )}
        {leia.description && (
          <p className="leia-row__description clamp" id={descriptionId}>
            {leia.description}
          </p>
        )}
      </div>
      {available.length > 0 && (
        <div className="leia-row__actions">
          {available.map((row) => (
            <RowActionButton key={row.action.id} row={row} leia={leia} actor={actor} active={active} />
          ))}
        </div>
      )}
    </article>
  );
});
