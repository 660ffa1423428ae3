import { Table, TBody, Td, THead, Th, Tr } from '@client/components';
import { lazy, Suspense, useId } from 'react';
import type { ChartSeries } from './CoverageChartImpl';
import { percent } from './format';

export interface CoverageChartProps {
  /** The x axis: turn numbers, from 0. */
  turns: readonly number[];
  series: readonly ChartSeries[];
  /** The chart's name, and the caption of its table. */
  label: string;
  /** One sentence that says what the chart shows (its text alternative, with the table). */
  summary: string;
}

// uPlot is only needed once a chart is shown: its own chunk, as the code editors are.
const Impl = lazy(() => import('./CoverageChartImpl'));

/**
 * Coverage over turns, drawn with uPlot in the design tokens' colours (light and dark). The
 * canvas is decoration for those who can see it: the summary line and the table below it (open
 * on request) say the same in text.
 */
export function CoverageChart({ turns, series, label, summary }: CoverageChartProps) {
  const summaryId = useId();
  return (
    <figure className="coverage-chart" aria-label={label} aria-describedby={summaryId}>
      <Suspense fallback={<div className="coverage-chart__canvas coverage-chart__canvas--loading" />}>
        <Impl turns={turns} series={series} />
      </Suspense>
      <figcaption id={summaryId} className="coverage-chart__summary">
        {summary}
      </figcaption>
      <details className="coverage-chart__data">
        <summary>Show the figures as a table</summary>
        <Table label={label}>
          <THead>
            <Tr>
              <Th>Turn</Th>
              {series.map((line) => (
                <Th key={line.label} className="cell--end">
                  {line.label}
                </Th>
              ))}
            </Tr>
          </THead>
          <TBody>
            {turns.map((turn, index) => (
              <Tr key={turn}>
                <Th scope="row">{turn}</Th>
                {series.map((line) => (
                  <Td key={line.label} className="cell--end">
                    {percent(line.values[index] ?? 0)}
                  </Td>
                ))}
              </Tr>
            ))}
          </TBody>
        </Table>
      </details>
    </figure>
  );
}
