import { ErrorState, LoadingState, LogoMark } from '@client/components';
import { useDocumentTitle } from '@client/components/useDocumentTitle';
import { STUDENT_FLOW_TEXTS, type StudentInput } from '@machines/classStudent/contract';
import { studentFace } from '@machines/classStudent/selectors';
import { CLASS_TEXTS, RESUME_PAGE_PATH } from '@shared/class-sessions';
import { useEffect, useState } from 'react';
import { useParams } from 'wouter';
import { ActiveSession } from './ActiveSession';
import { AfterHandIn, SessionEnded } from './AfterHandIn';
import { StudentActor, StudentActors } from './actors';
import { JoinForm } from './JoinForm';
import '../Chat/chat.css';
import './student.css';

/** The resume link's token, read once from the page's fragment (never sent to a server). */
const resumeTokenOfPage = (): string | undefined => {
  if (window.location.pathname !== RESUME_PAGE_PATH) return undefined;
  const token = decodeURIComponent(window.location.hash.slice(1)).trim();
  return token === '' ? undefined : token;
};

/**
 * A class session's student (no account): /join, /join/{code} and /resume#{token}. The flow is
 * machines/classStudent; this screen shows its faces.
 */
export default function StudentScreen() {
  const { code } = useParams<{ code?: string }>();
  const [input] = useState<StudentInput>(() => ({ code, resumeToken: resumeTokenOfPage() }));
  useEffect(() => {
    // The token has been read: it leaves the address bar and the history at once.
    if (window.location.hash !== '') window.history.replaceState(null, '', window.location.pathname);
  }, []);
  return (
    <StudentActors input={input}>
      <StudentPage />
    </StudentActors>
  );
}

function StudentPage() {
  const face = StudentActor.useSelector(studentFace);
  const sessionName = StudentActor.useSelector(
    (s) => s.context.view?.sessionName ?? s.context.info?.sessionName,
  );
  useDocumentTitle(sessionName ?? CLASS_TEXTS.joinTitle);
  return (
    <div className="student-screen">
      <header className="student-header">
        <LogoMark size={28} />
        <p className="student-header__title">{sessionName ?? CLASS_TEXTS.joinTitle}</p>
      </header>
      <main id="main" className="student-main" tabIndex={-1}>
        <StudentFace face={face} />
      </main>
    </div>
  );
}

function StudentFace({ face }: { face: ReturnType<typeof studentFace> }) {
  const actor = StudentActor.useActorRef();
  switch (face) {
    case 'loading':
      return <LoadingState text={STUDENT_FLOW_TEXTS.checking} />;
    case 'failed':
      return (
        <ErrorState
          title={STUDENT_FLOW_TEXTS.loadFailed}
          message="Check your connection, then try again."
          onRetry={() => actor.send({ type: 'load.retry' })}
        />
      );
    case 'join':
      return <JoinForm />;
    case 'active':
      return <ActiveSession />;
    case 'after':
      return <AfterHandIn />;
    case 'ended':
      return <SessionEnded />;
  }
}
