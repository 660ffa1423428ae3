import { useTheme } from '@client/theme';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { percent } from './format';

/** One line of a coverage chart: the share of the solution revealed after each turn (0 to 1). */
export interface ChartSeries {
  label: string;
  values: readonly number[];
}

/** The series' colours, in order, and the axes', as design tokens (tokens.css). */
const SERIES_TOKENS = [
  '--color-accent',
  '--tone-green-fg',
  '--tone-red-fg',
  '--tone-yellow-fg',
  '--tone-blue-fg',
];
const AXIS_TOKEN = '--color-text-muted';
const GRID_TOKEN = '--color-border';
const HEIGHT = 220;

/**
 * Canvas needs real colours, and the tokens are light-dark() pairs: a hidden probe inside the
 * chart takes each token as its colour and the browser resolves it for the theme in effect.
 */
function resolveTokens(host: HTMLElement, tokens: readonly string[]): string[] {
  const probe = document.createElement('span');
  probe.hidden = true;
  host.append(probe);
  const colours = tokens.map((token) => {
    probe.style.color = `var(${token})`;
    return getComputedStyle(probe).color;
  });
  probe.remove();
  return colours;
}

/** Whether this browser can draw on a canvas at all (not, for instance, a DOM without layout). */
const canDraw = () => {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
};

export interface CoverageChartImplProps {
  turns: readonly number[];
  series: readonly ChartSeries[];
}

/** The uPlot chart itself (its own chunk); redrawn when the theme or the data change. */
export default function CoverageChartImpl({ turns, series }: CoverageChartImplProps) {
  const host = useRef<HTMLDivElement>(null);
  const theme = useTheme();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the colours come from the page's styles, which the theme changes
  useEffect(() => {
    const element = host.current;
    if (!element || !canDraw()) return;
    const [axis, grid, ...colours] = resolveTokens(element, [AXIS_TOKEN, GRID_TOKEN, ...SERIES_TOKENS]);
    const axisStyle = { stroke: axis, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const chart = new uPlot(
      {
        width: element.clientWidth || 480,
        height: HEIGHT,
        scales: { x: { time: false }, y: { range: [0, 1] } },
        cursor: { drag: { x: false, y: false } },
        legend: { show: series.length > 1, live: false },
        axes: [
          { ...axisStyle, label: 'Turn', incrs: [1, 2, 5, 10, 20] },
          { ...axisStyle, label: 'Revealed', values: (_, ticks) => ticks.map(percent), size: 56 },
        ],
        series: [
          { label: 'Turn' },
          ...series.map((line, index) => ({
            label: line.label,
            stroke: colours[index % colours.length],
            width: 2,
            points: { show: turns.length <= 40 },
            value: (_: uPlot, value: number | null) => (value === null ? '-' : percent(value)),
          })),
        ],
      },
      [[...turns], ...series.map((line) => [...line.values])],
      element,
    );
    const resize = new ResizeObserver(() => {
      if (element.clientWidth > 0) chart.setSize({ width: element.clientWidth, height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [turns, series, theme]);

  return <div ref={host} className="coverage-chart__canvas" aria-hidden="true" />;
}
