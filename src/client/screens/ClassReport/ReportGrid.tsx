import { Table, TBody, Td, THead, Th, Tr } from '@client/components';
import type { ClassGrid, GridRow } from '@shared/schemas/class-report';
import { ClassReportActor } from './actors';

/** A cell's two facts as text and symbols (never by colour alone): conversation, then hand-in. */
const CONVERSATION = { revealed: '● asked', partly: '◐ partly', not: '○ not asked' } as const;
const HAND_IN = {
  present: '✓ in hand-in',
  partly: '~ partly in hand-in',
  missing: '✗ not in hand-in',
} as const;

function cellText(row: GridRow, index: number) {
  const asked = row.elicited[index];
  const handIn = row.handIn[index];
  return {
    asked:
      asked === 'revealed'
        ? CONVERSATION.revealed
        : asked === 'partly'
          ? CONVERSATION.partly
          : CONVERSATION.not,
    handIn: handIn ? HAND_IN[handIn] : '— no graded hand-in',
  };
}

/** The solution's elements x the students: what each conversation elicited and each hand-in has. */
export function ReportGrids() {
  const grids = ClassReportActor.useSelector((s) => s.context.report?.grids ?? []);
  const names = ClassReportActor.useSelector((s) => s.context.report?.rows ?? []);
  if (grids.length === 0) return null;
  const nameOf = (id: string) => names.find((row) => row.studentId === id)?.name ?? id;
  return (
    <section className="class-report__section" aria-labelledby="class-report-grid">
      <h2 id="class-report-grid">Solution elements x students</h2>
      <p className="class-report__legend">
        Conversation: {CONVERSATION.revealed}, {CONVERSATION.partly}, {CONVERSATION.not}. Hand-in:{' '}
        {HAND_IN.present}, {HAND_IN.partly}, {HAND_IN.missing}. Elements nobody asked about are marked “Nobody
        asked”.
      </p>
      {grids.map((grid) => (
        <Grid key={grid.configIds.join(',')} grid={grid} nameOf={nameOf} />
      ))}
    </section>
  );
}

function Grid({ grid, nameOf }: { grid: ClassGrid; nameOf: (id: string) => string }) {
  return (
    <div className="class-report__grid">
      <Table label="Solution elements x students">
        <THead>
          <Tr>
            <Th>Element</Th>
            {grid.students.map((id) => (
              <Th key={id}>{nameOf(id)}</Th>
            ))}
            <Th align="center">Asked by</Th>
          </Tr>
        </THead>
        <TBody>
          {grid.elements.map((row) => (
            <Tr
              key={row.id}
              data-element={row.label}
              className={
                row.unasked ? 'class-report__unasked' : row.rarelyAsked ? 'class-report__rare' : undefined
              }
            >
              <Th scope="row">
                {row.label}
                {row.unasked && <strong className="class-report__flag"> Nobody asked</strong>}
                {!row.unasked && row.rarelyAsked && <span className="class-report__flag"> Rarely asked</span>}
              </Th>
              {grid.students.map((id, index) => {
                const cell = cellText(row, index);
                return (
                  <Td key={id} className="class-report__cell">
                    <span>{cell.asked}</span>
                    <span>{cell.handIn}</span>
                  </Td>
                );
              })}
              <Td align="center">
                {row.elicitedBy + row.partlyBy}/{grid.students.length}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
