import { Button } from '@client/components';
import { CodeBlock } from '@client/components/code/CodeBlock';
import { STUDENT_FLOW_TEXTS } from '@machines/classStudent/contract';
import { CLASS_TEXTS } from '@shared/class-sessions';
import type { AfterHandIn as AfterHandInData } from '@shared/schemas/class-sessions';
import { StudentActor } from './actors';
import { OwnReport } from './OwnReport';

/** After handing in: what the instructor chose to show (the report's figures, the solution), or a note. */
export function AfterHandIn() {
  const after = StudentActor.useSelector((s) => s.context.view?.afterHandIn ?? null);
  return (
    <section className="student-card after-hand-in" aria-labelledby="after-title">
      <h1 id="after-title" className="student-card__title">
        {CLASS_TEXTS.handedIn}
      </h1>
      {after?.auto && <p>{CLASS_TEXTS.autoHandedIn}</p>}
      {after?.report && <Report report={after.report} />}
      {after?.solution && (
        <section aria-labelledby="solution-title">
          <h2 id="solution-title" className="student-card__subtitle">
            {CLASS_TEXTS.referenceSolution}
          </h2>
          <CodeBlock
            code={after.solution.text}
            format={after.solution.format}
            label={CLASS_TEXTS.referenceSolution}
          />
        </section>
      )}
      {!after?.report && !after?.solution && <p>{CLASS_TEXTS.nothingShown}</p>}
      <JoinAnother />
    </section>
  );
}

function Report({ report }: { report: NonNullable<AfterHandInData['report']> }) {
  const { handIn, elicited } = report;
  return (
    <section aria-labelledby="report-title">
      <h2 id="report-title" className="student-card__subtitle">
        {CLASS_TEXTS.yourReport}
      </h2>
      <dl className="after-hand-in__figures">
        <dt>Grade</dt>
        <dd>{report.grade.toFixed(1)} / 10</dd>
        <dt>Elements of the solution in your work</dt>
        <dd>
          {handIn.present} present, {handIn.partly} partly, {handIn.missing} missing of {handIn.total}
          {handIn.extra > 0 ? ` (${handIn.extra} extra)` : ''}
        </dd>
        {elicited && (
          <>
            <dt>Revealed in your conversation</dt>
            <dd>
              {elicited.revealed} of {elicited.total} ({Math.round(elicited.ratio * 100)}%)
            </dd>
          </>
        )}
      </dl>
      {report.feedback && <p>{report.feedback}</p>}
      <OwnReport />
    </section>
  );
}

/** The session ended before anything was handed in. */
export function SessionEnded() {
  return (
    <section className="student-card" aria-labelledby="ended-title">
      <h1 id="ended-title" className="student-card__title">
        {CLASS_TEXTS.ended}
      </h1>
      <JoinAnother />
    </section>
  );
}

function JoinAnother() {
  const actor = StudentActor.useActorRef();
  return (
    <Button variant="ghost" onClick={() => actor.send({ type: 'join.another' })}>
      {STUDENT_FLOW_TEXTS.joinAnother}
    </Button>
  );
}
