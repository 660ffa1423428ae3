import { Badge, ErrorState } from '@client/components';
import { formatDateTime } from '@client/format';
import { classSessionPath } from '@client/routes';
import { CLASS_START_TEXTS } from '@machines/classSessions/contract';
import { isListFailed, isListLoading } from '@machines/classSessions/selectors';
import { CLASS_TEXTS } from '@shared/class-sessions';
import { Link } from 'wouter';
import { ClassSessionListActor, ClassSessionListActors } from './actors';

/** A published activity's class sessions on its card: open or closed, students, handed in. */
export function ClassSessionList({ experimentId, name }: { experimentId: string; name: string }) {
  return (
    <ClassSessionListActors experimentId={experimentId}>
      <Sessions name={name} />
    </ClassSessionListActors>
  );
}

function Sessions({ name }: { name: string }) {
  const actor = ClassSessionListActor.useActorRef();
  const sessions = ClassSessionListActor.useSelector((s) => s.context.sessions);
  const loading = ClassSessionListActor.useSelector(isListLoading);
  const failed = ClassSessionListActor.useSelector(isListFailed);
  return (
    <section className="class-sessions" aria-label={`${CLASS_START_TEXTS.sessions} of ${name}`}>
      <h3 className="class-sessions__title">{CLASS_START_TEXTS.sessions}</h3>
      {failed && (
        <ErrorState
          message={CLASS_START_TEXTS.loadFailed}
          onRetry={() => actor.send({ type: 'list.reload' })}
        />
      )}
      {!loading && !failed && sessions.length === 0 && (
        <p className="class-sessions__empty">{CLASS_START_TEXTS.noSessions}</p>
      )}
      {sessions.length > 0 && (
        <ul className="class-sessions__list">
          {sessions.map((session) => (
            <li key={session.id} className="class-sessions__item">
              <Link href={classSessionPath(session.id)} className="class-sessions__name">
                {session.name}
              </Link>
              <Badge tone={session.status === 'open' ? 'green' : 'grey'}>
                {session.status === 'open' ? CLASS_TEXTS.open : CLASS_TEXTS.closedStatus}
              </Badge>
              <span>
                {session.counts.students} students · {session.counts.handedIn} handed in
              </span>
              <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
            </li>
          ))}
        </ul>
      )}
      {loading && sessions.length === 0 && <p className="class-sessions__empty">Loading...</p>}
    </section>
  );
}
