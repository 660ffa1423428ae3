import { actorOf, useAuth } from '@client/auth';
import { EmptyState, ErrorState, LoadingState, Page, Spinner } from '@client/components';
import {
  type SearchFilters as Filters,
  hasMore,
  isLoadingMore,
  isRefreshing,
  SEARCH_LIST_TEXTS,
  type SearchListSnapshot,
  searchListView,
} from '@machines/searchList';
import { shallowEqual, useSelector } from '@xstate/react';
import { useCallback, useMemo, useRef } from 'react';
import { DeleteLeiaModal } from './DeleteLeiaModal';
import { LeiaList } from './LeiaList';
import { type RowAction, useRowActions } from './rowActions';
import { SearchFilters } from './SearchFilters';
import { type LeiaScope, useLeiaActors } from './useLeiaActors';
import { useLeiaCommands } from './useLeiaCommands';
import { ViewLeiaModal } from './view/ViewLeiaModal';
import './search.css';

export interface LeiaBrowserProps {
  title: string;
  description: string;
  scope: LeiaScope;
  /** Row actions of later issues (Try, Design from this, Add to Activity); see rowActions.tsx. */
  extraActions?: readonly RowAction[];
}

const selectList = (s: SearchListSnapshot) => ({
  view: searchListView(s),
  items: s.context.items,
  filters: s.context.filters,
  refreshing: isRefreshing(s),
  loadingMore: isLoadingMore(s),
  hasMore: hasMore(s),
});

const countText = (count: number, more: boolean) =>
  `${count}${more ? '+' : ''} ${count === 1 && !more ? 'LEIA' : 'LEIAs'}`;

/**
 * A LEIA list screen: Search (every LEIA the user may see) and My LEIAs (their own) differ only in
 * title and scope. The machines hold the state (useLeiaActors); this view renders their snapshots
 * and turns clicks and keys into events.
 */
export function LeiaBrowser({ title, description, scope, extraActions }: LeiaBrowserProps) {
  const { user } = useAuth();
  const actor = useMemo(() => actorOf(user), [user]);
  const actors = useLeiaActors(scope);
  const { list, view, remove } = actors;
  const state = useSelector(list, selectList, shallowEqual);
  const actions = useRowActions({ view, remove }, extraActions);
  useLeiaCommands(actors, actions, actor, scope);
  const feedRef = useRef<HTMLDivElement>(null);

  const setFilters = useCallback(
    (filters: Partial<Filters>) => list.send({ type: 'filters.set', filters }),
    [list],
  );
  const loadMore = useCallback(() => list.send({ type: 'list.loadMore' }), [list]);
  const focusResults = () =>
    feedRef.current?.querySelector<HTMLElement>('[data-index][tabindex="0"]')?.focus();

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
            countText(state.items.length, state.hasMore)
          ) : null}
        </p>
        {state.view === 'loading' && <LoadingState text={SEARCH_LIST_TEXTS.loading} />}
        {state.view === 'empty' && <EmptyState title={SEARCH_LIST_TEXTS.empty} />}
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
      <ViewLeiaModal actor={view} viewer={actor} />
      <DeleteLeiaModal actor={remove} />
    </Page>
  );
}
