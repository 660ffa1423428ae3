import { ClassReportActor } from '@client/screens/ClassReport/actors';
import { ReportGrids } from '@client/screens/ClassReport/ReportGrid';
import { GRID_PAGE_SIZE } from '@machines/classReport/contract';
import { classReportMachine } from '@machines/classReport/machine';
import type { ClassReport, ClassRow } from '@shared/schemas/class-report';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { fromCallback, fromPromise } from 'xstate';

/** The grid of a class larger than a page: its students a page at a time, its counts the whole class's. */

const STUDENTS = 2 * GRID_PAGE_SIZE + 5;
const iso = '2026-01-01T10:00:00.000Z';
const ids = Array.from({ length: STUDENTS }, (_, i) => `s${i}`);
const rows = ids.map(
  (id, i): ClassRow => ({
    studentId: id,
    name: `Student ${i + 1}`,
    leia: { configId: 'c1', name: 'LEIA one' },
    joinedAt: iso,
    timeSpentSeconds: 60,
    turns: 1,
    elicited: 0,
    grade: null,
    gradedBy: null,
    handedIn: false,
    handedInAt: null,
    autoHandedIn: false,
  }),
);
// Only the last student asked about Room.
const report: ClassReport = {
  sessionId: 's1',
  builtAt: iso,
  rows,
  grids: [
    {
      configIds: ['c1'],
      solutionFormat: 'mermaid',
      students: ids,
      elements: [
        {
          id: 'class:Room',
          kind: 'class',
          label: 'Room',
          elicited: ids.map((_, i) => (i === STUDENTS - 1 ? 'revealed' : 'not')),
          handIn: ids.map(() => null),
          elicitedBy: 1,
          partlyBy: 0,
          inHandIns: 0,
          unasked: false,
          rarelyAsked: true,
        },
      ],
    },
  ],
  variants: [],
};

function renderGrid() {
  const logic = classReportMachine.provide({
    actors: {
      load: fromPromise(async () => ({ report, closed: true as boolean })),
      sessionEvents: fromCallback(() => {}),
    },
  });
  render(
    <ClassReportActor.Provider logic={logic} options={{ input: { sessionId: 's1' } }}>
      <ReportGrids />
    </ClassReportActor.Provider>,
  );
}

const grid = () => screen.getByRole('table', { name: 'Solution elements x students' });
const studentHeaders = () =>
  within(grid())
    .getAllByRole('columnheader')
    .map((header) => header.textContent)
    .filter((name) => name?.startsWith('Student'));

it("shows a large class's grid a page of students at a time, the counts over the whole class", async () => {
  renderGrid();
  await screen.findByRole('table', { name: 'Solution elements x students' });
  expect(studentHeaders()).toEqual(ids.slice(0, GRID_PAGE_SIZE).map((_, i) => `Student ${i + 1}`));
  const room = within(grid()).getByRole('row', { name: /Room/ });
  expect(room.textContent).toContain(`1/${STUDENTS}`);
  expect(within(room).queryByText('● asked')).toBeNull();
  const pages = screen.getByRole('combobox', { name: 'Students in the grid' });
  expect(
    within(pages)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual([
    `1–${GRID_PAGE_SIZE} of ${STUDENTS}`,
    `${GRID_PAGE_SIZE + 1}–${2 * GRID_PAGE_SIZE} of ${STUDENTS}`,
    `${2 * GRID_PAGE_SIZE + 1}–${STUDENTS} of ${STUDENTS}`,
  ]);
  fireEvent.change(pages, { target: { value: '2' } });
  expect(studentHeaders()).toEqual(
    ids.slice(2 * GRID_PAGE_SIZE).map((_, i) => `Student ${2 * GRID_PAGE_SIZE + i + 1}`),
  );
  const last = within(grid()).getByRole('row', { name: /Room/ });
  expect(within(last).getAllByText('● asked')).toHaveLength(1);
  expect(last.textContent).toContain(`1/${STUDENTS}`);
});
