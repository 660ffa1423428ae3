import { Select, Table, TBody, THead, Th, Tr } from '@client/components';
import { GRID_PAGE_SIZE } from '@machines/classReport/contract';
import { gridKey, gridPageCount, gridPageOf } from '@machines/classReport/selectors';
import type { ClassGrid, GridRow } from '@shared/schemas/class-report';
import { memo, useMemo } from 'react';
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
  const grids = ClassReportActor.useSelector((s) => s.context.report?.grids);
  const rows = ClassReportActor.useSelector((s) => s.context.report?.rows);
  const names = useMemo(() => new Map(rows?.map((row) => [row.studentId, row.name])), [rows]);
  if (!grids || grids.length === 0) return null;
  return (
    <section className="class-report__section" aria-labelledby="class-report-grid">
      <h2 id="class-report-grid">Solution elements x students</h2>
      <p className="class-report__legend">
        Conversation: {CONVERSATION.revealed}, {CONVERSATION.partly}, {CONVERSATION.not}. Hand-in:{' '}
        {HAND_IN.present}, {HAND_IN.partly}, {HAND_IN.missing}. Elements nobody asked about are marked “Nobody
        asked”.
      </p>
      {grids.map((grid) => (
        <Grid key={gridKey(grid)} grid={grid} names={names} />
      ))}
    </section>
  );
}

/** The grid's page of students, GRID_PAGE_SIZE at a time; the counts are the whole class's. */
function Grid({ grid, names }: { grid: ClassGrid; names: ReadonlyMap<string, string> }) {
  const page = ClassReportActor.useSelector((s) => gridPageOf(s, grid));
  const first = page * GRID_PAGE_SIZE;
  const shown = useMemo(() => grid.students.slice(first, first + GRID_PAGE_SIZE), [grid.students, first]);
  return (
    <div className="class-report__grid">
      <GridPager grid={grid} page={page} />
      <Table label="Solution elements x students">
        <THead>
          <Tr>
            <Th>Element</Th>
            {shown.map((id) => (
              <Th key={id}>{names.get(id) ?? id}</Th>
            ))}
            <Th align="center">Asked by</Th>
          </Tr>
        </THead>
        <TBody>
          {grid.elements.map((row) => (
            <GridLine key={row.id} row={row} students={shown} first={first} total={grid.students.length} />
          ))}
        </TBody>
      </Table>
    </div>
  );
}

/** Which students the grid shows, when there are more than a page of them. */
function GridPager({ grid, page }: { grid: ClassGrid; page: number }) {
  const actor = ClassReportActor.useActorRef();
  const pages = gridPageCount(grid);
  if (pages === 1) return null;
  const total = grid.students.length;
  const options = Array.from({ length: pages }, (_, index) => ({
    value: String(index),
    label: `${index * GRID_PAGE_SIZE + 1}–${Math.min(total, (index + 1) * GRID_PAGE_SIZE)} of ${total}`,
  }));
  return (
    <Select
      className="class-report__pager"
      label="Students in the grid"
      options={options}
      value={String(page)}
      onChange={(event) =>
        actor.send({ type: 'grid.page', grid: gridKey(grid), page: Number(event.target.value) })
      }
    />
  );
}

/** One element's row: its cells for the students shown, the count over all. Kept while its data is. */
const GridLine = memo(function GridLine({
  row,
  students,
  first,
  total,
}: {
  row: GridRow;
  students: readonly string[];
  first: number;
  total: number;
}) {
  return (
    <tr
      data-element={row.label}
      className={row.unasked ? 'class-report__unasked' : row.rarelyAsked ? 'class-report__rare' : undefined}
    >
      <th scope="row">
        {row.label}
        {row.unasked && <strong className="class-report__flag"> Nobody asked</strong>}
        {!row.unasked && row.rarelyAsked && <span className="class-report__flag"> Rarely asked</span>}
      </th>
      {students.map((id, index) => {
        const cell = cellText(row, first + index);
        return (
          <td key={id} className="class-report__cell">
            <span>{cell.asked}</span>
            <span>{cell.handIn}</span>
          </td>
        );
      })}
      <td className="cell--center">
        {row.elicitedBy + row.partlyBy}/{total}
      </td>
    </tr>
  );
});
