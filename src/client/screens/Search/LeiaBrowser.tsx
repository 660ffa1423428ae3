import { AddToActivityModal } from '@client/activities/AddToActivityModal';
import { AddToActivityActors } from '@client/activities/addToActivityActor';
import { actorOf, useAuth } from '@client/auth';
import { Button, EmptyState, ErrorState, focusOn, LoadingState, Page, Spinner } from '@client/components';
import { DesignPresetActors } from '@client/design/designPreset';
import { LeakCheckActors } from '@client/evaluation/actors';
import { LeakCheckModal } from '@client/evaluation/LeakCheckModal';
import { useLeakCheckCommands } from '@client/evaluation/useLeakCheckCommands';
import { focusTarget, SEARCH_TARGET } from '@client/palette';
import { StartSessionActors } from '@client/runner/startSession';
import {
  DEFAULT_SEARCH_FILTERS,
  type SearchFilters as Filters,
  hasMore,
  isLoadingMore,
  isRefreshing,
  SEARCH_LIST_TEXTS,
  type SearchListSnapshot,
  searchListView,
} from '@machines/searchList/machine';
import { shallowEqual } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { LeiaActors, LeiaListActor, type LeiaScope, LeiaViewActor } from './actors';
import { DeleteLeiaModal } from './DeleteLeiaModal';
import { LeiaList } from './LeiaList';
import { takeRequestedView } from './requestedView';
import { useRowActions } from './rowActions';
import { SearchFilters } from './SearchFilters';
import { useAddToActivityCommand } from './useAddToActivityCommand';
import { useLeiaCommands } from './useLeiaCommands';
import { ViewLeiaModal } from './view/ViewLeiaModal';
import './search.css';

export interface LeiaBrowserProps {
  title: string;
  description: string;
  scope: LeiaScope;
}

const selectList = (s: SearchListSnapshot) => ({
  view: searchListView(s),
  items: s.context.items,
  filters: s.context.filters,
  refreshing: isRefreshing(s),
  loadingMore: isLoadingMore(s),
  hasMore: hasMore(s),
  total: s.context.total,
});

/** How many match (the server's total), else how many are loaded, '+' when more pages exist. */
export const countText = (count: number, more: boolean, total?: number) =>
  total !== undefined
    ? `${total} ${total === 1 ? 'LEIA' : 'LEIAs'}`
    : `${count}${more ? '+' : ''} ${count === 1 && !more ? 'LEIA' : 'LEIAs'}`;

/**
 * A LEIA list screen: Search (every LEIA the user may see) and My LEIAs (their own) differ only in
 * title and scope. The machines hold the state (./actors.tsx); this view renders their snapshots
 * and turns clicks and keys into events.
 */
export function LeiaBrowser(props: LeiaBrowserProps) {
  return (
    <StartSessionActors>
      <DesignPresetActors>
        <LeiaActors scope={props.scope}>
          <AddToActivityActors>
            <LeakCheckActors>
              <LeiaBrowserView {...props} />
            </LeakCheckActors>
          </AddToActivityActors>
        </LeiaActors>
      </DesignPresetActors>
    </StartSessionActors>
  );
}

function LeiaBrowserView({ title, description, scope }: LeiaBrowserProps) {
  const { user } = useAuth();
  const actor = useMemo(() => actorOf(user), [user]);
  const list = LeiaListActor.useActorRef();
  const view = LeiaViewActor.useActorRef();
  const state = LeiaListActor.useSelector(selectList, shallowEqual);
  // 'Open LEIA...' run on another screen came here to show its LEIA.
  useEffect(() => {
    const leia = takeRequestedView();
    if (leia) view.send({ type: 'view.open', leia });
  }, [view]);
  const actions = useRowActions();
  useAddToActivityCommand();
  useLeakCheckCommands();
  useLeiaCommands(actions, actor, scope);
  const feedRef = useRef<HTMLDivElement>(null);

  const setFilters = useCallback(
    (filters: Partial<Filters>) => list.send({ type: 'filters.set', filters }),
    [list],
  );
  const loadMore = useCallback(() => list.send({ type: 'list.loadMore' }), [list]);
  // A version restored from the View modal's History is a new row (the latest, by default).
  const reload = useCallback(() => list.send({ type: 'list.reload' }), [list]);
  const focusResults = () =>
    focusOn(feedRef.current?.querySelector<HTMLElement>('[data-index][tabindex="0"]'));
  // After a delete: the row now in the deleted one's place, or the search box when none is left.
  const focusAfterDelete = () => {
    const row = feedRef.current?.querySelector<HTMLElement>('[data-index][tabindex="0"]');
    if (row) focusOn(row);
    else focusTarget(SEARCH_TARGET);
  };
  // View closed, opened from the palette (or elsewhere gone): the row of the LEIA it showed when
  // listed, else as after a delete.
  const focusAfterView = () => {
    const id = view.getSnapshot().context.summary?.id;
    const row = id ? feedRef.current?.querySelector<HTMLElement>(`[data-leia-id="${CSS.escape(id)}"]`) : null;
    if (row) focusOn(row);
    else focusAfterDelete();
  };

  return (
    <Page title={title} description={description} className="search-page">
      <SearchFilters filters={state.filters} onChange={setFilters} onFocusResults={focusResults} />
      <div className="search-results">
        <p className="search-results__status" role="status">
          {state.refreshing && state.view === 'rows' ? (
            <>
              <Spinner size={13} /> {SEARCH_LIST_TEXTS.loading}
            </>
          ) : state.view === 'rows' ? (
            countText(state.items.length, state.hasMore, state.total)
          ) : null}
        </p>
        {state.view === 'loading' && <LoadingState text={SEARCH_LIST_TEXTS.loading} />}
        {state.view === 'empty' && <NoResults filters={state.filters} onChange={setFilters} />}
        {state.view === 'failed' && (
          <ErrorState message={SEARCH_LIST_TEXTS.failed} onRetry={() => list.send({ type: 'list.retry' })} />
        )}
        {state.view === 'rows' && (
          <LeiaList
            items={state.items}
            actions={actions}
            actor={actor}
            hasMore={state.hasMore}
            loadingMore={state.loadingMore}
            refreshing={state.refreshing}
            onLoadMore={loadMore}
            feedRef={feedRef}
          />
        )}
      </div>
      <ViewLeiaModal viewer={actor} onRestored={reload} onOpenerGone={focusAfterView} />
      <DeleteLeiaModal onOpenerGone={focusAfterDelete} />
      <AddToActivityModal />
      <LeakCheckModal />
    </Page>
  );
}

/**
 * 'No LEIAs found'; while the text, Visibility or Version narrows the search, 'Clear filters' puts
 * them back to their defaults (the order is kept) and the focus in the search box.
 */
function NoResults({
  filters,
  onChange,
}: {
  filters: Filters;
  onChange: (filters: Partial<Filters>) => void;
}) {
  const narrowed =
    filters.text.trim() !== '' ||
    filters.visibility !== DEFAULT_SEARCH_FILTERS.visibility ||
    filters.version !== DEFAULT_SEARCH_FILTERS.version;
  const clear = () => {
    const { sort: _, ...defaults } = DEFAULT_SEARCH_FILTERS;
    onChange(defaults);
    focusTarget(SEARCH_TARGET);
  };
  return (
    <EmptyState
      title={SEARCH_LIST_TEXTS.empty}
      description={narrowed ? SEARCH_LIST_TEXTS.filtered : undefined}
      action={narrowed && <Button onClick={clear}>{SEARCH_LIST_TEXTS.clearFilters}</Button>}
    />
  );
}
