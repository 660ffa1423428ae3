import { ActionButton } from '@client/actions/ActionButton';
import { Table, TBody, Td, THead, Th, Tr } from '@client/components';
import { overrideGrade } from '@machines/classReport/actions';
import { SORT_COLUMNS, type SortColumn } from '@machines/classReport/contract';
import { durationText, gradeText, percent, sortedRows } from '@machines/classReport/selectors';
import type { ClassRow } from '@shared/schemas/class-report';
import { ClassReportActor } from './actors';

const LABELS: Record<SortColumn, string> = {
  name: 'Student',
  leia: 'LEIA',
  time: 'Time spent',
  turns: 'Turns',
  elicited: 'Share elicited',
  grade: 'Grade',
  gradedBy: 'Graded by',
  handedIn: 'Handed in',
};

const graderText = (row: ClassRow) =>
  row.gradedBy === 'instructor'
    ? `Instructor${row.gradedByName ? ` (${row.gradedByName})` : ''}`
    : row.gradedBy === 'judge'
      ? 'Judge model'
      : row.gradedBy === 'offline'
        ? 'Offline'
        : '—';

/** One row per student; each header sorts by its column (a button, with aria-sort on the header). */
export function ReportTable() {
  const actor = ClassReportActor.useActorRef();
  const rows = ClassReportActor.useSelector(sortedRows);
  const sort = ClassReportActor.useSelector((s) => s.context.sort);
  return (
    <div className="class-report__table">
      <Table label="Students">
        <THead>
          <Tr>
            {SORT_COLUMNS.map((column) => (
              <Th key={column} aria-sort={sort.column === column ? sort.direction : 'none'}>
                <button
                  type="button"
                  className="class-report__sort"
                  onClick={() => actor.send({ type: 'sort.by', column })}
                >
                  {LABELS[column]}
                  <span aria-hidden="true">
                    {sort.column === column ? (sort.direction === 'ascending' ? ' ▲' : ' ▼') : ''}
                  </span>
                </button>
              </Th>
            ))}
            <Th>Actions</Th>
          </Tr>
        </THead>
        <TBody>
          {rows.map((row) => (
            <Tr key={row.studentId} data-student-id={row.studentId}>
              <Th scope="row">
                <button
                  type="button"
                  className="class-report__student"
                  aria-haspopup="dialog"
                  onClick={() => actor.send({ type: 'student.open', studentId: row.studentId })}
                >
                  {row.name}
                </button>
                {row.email && <span className="class-report__email">{row.email}</span>}
              </Th>
              <Td>{row.leia.name}</Td>
              <Td>{durationText(row.timeSpentSeconds)}</Td>
              <Td align="center">{row.turns}</Td>
              <Td align="center">{percent(row.elicited)}</Td>
              <Td align="center" data-column="grade">
                {gradeText(row.grade)}
              </Td>
              <Td data-column="graded-by">{graderText(row)}</Td>
              <Td>{row.handedIn ? (row.autoHandedIn ? 'Yes (at the end)' : 'Yes') : 'No'}</Td>
              <Td>
                <ActionButton
                  flow={actor}
                  action={overrideGrade}
                  target={row}
                  size="sm"
                  aria-label={`Override grade of ${row.name}`}
                />
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
