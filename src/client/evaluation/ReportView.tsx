import type { EvaluationReport } from '@shared/schemas/evaluation';
import { CoverageChart } from './CoverageChart';
import { ElementList } from './ElementList';
import { percent, plural } from './format';
import { GameFigures, InterviewerFigures, LeakList, ReportSection, ScoreSummary } from './ReportSections';

/** The coverage in one sentence: the chart's text alternative, and the section's lead. */
export const coverageSummary = (report: EvaluationReport): string => {
  const { revealed, partly, total, ratio } = report.coverage;
  const partial = partly > 0 ? ` and ${partly} partly` : '';
  const half =
    report.halfTurn === null
      ? 'half of the solution was never reached'
      : `half of the solution was out by turn ${report.halfTurn}`;
  return `${revealed} of ${plural(total, 'element')} revealed (${percent(ratio)})${partial}, in ${plural(report.turns, 'reply', 'replies')} of the LEIA; ${half}.`;
};

/**
 * An elicitation report as the screens show it: the score and its explanation, coverage with its
 * chart, the element list, leaks, the interviewer's figures, and how it was measured.
 */
export function ReportView({ report }: { report: EvaluationReport }) {
  const summary = coverageSummary(report);
  return (
    <div className="report">
      <ReportSection title="Score">
        <ScoreSummary score={report.score} />
      </ReportSection>
      <ReportSection title="Coverage">
        <CoverageChart
          label="Solution revealed by turn"
          summary={summary}
          turns={report.curve.turn}
          series={[{ label: 'Revealed', values: report.curve.coverage }]}
        />
      </ReportSection>
      <ReportSection title="Solution elements">
        <ElementList elements={report.elements} />
      </ReportSection>
      <ReportSection title="Leaks">
        <LeakList report={report} />
      </ReportSection>
      {report.game ? (
        <ReportSection title="The game">
          <GameFigures game={report.game} />
        </ReportSection>
      ) : (
        <ReportSection title="The interviewer">
          <InterviewerFigures interviewer={report.interviewer} />
        </ReportSection>
      )}
      <ReportSection title="How this was measured">
        <ul className="report-notes">
          {report.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      </ReportSection>
    </div>
  );
}
