import { Table, TBody, Td, THead, Th, Tr } from '@client/components';
import { CoverageChart } from '@client/evaluation/CoverageChart';
import { gradeText, percent } from '@machines/classReport/selectors';
import type { Variant } from '@shared/schemas/class-report';
import { ClassReportActor } from './actors';

const spreadText = (spread: Variant['gradeSpread'], format: (value: number) => string) =>
  spread ? `sd ${format(spread.sd)}, ${format(spread.min)}–${format(spread.max)}` : '—';

/** The curves on one x axis: a shorter curve stays at its last value (as the server's mean does). */
function chartData(variants: readonly Variant[]) {
  const last = Math.max(0, ...variants.map((v) => v.curve.turn.length - 1));
  const turns = Array.from({ length: last + 1 }, (_, turn) => turn);
  const series = variants.map((v) => ({
    label: v.leia.name,
    values: turns.map((turn) => v.curve.share[Math.min(turn, v.curve.share.length - 1)] ?? 0),
  }));
  return { turns, series };
}

/** The LEIA variants side by side, and each one's share elicited by turn (uPlot). */
export function Variants() {
  const variants = ClassReportActor.useSelector((s) => s.context.report?.variants ?? []);
  if (variants.length === 0) return null;
  const { turns, series } = chartData(variants);
  return (
    <section className="class-report__section" aria-labelledby="class-report-variants">
      <h2 id="class-report-variants">LEIA variants</h2>
      <Table label="LEIA variants">
        <THead>
          <Tr>
            <Th>LEIA</Th>
            <Th align="center">Students</Th>
            <Th align="center">Handed in</Th>
            <Th align="center">Mean share elicited</Th>
            <Th>Spread of share</Th>
            <Th align="center">Mean grade</Th>
            <Th>Spread of grade</Th>
          </Tr>
        </THead>
        <TBody>
          {variants.map((v) => (
            <Tr key={v.leia.configId} data-variant={v.leia.name}>
              <Th scope="row">{v.leia.name}</Th>
              <Td align="center">{v.students}</Td>
              <Td align="center">{v.handedIn}</Td>
              <Td align="center">{percent(v.meanElicited)}</Td>
              <Td>{spreadText(v.elicitedSpread, percent)}</Td>
              <Td align="center">{gradeText(v.meanGrade)}</Td>
              <Td>{spreadText(v.gradeSpread, gradeText)}</Td>
            </Tr>
          ))}
        </TBody>
      </Table>
      <CoverageChart
        turns={turns}
        series={series}
        label="Share elicited by turn, per LEIA variant"
        summary={variants
          .map(
            (v) =>
              `${v.leia.name}: ${percent(v.curve.share.at(-1) ?? 0)} after ${v.curve.turn.length - 1} turns`,
          )
          .join('; ')}
      />
    </section>
  );
}
