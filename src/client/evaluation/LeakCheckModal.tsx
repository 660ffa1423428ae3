import { ActionButton } from '@client/actions/ActionButton';
import { Button, ErrorState, LoadingState, Modal, RefreshIcon, StopIcon } from '@client/components';
import { formatDateTime } from '@client/format';
import {
  cancelCheck,
  changeSettings,
  checkAgain,
  followAgain,
  startCheck,
} from '@machines/leakCheck/actions';
import { LEAK_CHECK_VIEW_TEXTS } from '@machines/leakCheck/contract';
import { hasLeakCheckEdits, type LeakCheckSnapshot, leakCheckView } from '@machines/leakCheck/selectors';
import type { Job } from '@shared/schemas/leak-check';
import { shallowEqual } from '@xstate/react';
import { useId } from 'react';
import { LeakCheckActor } from './actors';
import { LEAK_CHECK_FORM_ID, LeakCheckForm } from './LeakCheckForm';
import { LeakCheckResult } from './LeakCheckResult';
import { useFocusKept } from './useFocusKept';
import './evaluation.css';

const selectModal = (s: LeakCheckSnapshot) => ({
  view: leakCheckView(s),
  target: s.context.target,
  job: s.context.job,
  progress: s.context.progress,
  notice: s.context.notice,
  edited: hasLeakCheckEdits(s),
});

/**
 * 'Check this design' (machines/leakCheck/machine.ts), of a saved LEIA or of the wizard's design in
 * progress: the form, then a progress bar fed by the job's
 * server-sent events with Cancel, then the result (or why there is none). The check runs on the
 * server: closing this window leaves it running, and opening it again follows it.
 */
export function LeakCheckModal() {
  const actor = LeakCheckActor.useActorRef();
  const { view, target, job, progress, notice, edited } = LeakCheckActor.useSelector(
    selectModal,
    shallowEqual,
  );
  const running = view === 'running' || view === 'cancelling';
  const anchor = useFocusKept(view === 'closed' ? undefined : view);

  const footer = (requestClose: () => void) => (
    <>
      <Button onClick={requestClose}>Close</Button>
      {(view === 'form' || view === 'starting') && (
        <ActionButton
          flow={actor}
          action={startCheck}
          type="submit"
          form={LEAK_CHECK_FORM_ID}
          variant="primary"
          loading={view === 'starting'}
        >
          {view === 'starting' ? LEAK_CHECK_VIEW_TEXTS.starting : undefined}
        </ActionButton>
      )}
      {running && (
        <ActionButton
          flow={actor}
          action={cancelCheck}
          variant="danger"
          icon={<StopIcon />}
          loading={view === 'cancelling'}
        >
          {view === 'cancelling' ? LEAK_CHECK_VIEW_TEXTS.cancelling : undefined}
        </ActionButton>
      )}
      {view === 'done' && (
        <>
          <ActionButton flow={actor} action={changeSettings} />
          <ActionButton flow={actor} action={checkAgain} variant="primary" icon={<RefreshIcon />} />
        </>
      )}
    </>
  );

  return (
    <Modal
      open={view !== 'closed'}
      onClose={() => actor.send({ type: 'check.close' })}
      title={LEAK_CHECK_VIEW_TEXTS.title(target?.name ?? '')}
      description={LEAK_CHECK_VIEW_TEXTS.intro}
      size="lg"
      className="leak-check-modal"
      unsavedEdits={edited}
      footer={footer}
    >
      <div ref={anchor} hidden />
      {notice && view !== 'lost' && (
        <p className="leak-check__notice" role="alert">
          {notice}
        </p>
      )}
      {target?.kind === 'design' && <p className="leak-check-design">{LEAK_CHECK_VIEW_TEXTS.designAsItIs}</p>}
      {view === 'loading' && <LoadingState text={LEAK_CHECK_VIEW_TEXTS.loading} />}
      {(view === 'form' || view === 'starting') && <LeakCheckForm />}
      {running && <Progress done={progress.done} total={progress.total} />}
      {view === 'lost' && (
        <ErrorState
          message={notice ?? LEAK_CHECK_VIEW_TEXTS.lost}
          retryLabel={followAgain.label}
          onRetry={() => actor.send(followAgain.event())}
        />
      )}
      {view === 'done' && job && <Finished job={job} />}
    </Modal>
  );
}

function Progress({ done, total }: { done: number; total: number }) {
  const labelId = useId();
  return (
    <div className="leak-check-progress">
      <p className="leak-check-progress__label" id={labelId}>
        {LEAK_CHECK_VIEW_TEXTS.running}
      </p>
      <progress
        className="leak-check-progress__bar"
        aria-labelledby={labelId}
        max={Math.max(total, 1)}
        value={done}
        aria-valuetext={LEAK_CHECK_VIEW_TEXTS.progress(done, total)}
      />
      <p className="leak-check-progress__count" role="status">
        {LEAK_CHECK_VIEW_TEXTS.progress(done, total)}
      </p>
      <p className="leak-check-progress__hint">{LEAK_CHECK_VIEW_TEXTS.keepsRunning}</p>
    </div>
  );
}

/** A finished job: its result, or why it has none. */
function Finished({ job }: { job: Job }) {
  const when = job.finishedAt ? `Checked ${formatDateTime(job.finishedAt)}` : null;
  return (
    <div className="leak-check-finished">
      {when && <p className="leak-check-finished__when">{when}</p>}
      {job.status === 'completed' && job.result && <LeakCheckResult result={job.result} />}
      {job.status === 'failed' && (
        <ErrorState
          title={LEAK_CHECK_VIEW_TEXTS.failed}
          message={job.error ?? LEAK_CHECK_VIEW_TEXTS.failed}
        />
      )}
      {job.status === 'cancelled' && (
        <p className="leak-check-finished__cancelled" role="status">
          {LEAK_CHECK_VIEW_TEXTS.cancelled(job.progress.done, job.progress.total)}
        </p>
      )}
    </div>
  );
}
