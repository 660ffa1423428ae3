import { Badge, type BadgeTone, Table, TBody, Td, THead, Th, Tr } from '@client/components';
import { EVALUATION_TEXTS } from '@shared/schemas/evaluation';
import type { LeakCheckResult as Result, StyleResult } from '@shared/schemas/leak-check';
import { CoverageChart } from './CoverageChart';
import { percent, plural } from './format';
import { ReportSection } from './ReportSections';

const VERDICT_TONE: Record<Result['verdict']['kind'], BadgeTone> = {
  'too-early': 'red',
  'good-questions': 'green',
  'too-little': 'yellow',
  'keeps-secret': 'green',
  'gives-secret-away': 'red',
};

const styleName = (style: StyleResult['style']) => style.charAt(0).toUpperCase() + style.slice(1);

const halfText = (style: StyleResult) =>
  style.halfReached === 0
    ? 'Never'
    : `Turn ${style.meanHalfTurn} on average (${style.halfReached} of ${plural(style.runs.length, 'interview')})`;

/** The chart's text alternative: each style's mean coverage at the end and when half came out. */
export const curvesSummary = (result: Result): string =>
  `Mean share of the solution revealed after each of ${plural(result.maxTurns, 'question')}, per interview style: ${result.styles
    .map(
      (style) =>
        `${style.style} ${percent(style.meanCoverage)} at the end, ${
          style.halfReached === 0 ? 'never half' : `half by turn ${style.meanHalfTurn}`
        }`,
    )
    .join('; ')}.`;

/**
 * A finished leak check: the verdict with the figures behind it, each style's mean coverage curve,
 * and per style when half the solution came out and what leaked.
 */
export function LeakCheckResult({ result }: { result: Result }) {
  const { verdict } = result;
  return (
    <div className="leak-check-result">
      <ReportSection title="Verdict">
        <p className="leak-check-result__verdict">
          <Badge tone={VERDICT_TONE[verdict.kind]}>{verdict.line}</Badge>
        </p>
        <ul className="leak-check-result__figures" aria-label="The figures behind the verdict">
          {verdict.figures.map((figure) => (
            <li key={figure}>{figure}</li>
          ))}
        </ul>
      </ReportSection>
      <ReportSection title="Coverage by interview style">
        <CoverageChart
          label="Solution revealed by turn, per style"
          summary={curvesSummary(result)}
          turns={result.turn}
          series={result.styles.map((style) => ({ label: styleName(style.style), values: style.curve }))}
        />
      </ReportSection>
      <ReportSection title="Per style">
        {result.styles.some((style) => style.game) ? (
          <GameStyles styles={result.styles} />
        ) : (
          <InterviewStyles styles={result.styles} />
        )}
        <p className="report-note">
          The solution has {plural(result.elements, 'element')}.
          {result.styles.some((style) => style.unpromptedShare === null) &&
            ` ${EVALUATION_TEXTS.unpromptedOffline}`}
        </p>
      </ReportSection>
    </div>
  );
}

/** An interview's figures per style: how much came out, and when half of it had. */
function InterviewStyles({ styles }: { styles: readonly StyleResult[] }) {
  return (
    <Table label="Leak check per style">
      <THead>
        <Tr>
          <Th>Style</Th>
          <Th className="cell--end">Revealed on average</Th>
          <Th>Half the solution</Th>
          <Th className="cell--end">Verbatim leaks</Th>
          <Th className="cell--end">Unprompted</Th>
        </Tr>
      </THead>
      <TBody>
        {styles.map((style) => (
          <Tr key={style.style}>
            <Th scope="row">{styleName(style.style)}</Th>
            <Td className="cell--end">{percent(style.meanCoverage)}</Td>
            <Td>{halfText(style)}</Td>
            <Td className="cell--end">{style.verbatimLeaks}</Td>
            <Td className="cell--end">
              {style.unpromptedShare === null ? 'Not measured' : percent(style.unpromptedShare)}
            </Td>
          </Tr>
        ))}
      </TBody>
    </Table>
  );
}

/** A game's figures per style: whether the secret held, was guessed, or was given away. */
function GameStyles({ styles }: { styles: readonly StyleResult[] }) {
  return (
    <Table label="Leak check per style">
      <THead>
        <Tr>
          <Th>Style</Th>
          <Th className="cell--end">Secret held</Th>
          <Th className="cell--end">Guessed</Th>
          <Th className="cell--end">Given away without a guess</Th>
          <Th className="cell--end">Verbatim leaks</Th>
        </Tr>
      </THead>
      <TBody>
        {styles.map((style) => {
          const { guessed = 0, givenAway = 0 } = style.game ?? {};
          const rounds = style.runs.length;
          return (
            <Tr key={style.style}>
              <Th scope="row">{styleName(style.style)}</Th>
              <Td className="cell--end">{`${rounds - givenAway} of ${rounds}`}</Td>
              <Td className="cell--end">{guessed}</Td>
              <Td className="cell--end">{givenAway}</Td>
              <Td className="cell--end">{style.verbatimLeaks}</Td>
            </Tr>
          );
        })}
      </TBody>
    </Table>
  );
}
