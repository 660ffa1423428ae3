import { ErrorState, LoadingState, Modal } from '@client/components';
import { formatDateTime } from '@client/format';
import {
  EVALUATION_VIEW_TEXTS,
  type EvaluationSnapshot,
  evaluationError,
  isEvaluationOpen,
} from '@machines/evaluation';
import { shallowEqual } from '@xstate/react';
import { EvaluationActor } from './actors';
import { ReportView } from './ReportView';
import { useFocusKept } from './useFocusKept';
import './evaluation.css';

const selectReport = (s: EvaluationSnapshot) => ({
  open: isEvaluationOpen(s),
  about: s.context.about,
  evaluation: s.context.evaluation,
  error: evaluationError(s),
});

const METHOD_LABEL = { offline: 'offline matching', judge: 'judged by a language model' } as const;

/**
 * The elicitation report of a conversation (machines/evaluation.ts): 'Evaluating...' while the
 * server measures it, the failure with Retry, then the report. Closing while it is measured
 * stops the request.
 */
export function EvaluationReportModal() {
  const actor = EvaluationActor.useActorRef();
  const view = EvaluationActor.useSelector(selectReport, shallowEqual);
  const { evaluation } = view;
  const anchor = useFocusKept(view.open ? (view.error ?? evaluation?.id ?? 'evaluating') : undefined);
  const description = evaluation
    ? [view.about, METHOD_LABEL[evaluation.report.method], formatDateTime(evaluation.createdAt)]
        .filter(Boolean)
        .join(' · ')
    : view.about || undefined;
  return (
    <Modal
      open={view.open}
      onClose={() => actor.send({ type: 'evaluation.close' })}
      title={EVALUATION_VIEW_TEXTS.title}
      description={description}
      size="lg"
      className="evaluation-modal"
    >
      <div ref={anchor} hidden />
      {view.error ? (
        <ErrorState
          title={EVALUATION_VIEW_TEXTS.failed}
          message={view.error}
          onRetry={() => actor.send({ type: 'evaluation.retry' })}
        />
      ) : evaluation ? (
        <ReportView report={evaluation.report} />
      ) : (
        <LoadingState text={EVALUATION_VIEW_TEXTS.evaluating} />
      )}
    </Modal>
  );
}
