import { Badge, ErrorState, LoadingState, Page } from '@client/components';
import { LIVE_TEXTS } from '@machines/classLive/contract';
import { isReconnecting, liveFace, sessionTimeLeft } from '@machines/classLive/selectors';
import { CLASS_TEXTS } from '@shared/class-sessions';
import { useParams } from 'wouter';
import { ClassLiveActor, ClassLiveActors } from './actors';
import { CodePanel } from './CodePanel';
import { LiveTable } from './LiveTable';
import { CloseDialog, ExtendDialog } from './SessionDialogs';
import { StudentConversationDialog } from './StudentConversationDialog';
import { useClassSessionCommands } from './useClassSessionCommands';
import './class-session.css';

/**
 * A class session's live view (route /class-sessions/{id}): the join code and link, the actions,
 * and one row per student, all kept up to date by the session's server-sent events
 * (machines/classLive). A new session id is a new screen.
 */
export default function ClassSession() {
  const { sessionId = '' } = useParams<{ sessionId: string }>();
  return (
    <ClassLiveActors key={sessionId} sessionId={sessionId}>
      <ClassSessionView />
    </ClassLiveActors>
  );
}

function ClassSessionView() {
  const actor = ClassLiveActor.useActorRef();
  const face = ClassLiveActor.useSelector(liveFace);
  const detail = ClassLiveActor.useSelector((s) => s.context.detail);
  const timeLeft = ClassLiveActor.useSelector(sessionTimeLeft);
  const reconnecting = ClassLiveActor.useSelector(isReconnecting);
  useClassSessionCommands();
  const open = detail?.status === 'open';
  return (
    <Page
      title={detail?.name ?? CLASS_TEXTS.liveTitle}
      documentTitle={detail ? `${detail.name} · ${CLASS_TEXTS.liveTitle}` : CLASS_TEXTS.liveTitle}
      description={
        detail && (
          <span className="class-live__meta">
            <span>{detail.experimentName}</span>
            <Badge tone={open ? 'green' : 'grey'}>{open ? CLASS_TEXTS.open : CLASS_TEXTS.closedStatus}</Badge>
            {open && (
              <span>
                {CLASS_TEXTS.timeLeft}: <strong>{timeLeft}</strong>
              </span>
            )}
          </span>
        )
      }
    >
      <p className="class-live__connection" role="status">
        {reconnecting ? LIVE_TEXTS.reconnecting : ''}
      </p>
      {face === 'loading' && <LoadingState text={LIVE_TEXTS.loading} />}
      {face === 'failed' && (
        <ErrorState
          title={LIVE_TEXTS.loadFailed}
          message={CLASS_TEXTS.sessionNotFound}
          onRetry={() => actor.send({ type: 'live.retry' })}
        />
      )}
      {face === 'live' && (
        <>
          <CodePanel />
          <LiveTable />
        </>
      )}
      <ExtendDialog />
      <CloseDialog />
      <StudentConversationDialog />
    </Page>
  );
}
