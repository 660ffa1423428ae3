import { AlertIcon, ErrorState, focusOn, LoadingState } from '@client/components';
import { type RestoreResult, VERSIONS_FLOW_TEXTS } from '@machines/versions/contract';
import { versionsView } from '@machines/versions/selectors';
import { shallowEqual } from '@xstate/react';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { HistoryActor } from './actors';
import { CompareView } from './CompareView';
import { RestoreConfirm } from './RestoreConfirm';
import { VersionList } from './VersionList';
import './history.css';

/**
 * The History of the item the HistoryActor holds: its versions, the restore question, the
 * comparison of two, and below them `children` (the View modal lists the derived designs there).
 * `resultAction` adds a control to the 'Restored v1.0.0 as v1.2.0' message (e.g. open it).
 */
export function HistoryPanel({
  resultAction,
  children,
}: {
  resultAction?: (result: RestoreResult) => ReactNode;
  children?: ReactNode;
}) {
  const history = HistoryActor.useActorRef();
  const view = HistoryActor.useSelector(versionsView, shallowEqual);
  const panel = useRef<HTMLDivElement>(null);
  const result = useRef<HTMLDivElement>(null);
  const confirming = view.confirming || view.restoringNow;
  useFocusAfterRestore(confirming, result, panel);
  if (view.loading && view.versions.length === 0) return <LoadingState text={VERSIONS_FLOW_TEXTS.loading} />;
  if (view.failed)
    return (
      <ErrorState
        message={view.error ?? VERSIONS_FLOW_TEXTS.failed}
        onRetry={() => history.send({ type: 'history.retry' })}
      />
    );
  return (
    <div className="history" ref={panel} tabIndex={-1}>
      {view.result && (
        <div className="alert alert--success history__result" role="status" ref={result} tabIndex={-1}>
          <p>{view.result.message}</p>
          {resultAction?.(view.result)}
        </div>
      )}
      <p className="history__hint">
        {view.seesContent ? VERSIONS_FLOW_TEXTS.pickTwo : VERSIONS_FLOW_TEXTS.contentHidden}
      </p>
      {view.error && !confirming && (
        <p className="alert alert--error" role="alert">
          <AlertIcon />
          {view.error}
        </p>
      )}
      <VersionList view={view} />
      {confirming && <RestoreConfirm view={view} />}
      <CompareView view={view} />
      {children}
    </div>
  );
}

/**
 * The restore question takes the focus with it when it goes: to the result once restored, else
 * (cancelled) to the panel, so the keyboard stays in the History (and Escape still closes its dialog).
 */
function useFocusAfterRestore(
  confirming: boolean,
  result: RefObject<HTMLElement | null>,
  panel: RefObject<HTMLElement | null>,
) {
  const was = useRef(confirming);
  useEffect(() => {
    if (was.current && !confirming) focusOn(result.current ?? panel.current);
    was.current = confirming;
  }, [confirming, result, panel]);
}
