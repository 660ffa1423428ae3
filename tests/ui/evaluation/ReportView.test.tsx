import { coverageSummary, ReportView } from '@client/evaluation/ReportView';
import { EVALUATION_TEXTS, type EvaluationReport } from '@shared/schemas/evaluation';
import { render, screen, within } from '@testing-library/react';
import { CONVERSATION, chat, sampleReport } from '../../support/evaluation';

// jsdom cannot draw: the canvas part of the chart (its own chunk) is replaced by what it was given.
vi.mock('@client/evaluation/CoverageChartImpl', () => ({
  default: ({ turns, series }: { turns: number[]; series: { label: string; values: number[] }[] }) => (
    <div data-testid="chart-canvas" data-turns={turns.join(',')} data-series={JSON.stringify(series)} />
  ),
}));

const section = (name: string) => within(screen.getByRole('region', { name }));

describe('the elicitation report', () => {
  const report = sampleReport();

  it('shows the score with its explanation', () => {
    render(<ReportView report={report} />);
    const score = section('Score');
    expect(score.getByText(String(report.score.value))).toBeInTheDocument();
    expect(score.getByText(report.score.explanation)).toBeInTheDocument();
  });

  it('shows coverage with a chart of the curve and its text alternative: a summary line and a table', async () => {
    render(<ReportView report={report} />);
    const figure = section('Coverage').getByRole('figure', { name: 'Solution revealed by turn' });
    expect(figure).toHaveAccessibleDescription(coverageSummary(report));
    expect(coverageSummary(report)).toBe(
      '5 of 7 elements revealed (71%) and 2 partly, in 3 replies of the LEIA; half of the solution was out by turn 3.',
    );
    const canvas = await within(figure).findByTestId('chart-canvas');
    expect(canvas).toHaveAttribute('data-turns', '0,1,2,3');
    expect(JSON.parse(canvas.getAttribute('data-series')!)).toEqual([
      { label: 'Revealed', values: report.curve.coverage },
    ]);
    const table = within(figure).getByRole('table', { name: 'Solution revealed by turn' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(
      report.curve.turn.map((turn, index) => `${turn}${Math.round(report.curve.coverage[index]! * 100)}%`),
    );
  });

  it('lists every element with its status, first-reveal turn and evidence', () => {
    // Two questions only: the tickets come out, the rest does not.
    const early = sampleReport(CONVERSATION.slice(0, 4));
    render(<ReportView report={early} />);
    const table = section('Solution elements').getByRole('table', { name: 'Solution elements' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(early.elements.length);
    const ticket = rows.find((row) => within(row).queryByText('Ticket'))!;
    expect(ticket).toHaveTextContent('Revealed');
    expect(ticket).toHaveTextContent('Turn 2');
    expect(within(ticket).getByText('We sell tickets for concerts.').tagName).toBe('Q');
    const never = early.elements.find((element) => element.status === 'not')!;
    const neverRow = rows[early.elements.indexOf(never)]!;
    expect(neverRow).toHaveTextContent('Not revealed');
    expect(neverRow).toHaveTextContent('Never');
  });

  it('offline: no verbatim leak, and says what only a model measures', () => {
    render(<ReportView report={report} />);
    const leaks = section('Leaks');
    expect(leaks.getByText('No reply repeats the solution word for word.')).toBeInTheDocument();
    expect(leaks.getByText(EVALUATION_TEXTS.unpromptedOffline)).toBeInTheDocument();
    expect(section('The interviewer').getByText(EVALUATION_TEXTS.themesOffline)).toBeInTheDocument();
  });

  it('shows a verbatim leak with its turn and the words copied', () => {
    const leaky = sampleReport([
      ...CONVERSATION,
      ...chat([
        'How are zones and tickets linked?',
        'Venue "1" *-- "1..*" SeatingZone : has\nTicket "0..*" --> "1" SeatingZone : for',
      ]),
    ]);
    expect(leaky.leaks.verbatim.length).toBeGreaterThan(0);
    render(<ReportView report={leaky} />);
    const list = section('Leaks').getByRole('list', { name: 'Verbatim leaks' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/^Turn 4: /);
  });

  it("shows the interviewer's figures and how the report was measured", () => {
    render(<ReportView report={report} />);
    const interviewer = section('The interviewer');
    const figure = (term: string) => interviewer.getByText(term).nextElementSibling?.textContent;
    expect(figure('Questions asked')).toBe(String(report.interviewer.questions));
    expect(figure('Follow-ups')).toBe(String(report.interviewer.followUps));
    expect(figure('Summaries')).toBe(String(report.interviewer.summaries));
    const notes = section('How this was measured').getAllByRole('listitem');
    expect(notes.map((note) => note.textContent)).toEqual(report.notes);
    expect(report.notes[0]).toMatch(/^Offline matching/);
  });

  it("a judged report: unprompted reveals by name, and the model's comments under their themes", () => {
    const first = report.elements.find((element) => element.status === 'revealed')!;
    const judged: EvaluationReport = {
      ...report,
      method: 'judge',
      model: 'test-model',
      elements: report.elements.map((element) =>
        element.id === first.id ? { ...element, unprompted: true } : { ...element, unprompted: false },
      ),
      leaks: { ...report.leaks, unprompted: [first.id] },
      interviewer: {
        ...report.interviewer,
        comments: [{ theme: 'question-formulation', comment: 'Many closed questions early on.' }],
      },
      notes: [EVALUATION_TEXTS.judgeMethod('test-model')],
    };
    render(<ReportView report={judged} />);
    expect(section('Leaks').getByText(`Revealed unprompted: ${first.label}.`)).toBeInTheDocument();
    expect(section('Solution elements').getAllByText('Unprompted')).toHaveLength(1);
    expect(section('The interviewer').getByRole('listitem')).toHaveTextContent(
      'Question formulation: Many closed questions early on.',
    );
  });
});
