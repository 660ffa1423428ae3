import { Button } from '@client/components';
import { STUDENT_FLOW_TEXTS } from '@machines/classStudent/contract';
import { isReportLoading } from '@machines/classStudent/selectors';
import { INTERVIEW_THEME_LABELS } from '@shared/evaluation/themes';
import type { StudentReport } from '@shared/schemas/class-report';
import { StudentActor } from './actors';

/** What the own report's sections are called (the student reads them after hand-in). */
export const OWN_REPORT_TEXTS = {
  elicited: 'What your questions revealed',
  byTurn: 'Share of the solution revealed after each LEIA reply',
  turn: 'Reply',
  share: 'Revealed',
  grade: 'How your grade was made',
  found: 'Elements of the solution in your work',
  missed: 'Elements missing from your work',
  partly: '(partly)',
  interviewer: 'Your interview',
  themes: 'Comments by theme',
} as const;

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** The student's own report (STUDENT_PATHS.report), loading, failed or shown. */
export function OwnReport() {
  const actor = StudentActor.useActorRef();
  const loading = StudentActor.useSelector(isReportLoading);
  const error = StudentActor.useSelector((s) => s.context.reportError);
  const report = StudentActor.useSelector((s) => s.context.report);
  if (loading) return <p role="status">{STUDENT_FLOW_TEXTS.reportLoading}</p>;
  if (error)
    return (
      <div role="alert">
        <p>
          {STUDENT_FLOW_TEXTS.reportFailed}: {error}
        </p>
        <Button variant="ghost" onClick={() => actor.send({ type: 'report.retry' })}>
          {STUDENT_FLOW_TEXTS.retryReport}
        </Button>
      </div>
    );
  if (!report) return null;
  return (
    <div className="own-report">
      {report.elicitation && <Elicited elicitation={report.elicitation} />}
      {report.grade && <Grade grade={report.grade} />}
      <Interviewer interviewer={report.interviewer} />
    </div>
  );
}

function Elicited({ elicitation }: { elicitation: NonNullable<StudentReport['elicitation']> }) {
  const { turn, share } = elicitation.byTurn;
  return (
    <section aria-labelledby="own-elicited">
      <h3 id="own-elicited">{OWN_REPORT_TEXTS.elicited}</h3>
      <p>
        {elicitation.revealed} of {elicitation.total} ({percent(elicitation.share)})
      </p>
      <table className="own-report__turns">
        <caption>{OWN_REPORT_TEXTS.byTurn}</caption>
        <thead>
          <tr>
            <th scope="col">{OWN_REPORT_TEXTS.turn}</th>
            <th scope="col">{OWN_REPORT_TEXTS.share}</th>
          </tr>
        </thead>
        <tbody>
          {turn.map((n, index) => (
            <tr key={n}>
              <th scope="row">{n}</th>
              <td>{percent(share[index] ?? 0)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Grade({ grade }: { grade: NonNullable<StudentReport['grade']> }) {
  return (
    <section aria-labelledby="own-grade">
      <h3 id="own-grade">{OWN_REPORT_TEXTS.grade}</h3>
      <p>{grade.explanation}</p>
      <h4>{OWN_REPORT_TEXTS.found}</h4>
      <ul aria-label={OWN_REPORT_TEXTS.found}>
        {grade.found.map((element) => (
          <li key={element.id}>
            {element.label}
            {element.status === 'partly' ? ` ${OWN_REPORT_TEXTS.partly}` : ''}
          </li>
        ))}
      </ul>
      {grade.missed && (
        <>
          <h4>{OWN_REPORT_TEXTS.missed}</h4>
          <ul aria-label={OWN_REPORT_TEXTS.missed}>
            {grade.missed.map((element) => (
              <li key={element.id}>{element.label}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Interviewer({ interviewer }: { interviewer: StudentReport['interviewer'] }) {
  return (
    <section aria-labelledby="own-interviewer">
      <h3 id="own-interviewer">{OWN_REPORT_TEXTS.interviewer}</h3>
      <p>
        {interviewer.questions} questions ({interviewer.open} open, {interviewer.closed} closed),{' '}
        {interviewer.followUps} follow-ups, {interviewer.summaries} summaries
      </p>
      {interviewer.comments && interviewer.comments.length > 0 && (
        <>
          <h4>{OWN_REPORT_TEXTS.themes}</h4>
          <dl>
            {interviewer.comments.map((comment) => (
              <div key={comment.theme}>
                <dt>{INTERVIEW_THEME_LABELS[comment.theme]}</dt>
                <dd>{comment.comment}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
