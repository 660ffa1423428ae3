import { ActionButton } from '@client/actions/ActionButton';
import { ErrorState, LoadingState, Page } from '@client/components';
import { classSessionPath } from '@client/routes';
import { deleteClassData, EXPORTS, refreshReport } from '@machines/classReport/actions';
import { REPORT_TEXTS } from '@machines/classReport/contract';
import { reportFace } from '@machines/classReport/selectors';
import { failureMessage } from '@machines/failure';
import { Link, useParams } from 'wouter';
import { ClassReportActor, ClassReportActors } from './actors';
import { DeleteDataDialog, OverrideDialog } from './ReportDialogs';
import { ReportGrids } from './ReportGrid';
import { ReportTable } from './ReportTable';
import { StudentWorkDialog } from './StudentWorkDialog';
import { useClassReportCommands } from './useClassReportCommands';
import { Variants } from './Variants';
import './class-report.css';

/**
 * A class session's report (route /class-sessions/{id}/report; machines/classReport): the
 * students, the grid of solution elements, the LEIA variants, the exports, grade overrides and
 * deleting the class's data. A new session id is a new screen.
 */
export default function ClassReport() {
  const { sessionId = '' } = useParams<{ sessionId: string }>();
  return (
    <ClassReportActors key={sessionId} sessionId={sessionId}>
      <ClassReportView sessionId={sessionId} />
    </ClassReportActors>
  );
}

function ClassReportView({ sessionId }: { sessionId: string }) {
  const actor = ClassReportActor.useActorRef();
  const face = ClassReportActor.useSelector(reportFace);
  const empty = ClassReportActor.useSelector((s) => (s.context.report?.rows.length ?? 0) === 0);
  const loadError = ClassReportActor.useSelector((s) => s.context.loadError);
  useClassReportCommands();
  return (
    <Page
      title={REPORT_TEXTS.title}
      description={<Link href={classSessionPath(sessionId)}>Back to the live view</Link>}
      actions={face === 'ready' && <ReportActions />}
    >
      {face === 'loading' && <LoadingState text={REPORT_TEXTS.loading} />}
      {face === 'failed' && (
        <ErrorState
          title={REPORT_TEXTS.loadFailed}
          message={failureMessage(loadError, REPORT_TEXTS.loadFailed)}
          onRetry={() => actor.send({ type: 'report.retry' })}
        />
      )}
      {face === 'ready' &&
        (empty ? (
          <p className="class-report__empty">{REPORT_TEXTS.empty}</p>
        ) : (
          <>
            <ReportTable />
            <ReportGrids />
            <Variants />
          </>
        ))}
      <OverrideDialog />
      <DeleteDataDialog />
      <StudentWorkDialog />
    </Page>
  );
}

function ReportActions() {
  const actor = ClassReportActor.useActorRef();
  return (
    <div className="class-report__actions">
      {[refreshReport, ...EXPORTS].map((action) => (
        <ActionButton key={action.id} flow={actor} action={action} size="sm" />
      ))}
      <ActionButton flow={actor} action={deleteClassData} size="sm" variant="danger" />
    </div>
  );
}
