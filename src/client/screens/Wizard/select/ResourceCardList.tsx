import { focusOn } from '@client/components';
import type { PartKind, WizardPart } from '@machines/wizard/parts';
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { ResourceCard } from './ResourceCard';

export interface ResourceCardListProps {
  kind: PartKind;
  label: string;
  items: WizardPart[];
  chosenId: string | null;
  showContent: boolean;
  canDelete: (part: WizardPart) => boolean;
  onSelect: (part: WizardPart) => void;
  onDelete: (part: WizardPart) => void;
  /** Up from the first card goes back to the list's search box. */
  onLeaveTop: () => void;
}

/**
 * The cards of one list, operable from the keyboard: one card is in the Tab order (the chosen one,
 * else the first); Up/Down/Home/End move between cards, Enter or Space selects, Delete opens the
 * delete dialog where the card offers it.
 */
export function ResourceCardList({
  kind,
  label,
  items,
  chosenId,
  showContent,
  canDelete,
  onSelect,
  onDelete,
  onLeaveTop,
}: ResourceCardListProps) {
  const listRef = useRef<HTMLUListElement>(null);
  const chosenIndex = items.findIndex((part) => part.id === chosenId);
  const [active, setActive] = useState(Math.max(chosenIndex, 0));
  const current = Math.min(active, items.length - 1);

  useEffect(() => {
    if (chosenIndex >= 0) setActive(chosenIndex);
  }, [chosenIndex]);

  const focusCard = useCallback((index: number) => {
    setActive(index);
    focusOn(listRef.current?.querySelectorAll<HTMLElement>('[data-card]')[index]);
  }, []);

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLElement>) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(index + 1, last),
      ArrowUp: index - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      const target = moves[event.key]!;
      if (target < 0) onLeaveTop();
      else focusCard(target);
      return;
    }
    const part = items[index];
    if (event.key === 'Delete' && part && canDelete(part)) {
      event.preventDefault();
      onDelete(part);
    }
  };

  return (
    <ul className="resource-list" aria-label={label} ref={listRef}>
      {items.map((part, index) => (
        <ResourceCard
          key={part.id}
          kind={kind}
          part={part}
          selected={part.id === chosenId}
          active={index === current}
          showContent={showContent}
          onSelect={onSelect}
          onDelete={canDelete(part) ? onDelete : undefined}
          onFocusCard={() => setActive(index)}
          onKeyDown={onKeyDown(index)}
        />
      ))}
    </ul>
  );
}
