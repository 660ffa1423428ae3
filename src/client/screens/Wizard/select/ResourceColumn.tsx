import { CheckIcon, cx, ErrorState, focusOn, SearchIcon, Select, Spinner } from '@client/components';
import { availability } from '@machines/action';
import {
  emptyListText,
  type ListFilters,
  listStatus,
  matchingItems,
  RESOURCE_LISTS_TEXTS,
} from '@machines/resourceLists';
import { deletePart, selectPart } from '@machines/wizard/actions';
import type { PartKind, WizardPart } from '@machines/wizard/parts';
import { type Actor, canSeeBehaviour } from '@shared/permissions';
import { useCallback, useId, useMemo, useRef } from 'react';
import { ResourceListsActor, WizardActor } from '../actors';
import { LIST_TITLE, PROCESS_OPTIONS, SEARCH_PLACEHOLDER, VISIBILITY_OPTIONS } from '../labels';
import { ResourceCardList } from './ResourceCardList';

/** A list's title, with the check that turns green once a card is chosen (the behaviour's too). */
export function ColumnHeading({ id, title, chosen }: { id: string; title: string; chosen: boolean }) {
  return (
    <h3 className="resource-column__title" id={id}>
      <CheckIcon
        size={16}
        className={cx('resource-column__check', chosen && 'resource-column__check--done')}
        aria-label={chosen ? 'Chosen' : 'Not chosen yet'}
        role="img"
        aria-hidden={false}
      />
      {title}
    </h3>
  );
}

/** The Visibility filter and, for problems and behaviours, the Process filter. */
function ColumnFilters({
  kind,
  filters,
  setFilter,
}: {
  kind: PartKind;
  filters: ListFilters;
  setFilter: (filters: Partial<ListFilters>) => void;
}) {
  return (
    <div className="resource-column__filters">
      <Select
        label="Visibility"
        options={VISIBILITY_OPTIONS}
        value={filters.visibility}
        onChange={(event) => setFilter({ visibility: event.target.value as ListFilters['visibility'] })}
      />
      {kind !== 'persona' && (
        <Select
          label="Process"
          options={PROCESS_OPTIONS}
          value={filters.process}
          onChange={(event) => setFilter({ process: event.target.value as ListFilters['process'] })}
        />
      )}
    </div>
  );
}

/**
 * One list of step 1: its search box (name or description), its Visibility filter and, for
 * problems and behaviours, its Process filter; the check turns green once a card is chosen.
 */
export function ResourceColumn({ kind, viewer }: { kind: PartKind; viewer: Actor }) {
  const lists = ResourceListsActor.useActorRef();
  const wizard = WizardActor.useActorRef();
  const list = ResourceListsActor.useSelector((s) => s.context.lists[kind]);
  const status = ResourceListsActor.useSelector((s) => listStatus(s, kind));
  const chosenId = WizardActor.useSelector((s) => s.context.parts[kind]?.id ?? null);
  const items = useMemo(() => matchingItems(list), [list]);
  const searchRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const title = LIST_TITLE[kind];

  const setFilter = (filters: Partial<ListFilters>) => lists.send({ type: 'lists.filter', kind, filters });
  const select = useCallback((part: WizardPart) => wizard.send(selectPart[kind].event(part)), [wizard, kind]);
  const askDelete = useCallback(
    (part: WizardPart) => wizard.send(deletePart[kind].event(part)),
    [wizard, kind],
  );
  // Whether the wizard takes the card's Delete (its owner or an admin): the machine's guard.
  const mayDelete = useCallback(
    (part: WizardPart) => availability(wizard.getSnapshot(), deletePart[kind], part).can,
    [wizard, kind],
  );
  const focusFirstCard = () =>
    focusOn(searchRef.current?.closest('section')?.querySelector<HTMLElement>('[data-card][tabindex="0"]'));
  const empty = emptyListText(list);

  return (
    <section className="resource-column" aria-labelledby={headingId}>
      <ColumnHeading id={headingId} title={title} chosen={Boolean(chosenId)} />
      <div className="resource-column__search">
        <SearchIcon className="resource-column__search-icon" aria-hidden="true" />
        <input
          ref={searchRef}
          type="search"
          className="input resource-column__search-input"
          aria-label={`Search ${title.toLowerCase()}`}
          placeholder={SEARCH_PLACEHOLDER[kind]}
          value={list.search}
          onChange={(event) => lists.send({ type: 'lists.search', kind, text: event.target.value })}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown') return;
            event.preventDefault();
            focusFirstCard();
          }}
        />
      </div>
      <ColumnFilters kind={kind} filters={list.filters} setFilter={setFilter} />
      {status === 'loading' && (
        <p className="resource-column__status" role="status">
          <Spinner size={13} /> {RESOURCE_LISTS_TEXTS.loading}
        </p>
      )}
      {status === 'failed' ? (
        <ErrorState
          message={RESOURCE_LISTS_TEXTS.failed}
          retryLabel={RESOURCE_LISTS_TEXTS.retry}
          onRetry={() => lists.send({ type: 'lists.reload', kind })}
        />
      ) : empty ? (
        <p className="resource-column__empty">{empty}</p>
      ) : (
        <ResourceCardList
          kind={kind}
          label={title}
          items={items}
          chosenId={chosenId}
          showContent={kind !== 'behaviour' || canSeeBehaviour(viewer)}
          canDelete={mayDelete}
          onSelect={select}
          onDelete={askDelete}
          onLeaveTop={() => focusOn(searchRef.current)}
        />
      )}
    </section>
  );
}
