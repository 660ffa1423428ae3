import { Button, ErrorState, LoadingState, Page } from '@client/components';
import { classSessionPath } from '@client/routes';
import { REPORT_TEXTS } from '@machines/classReport/contract';
import { isBusy, reportFace } from '@machines/classReport/selectors';
import { failureMessage } from '@machines/failure';
import { Link, useParams } from 'wouter';
import { ClassReportActor, ClassReportActors } from './actors';
import { DeleteDataDialog, OverrideDialog } from './ReportDialogs';
import { ReportGrids } from './ReportGrid';
import { ReportTable } from './ReportTable';
import { StudentWorkDialog } from './StudentWorkDialog';
import {
  DELETE_CLOSED_FIRST,
  EXPORTS,
  REPORT_ACTIONS,
  useClassReportCommands,
} from './useClassReportCommands';
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
  const busy = ClassReportActor.useSelector(isBusy);
  const closed = ClassReportActor.useSelector((s) => s.context.closed);
  const empty = ClassReportActor.useSelector((s) => (s.context.report?.rows.length ?? 0) === 0);
  return (
    <div className="class-report__actions">
      <Button size="sm" disabled={busy} onClick={() => actor.send({ type: 'report.refresh' })}>
        {REPORT_ACTIONS.refresh}
      </Button>
      {EXPORTS.map(({ file, title }) => (
        <Button key={file} size="sm" disabled={busy} onClick={() => actor.send({ type: 'export.run', file })}>
          {title}
        </Button>
      ))}
      <Button
        size="sm"
        variant="danger"
        disabled={busy || !closed || empty}
        title={closed ? undefined : DELETE_CLOSED_FIRST}
        onClick={() => actor.send({ type: 'delete.request' })}
      >
        {REPORT_ACTIONS.delete}
      </Button>
    </div>
  );
}
