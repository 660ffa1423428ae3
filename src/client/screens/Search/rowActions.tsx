import type { LeiaListItem } from '@client/api/leias';
import type { ButtonVariant } from '@client/components';
import { EyeIcon, SparklesIcon, TrashIcon } from '@client/components';
import { useDesignFrom } from '@client/design/designPreset';
import { openDeleteLeia } from '@machines/deleteLeia';
import { type Actor, canDelete } from '@shared/permissions';
import { type ReactNode, useMemo } from 'react';
import { DeleteLeiaActor, LeiaViewActor } from './actors';

/**
 * The actions of a result row. One entry drives three things: the row's button, the key that
 * runs it on a focused row, and (with `command`) a palette command whose page searches, as the
 * user types, the LEIAs the screen lists (see useLeiaCommands) and offers those where the action is
 * available. So a new action is one more entry, and its palette command comes with it.
 * `visible` takes the permission predicate of src/shared/permissions.ts: a button that the user
 * may not use is not rendered at all, and its palette page does not list that LEIA.
 */
export interface RowAction {
  /** Stable id: 'view', 'try', 'delete'... (also the palette command's suffix). */
  id: string;
  /** The button text; the accessible name adds the LEIA's name ('View Bank interview v1.0.0'). */
  label: string;
  icon?: ReactNode;
  variant?: ButtonVariant;
  /** Whether the row offers it to this user; absent = always. */
  visible?: (leia: LeiaListItem, actor: Actor | null) => boolean;
  /** E.g. Try while that row's session is starting. */
  disabled?: (leia: LeiaListItem) => boolean;
  /** Shows a spinner on the button (and disables it). */
  busy?: (leia: LeiaListItem) => boolean;
  run: (leia: LeiaListItem) => void;
  /** KeyboardEvent.key that runs it on a focused row: 'Enter', 'Delete'. */
  key?: string;
  /**
   * Also a palette command: `title` ends with '...' (it opens a page that searches the LEIAs the
   * screen lists by the typed text); `empty` is shown when none matches.
   */
  command?: { title: string; placeholder: string; empty: string; keywords?: string[] };
}

export const isActionVisible = (action: RowAction, leia: LeiaListItem, actor: Actor | null): boolean =>
  !action.visible || action.visible(leia, actor);

/**
 * The row actions in the product's order: Design from this, View, then `extra` (Try, from
 * useTryAction), then Delete.
 */
export function useRowActions(extra: readonly RowAction[]) {
  const view = LeiaViewActor.useActorRef();
  const remove = DeleteLeiaActor.useActorRef();
  const { designFrom, loadingKey } = useDesignFrom();
  return useMemo<RowAction[]>(
    () => [
      {
        id: 'design',
        label: 'Design from this',
        icon: <SparklesIcon />,
        busy: (leia) => leia.id === loadingKey,
        run: designFrom,
        command: {
          title: 'Design from LEIA...',
          placeholder: 'Design from which LEIA? Type a name or description',
          empty: 'No LEIAs found',
          keywords: ['derive', 'copy', 'customise', 'wizard', 'new'],
        },
      },
      {
        id: 'view',
        label: 'View',
        icon: <EyeIcon />,
        key: 'Enter',
        run: (leia) => view.send({ type: 'view.open', leia }),
        command: {
          title: 'View LEIA...',
          placeholder: 'View which LEIA? Type a name or description',
          empty: 'No LEIAs found',
          keywords: ['open', 'details', 'problem', 'persona', 'behaviour'],
        },
      },
      ...extra,
      {
        id: 'delete',
        label: 'Delete',
        icon: <TrashIcon />,
        variant: 'ghost',
        key: 'Delete',
        visible: (leia, actor) => canDelete(actor, leia),
        run: (leia) => remove.send(openDeleteLeia(leia)),
        command: {
          title: 'Delete LEIA...',
          placeholder: 'Delete which LEIA? Type a name or description',
          empty: 'No LEIAs found that you may delete',
          keywords: ['remove'],
        },
      },
    ],
    [view, remove, extra, designFrom, loadingKey],
  );
}
