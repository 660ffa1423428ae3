import { Button, LoadingState, Modal } from '@client/components';
import { CodeBlock } from '@client/components/code/CodeBlock';
import { REPORT_TEXTS } from '@machines/classReport/contract';
import { isStudentLoading, isStudentOpen } from '@machines/classReport/selectors';
import { CLASS_TEXTS } from '@shared/class-sessions';
import { ReadOnlyMessages } from '../Chat/MessageList';
import { ClassReportActor } from './actors';
import '../Chat/chat.css';

/** A student's conversation and hand-in side by side (the draft when nothing was handed in). */
export function StudentWorkDialog() {
  const actor = ClassReportActor.useActorRef();
  const open = ClassReportActor.useSelector(isStudentOpen);
  const loading = ClassReportActor.useSelector(isStudentLoading);
  const student = ClassReportActor.useSelector((s) => s.context.student);
  const data = student?.data ?? null;
  const work = data ? (data.handIn ?? data.draft) : '';
  const workTitle = data?.handIn === null ? 'Draft (not handed in)' : CLASS_TEXTS.handedIn;
  return (
    <Modal
      open={open}
      onClose={() => actor.send({ type: 'student.close' })}
      title={REPORT_TEXTS.studentTitle(student?.name ?? '')}
      size="lg"
    >
      {loading && <LoadingState text={REPORT_TEXTS.studentLoading} />}
      {student?.error && (
        <div role="alert">
          <p>
            {REPORT_TEXTS.studentFailed}: {student.error}
          </p>
          <Button onClick={() => actor.send({ type: 'student.retry' })}>Try again</Button>
        </div>
      )}
      {data && (
        <div className="class-report__work">
          <div className="class-report__work-conversation">
            <ReadOnlyMessages messages={data.conversation} />
          </div>
          <section aria-label={workTitle}>
            <h3>{workTitle}</h3>
            {work === '' ? (
              <p>Nothing written.</p>
            ) : (
              <CodeBlock code={work} format="text" label={workTitle} />
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}
