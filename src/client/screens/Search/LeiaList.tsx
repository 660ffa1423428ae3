import type { LeiaListItem } from '@client/api/leias';
import { Button, cx, focusOn } from '@client/components';
import { useDensity } from '@client/density';
import { LEIA_LIST_TARGET, useFocusTarget } from '@client/palette';
import { isTypingTarget } from '@client/palette/keys';
import type { Actor } from '@shared/permissions';
import { type KeyboardEvent, type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { LeiaRow } from './LeiaRow';
import { canRun, type RowAction } from './rowActions';

export interface LeiaListProps {
  items: LeiaListItem[];
  actions: readonly RowAction[];
  actor: Actor | null;
  hasMore: boolean;
  loadingMore: boolean;
  /** A new first page is on its way: the rows shown are about to change. */
  refreshing: boolean;
  onLoadMore: () => void;
  feedRef: RefObject<HTMLDivElement | null>;
}

/** Start fetching the next page this far before the end of the list comes into view. */
const PREFETCH_MARGIN = '800px';

/** The props the handlers read at the time they run. */
interface Latest {
  items: LeiaListItem[];
  actions: readonly RowAction[];
  actor: Actor | null;
  hasMore: boolean;
  onLoadMore: () => void;
}

/** The feed's keys: moving between rows, and a row's own keys running its actions. */
function useFeedKeys(
  feedRef: RefObject<HTMLDivElement | null>,
  latest: RefObject<Latest>,
  items: LeiaListItem[],
  actions: readonly RowAction[],
  actor: Actor | null,
) {
  const focusRow = (index: number) => {
    const { items: rows, hasMore: more, onLoadMore: loadMore } = latest.current;
    if (index >= rows.length && more) loadMore();
    const target = Math.max(0, Math.min(index, rows.length - 1));
    focusOn(feedRef.current?.querySelector<HTMLElement>(`[data-index="${target}"]`));
  };

  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || isTypingTarget(event.target)) return;
    const row = (event.target as Element).closest<HTMLElement>('[data-index]');
    if (!row) return;
    const index = Number(row.dataset.index);
    const onRow = event.target === row;
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      PageDown: index + 1,
      ArrowUp: index - 1,
      PageUp: index - 1,
      ...(onRow ? { Home: 0, End: items.length - 1 } : {}),
    };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      focusRow(move);
      return;
    }
    // Enter on a button inside the row presses that button; the row's keys act on the row only.
    if (!onRow || event.shiftKey) return;
    const leia = items[index];
    if (!leia) return;
    const target = { leia, viewer: actor };
    const action = actions.find((candidate) => candidate.key === event.key && canRun(candidate, target));
    if (action) {
      event.preventDefault();
      action.flow.send(action.action.event(target));
    }
  };
}

/**
 * A deleted row takes its focused button with it: when exactly one row went away and the focus
 * fell back to the page, give it to the row now in that place, so keyboard users carry on.
 */
function useRefocusAfterRemoval(
  items: LeiaListItem[],
  active: number,
  feedRef: RefObject<HTMLDivElement | null>,
) {
  const previous = useRef(items);
  useEffect(() => {
    const before = previous.current;
    previous.current = items;
    const oneRemoved =
      before.length === items.length + 1 && items.every((leia) => before.some((old) => old.id === leia.id));
    const focusLost = !document.activeElement || document.activeElement === document.body;
    if (oneRemoved && focusLost && items.length > 0) {
      focusOn(feedRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`));
    }
  }, [items, active, feedRef]);
}

/**
 * Infinite scroll: when the sentinel under the last row nears the viewport, ask for the next
 * page (the machine ignores the request while one is loading or when there is none). The
 * observer is renewed when rows arrive, so a short page that leaves the sentinel in view asks
 * again. Where IntersectionObserver is missing, the 'Load more' button does the job.
 */
function useInfiniteScroll(
  sentinelRef: RefObject<HTMLDivElement | null>,
  hasMore: boolean,
  rowCount: number,
  latest: RefObject<Latest>,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowCount renews the observer when rows arrive
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current.onLoadMore();
      },
      { rootMargin: `0px 0px ${PREFETCH_MARGIN} 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, rowCount]);
}

/**
 * The results as a WAI-ARIA feed: each row is a focusable article; Up/Down (and Page Up/Down)
 * move between rows, Home/End go to the first/last loaded row, Enter and Delete run the row
 * action bound to that key (View; Delete only where the user may delete). Keys pressed inside a
 * text field never reach here (isTypingTarget), so typing a search never moves or deletes.
 *
 * Long lists: pages come by keyset cursor (50 rows) as the end of the list nears, so the DOM only
 * holds what the reader scrolled through. Rendering stays cheap without windowing: rows are
 * memoised (a new page renders only its own rows; moving the focus re-renders two), and each row
 * has `content-visibility: auto` with an intrinsic size, so the browser skips layout and paint of
 * every off-screen row. Windowing would save DOM nodes too, but it breaks find-in-page, the feed's
 * focus movement and screen readers' view of the list; at a few hundred rows scrolled through
 * content-visibility gives the same smoothness without those costs.
 */
export function LeiaList({
  items,
  actions,
  actor,
  hasMore,
  loadingMore,
  refreshing,
  onLoadMore,
  feedRef,
}: LeiaListProps) {
  const density = useDensity();
  const [activeIndex, setActiveIndex] = useState(0);
  const active = Math.min(activeIndex, Math.max(items.length - 1, 0));
  const sentinelRef = useRef<HTMLDivElement>(null);
  // The first row, once the list shows fresh rows: the target of requestFocus(LEIA_LIST_TARGET).
  const firstRow = useRef<HTMLElement>(null);
  useFocusTarget(LEIA_LIST_TARGET, firstRow, items.length > 0 && !refreshing);
  const latest = useRef<Latest>({ items, actions, actor, hasMore, onLoadMore });
  latest.current = { items, actions, actor, hasMore, onLoadMore };

  const onFocusRow = useCallback((index: number) => setActiveIndex(index), []);

  const onKeyDown = useFeedKeys(feedRef, latest, items, actions, actor);

  useRefocusAfterRemoval(items, active, feedRef);
  useInfiniteScroll(sentinelRef, hasMore, items.length, latest);

  return (
    <>
      <div
        ref={feedRef}
        role="feed"
        aria-label="LEIAs"
        aria-busy={refreshing || loadingMore}
        className={cx(
          'leia-feed',
          refreshing && 'leia-feed--stale',
          density === 'compact' && 'leia-feed--compact',
        )}
        onKeyDown={onKeyDown}
      >
        {items.map((leia, index) => (
          <LeiaRow
            key={leia.id}
            leia={leia}
            index={index}
            setSize={hasMore ? -1 : items.length}
            active={index === active}
            rowRef={index === 0 ? firstRow : undefined}
            actions={actions}
            actor={actor}
            onFocusRow={onFocusRow}
          />
        ))}
      </div>
      <div ref={sentinelRef} className="leia-feed__end" aria-hidden="true" />
      {hasMore && (
        <div className="leia-feed__more">
          <Button onClick={onLoadMore} loading={loadingMore}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
    </>
  );
}
