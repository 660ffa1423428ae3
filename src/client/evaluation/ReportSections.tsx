import { INTERVIEW_THEME_LABELS } from '@shared/evaluation/themes';
import { EVALUATION_TEXTS, type EvaluationReport } from '@shared/schemas/evaluation';
import { type ReactNode, useId } from 'react';
import { percent, plural, points } from './format';

/** A titled part of a report. */
export function ReportSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="report-section" aria-labelledby={titleId}>
      <h3 className="report-section__title" id={titleId}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The 0-10 score and its explanation: the figures each part of it comes from. */
export function ScoreSummary({ score }: { score: EvaluationReport['score'] }) {
  return (
    <div className="report-score">
      <p className="report-score__value">
        <span className="report-score__number">{points(score.value)}</span>
        <span className="report-score__max"> / 10</span>
      </p>
      <p className="report-score__explanation">{score.explanation}</p>
    </div>
  );
}

/** Verbatim copies of the solution, and what came out without being asked for (with a model only). */
export function LeakList({ report }: { report: EvaluationReport }) {
  const { verbatim, unprompted } = report.leaks;
  const labels = new Map(report.elements.map((element) => [element.id, element.label]));
  return (
    <>
      {verbatim.length === 0 ? (
        <p>No reply repeats the solution word for word.</p>
      ) : (
        <ul className="report-leaks" aria-label="Verbatim leaks">
          {verbatim.map((leak) => (
            <li key={`${leak.turn}-${leak.excerpt}`}>
              Turn {leak.turn}: {leak.kind === 'lines' ? 'lines' : plural(leak.words, 'word')} of the
              solution, <q>{leak.excerpt}</q>
            </li>
          ))}
        </ul>
      )}
      {unprompted === null ? (
        <p className="report-note">{EVALUATION_TEXTS.unpromptedOffline}</p>
      ) : unprompted.length === 0 ? (
        <p>Nothing was revealed unprompted.</p>
      ) : (
        <p>Revealed unprompted: {unprompted.map((id) => labels.get(id) ?? id).join(', ')}.</p>
      )}
    </>
  );
}

/** A game's side: the secret found or not, the questions it took, the guesses wasted. */
export function GameFigures({ game }: { game: NonNullable<EvaluationReport['game']> }) {
  const figures: [string, string][] = [
    ['Secret guessed', game.guessed ? `Yes, with question ${game.guessedAt}` : 'No'],
    ['Questions used', game.limit === null ? String(game.questions) : `${game.questions} of ${game.limit}`],
    ['Guesses', String(game.guesses)],
    ['Guesses wasted', String(game.wastedGuesses)],
    ['Given away without a guess', game.givenAway ? 'Yes' : 'No'],
  ];
  return <FigureList figures={figures} />;
}

/** Figures as a description list: term, value. */
function FigureList({ figures }: { figures: readonly [string, string][] }) {
  return (
    <dl className="report-figures">
      {figures.map(([term, value]) => (
        <div key={term} className="report-figures__item">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The interviewer's side: how many questions, how open, follow-ups, summaries, and comments. */
export function InterviewerFigures({ interviewer }: { interviewer: EvaluationReport['interviewer'] }) {
  const figures: [string, string][] = [
    ['Messages', String(interviewer.messages)],
    ['Questions asked', String(interviewer.questions)],
    [
      'Open questions',
      interviewer.openShare === null
        ? 'no questions asked'
        : `${interviewer.open} (${percent(interviewer.openShare)} of open and closed)`,
    ],
    ['Closed questions', String(interviewer.closed)],
    ['Follow-ups', String(interviewer.followUps)],
    ['Summaries', String(interviewer.summaries)],
  ];
  return (
    <>
      <FigureList figures={figures} />
      {interviewer.comments === null ? (
        <p className="report-note">{EVALUATION_TEXTS.themesOffline}</p>
      ) : interviewer.comments.length === 0 ? (
        <p>The model had no comments on the interview.</p>
      ) : (
        <ul className="report-comments" aria-label="Comments on the interview">
          {interviewer.comments.map((comment) => (
            <li key={`${comment.theme}-${comment.comment}`}>
              <strong>{INTERVIEW_THEME_LABELS[comment.theme]}:</strong> {comment.comment}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
