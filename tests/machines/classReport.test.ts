import { reasonOf } from '@machines/action';
import {
  DELETE_CLOSED_FIRST,
  deleteClassData,
  EXPORTS,
  overrideGrade,
  refreshReport,
} from '@machines/classReport/actions';
import { GRID_PAGE_SIZE } from '@machines/classReport/contract';
import {
  classReportMachine,
  type DownloadedFile,
  LIVE_RELOAD_MS,
  parseOverride,
  REPORT_TEXTS,
  type ReportEvent,
  type ReportIo,
} from '@machines/classReport/machine';
import {
  gridKey,
  gridPageCount,
  gridPageOf,
  isDeleteOpen,
  isOverrideOpen,
  isStudentOpen,
  reportFace,
  sortedRows,
} from '@machines/classReport/selectors';
import type { ClassGrid, ClassReport, ClassRow } from '@shared/schemas/class-report';
import { GRADING_TEXTS } from '@shared/schemas/grading';
import { createActor, fromCallback, fromPromise } from 'xstate';

/** The class report's flows: load, sort, export, override (and withdraw), delete the class data. */

const iso = '2026-01-01T10:00:00.000Z';
const row = (id: string, name: string, over: Partial<ClassRow> = {}): ClassRow => ({
  studentId: id,
  name,
  leia: { configId: 'c1', name: 'LEIA one' },
  joinedAt: iso,
  timeSpentSeconds: 60,
  turns: 3,
  elicited: 0.5,
  grade: 5,
  gradedBy: 'offline',
  handedIn: true,
  handedInAt: iso,
  autoHandedIn: false,
  ...over,
});
const report = (rows: ClassRow[]): ClassReport => ({
  sessionId: 's1',
  builtAt: iso,
  rows,
  grids: [],
  variants: [],
});
const ROWS = [
  row('a', 'Bea', { grade: 7.5 }),
  row('b', 'alan', { grade: 2 }),
  row('c', 'Cid', { grade: null, gradedBy: null }),
];
const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

function start(
  options: { closed?: boolean; failLoad?: boolean; failOverride?: boolean; failStudent?: number } = {},
) {
  let studentFailures = options.failStudent ?? 0;
  const subscriptions: { sessionId: string; open: boolean }[] = [];
  let live = () => {};
  const calls: { name: string; input: unknown }[] = [];
  const downloads: DownloadedFile[] = [];
  const notes: string[] = [];
  let current = report(ROWS);
  let failures = options.failLoad ? 1 : 0;
  const io = <K extends keyof ReportIo>(
    name: K,
    answer: (input: ReportIo[K]['input']) => ReportIo[K]['output'],
  ) =>
    fromPromise<ReportIo[K]['output'], ReportIo[K]['input']>(async ({ input }) => {
      calls.push({ name, input });
      return answer(input);
    });
  const logic = classReportMachine.provide({
    actors: {
      load: io('load', () => {
        if (failures-- > 0) throw { status: 404, message: 'Not found' };
        return { report: current, closed: options.closed ?? false };
      }),
      exportFile: io('exportFile', ({ file }) => ({
        fileName: file,
        content: `content of ${file}`,
        type: 'text/csv',
      })),
      override: io('override', ({ studentId, grade }) => {
        if (options.failOverride) throw { status: 500, message: 'Database down' };
        current = report(
          current.rows.map((r) => (r.studentId === studentId ? { ...r, grade, gradedBy: 'instructor' } : r)),
        );
        return {};
      }),
      withdraw: io('withdraw', ({ studentId }) => {
        current = report(
          current.rows.map((r) =>
            r.studentId === studentId ? { ...r, grade: 7.5, gradedBy: 'offline' } : r,
          ),
        );
        return {};
      }),
      deleteData: io('deleteData', ({ students }) => {
        current = report([]);
        return { deleted: students };
      }),
      sessionEvents: fromCallback<ReportEvent, { sessionId: string; open: boolean }>(
        ({ input, sendBack }) => {
          subscriptions.push(input);
          live = () => sendBack({ type: 'live.changed' });
        },
      ),
      loadStudent: io('loadStudent', ({ studentId }) => {
        if (studentFailures-- > 0) throw { status: 500, message: 'Database down' };
        return {
          student: { studentId } as never,
          conversation: [{ text: 'What happens first?', timestamp: iso, isLeia: false }],
          draft: 'draft',
          handIn: `hand-in of ${studentId}`,
        };
      }),
    },
    actions: {
      download: (_, { file }) => downloads.push(file),
      notify: (_, { message }) => notes.push(message),
    },
  });
  const actor = createActor(logic, { input: { sessionId: 's1' } }).start();
  return { actor, calls, downloads, notes, subscriptions, changed: () => live() };
}

describe('classReport machine', () => {
  it('keeps the sorted rows while nothing they depend on changes', async () => {
    const { actor } = start();
    await flush();
    const first = sortedRows(actor.getSnapshot());
    actor.send({ type: 'override.open', studentId: 'a' });
    expect(sortedRows(actor.getSnapshot())).toBe(first);
    actor.send({ type: 'sort.by', column: 'grade' });
    expect(sortedRows(actor.getSnapshot())).not.toBe(first);
  });

  it("pages a grid's students, each grid on its own, never past its last page", async () => {
    const { actor } = start();
    await flush();
    const grid = (configIds: string[], students: number): ClassGrid => ({
      configIds,
      solutionFormat: 'mermaid',
      students: Array.from({ length: students }, (_, i) => `s${i}`),
      elements: [],
    });
    const big = grid(['c1', 'c2'], 2 * GRID_PAGE_SIZE + 1);
    const small = grid(['c3'], 3);
    expect([gridPageCount(big), gridPageCount(small)]).toEqual([3, 1]);
    expect(gridPageOf(actor.getSnapshot(), big)).toBe(0);
    actor.send({ type: 'grid.page', grid: gridKey(big), page: 2 });
    expect([gridPageOf(actor.getSnapshot(), big), gridPageOf(actor.getSnapshot(), small)]).toEqual([2, 0]);
    // Fewer students after a reload (their data deleted): the last page there is.
    expect(gridPageOf(actor.getSnapshot(), grid(['c1', 'c2'], GRID_PAGE_SIZE))).toBe(0);
    actor.send({ type: 'grid.page', grid: gridKey(big), page: -1 });
    expect(gridPageOf(actor.getSnapshot(), big)).toBe(0);
  });

  it('loads the report and sorts by a column, toggling the direction', async () => {
    const { actor } = start();
    expect(reportFace(actor.getSnapshot())).toBe('loading');
    await flush();
    expect(reportFace(actor.getSnapshot())).toBe('ready');
    expect(sortedRows(actor.getSnapshot()).map((r) => r.name)).toEqual(['alan', 'Bea', 'Cid']);
    actor.send({ type: 'sort.by', column: 'grade' });
    expect(actor.getSnapshot().context.sort).toEqual({ column: 'grade', direction: 'ascending' });
    expect(sortedRows(actor.getSnapshot()).map((r) => r.name)).toEqual(['Cid', 'alan', 'Bea']);
    actor.send({ type: 'sort.by', column: 'grade' });
    expect(sortedRows(actor.getSnapshot()).map((r) => r.name)).toEqual(['Bea', 'alan', 'Cid']);
  });

  it("opens a student's conversation and hand-in, retries a failed load, and closes", async () => {
    const { actor, calls } = start({ failStudent: 1 });
    await flush();
    actor.send({ type: 'student.open', studentId: 'a' });
    expect(isStudentOpen(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.student).toMatchObject({ name: 'Bea', data: null });
    await flush();
    expect(actor.getSnapshot().matches({ Ready: { Student: 'Failed' } })).toBe(true);
    expect(actor.getSnapshot().context.student?.error).toBe('Database down');
    actor.send({ type: 'student.retry' });
    await flush();
    expect(actor.getSnapshot().context.student?.data?.handIn).toBe('hand-in of a');
    expect(calls.filter((c) => c.name === 'loadStudent').map((c) => c.input)).toEqual([
      { sessionId: 's1', studentId: 'a' },
      { sessionId: 's1', studentId: 'a' },
    ]);
    actor.send({ type: 'student.close' });
    expect(actor.getSnapshot().matches({ Ready: 'Idle' })).toBe(true);
    expect(actor.getSnapshot().context.student).toBeNull();
  });

  it("follows an open session's live events: one reload a second after the last of a burst, never polling", async () => {
    vi.useFakeTimers();
    try {
      const { actor, calls, subscriptions, changed } = start();
      await vi.advanceTimersByTimeAsync(0);
      expect(subscriptions).toEqual([{ sessionId: 's1', open: true }]);
      const loads = () => calls.filter((c) => c.name === 'load').length;
      await vi.advanceTimersByTimeAsync(10 * LIVE_RELOAD_MS);
      expect(loads()).toBe(1);
      changed();
      await vi.advanceTimersByTimeAsync(LIVE_RELOAD_MS / 2);
      changed();
      await vi.advanceTimersByTimeAsync(LIVE_RELOAD_MS - 10);
      expect(loads()).toBe(1);
      await vi.advanceTimersByTimeAsync(20);
      expect(loads()).toBe(2);
      expect(actor.getSnapshot().matches({ Ready: 'Idle' })).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('subscribes to nothing for a closed session', async () => {
    const { subscriptions } = start({ closed: true });
    await flush();
    expect(subscriptions).toEqual([{ sessionId: 's1', open: false }]);
  });

  it('refreshes the report: a live session changes it', async () => {
    const { actor, calls } = start();
    await flush();
    actor.send({ type: 'report.refresh' });
    expect(actor.getSnapshot().hasTag('refreshing')).toBe(true);
    await flush();
    expect(actor.getSnapshot().matches({ Ready: 'Idle' })).toBe(true);
    expect(calls.filter((c) => c.name === 'load')).toHaveLength(2);
  });

  it('fails to load, then retries', async () => {
    const { actor } = start({ failLoad: true });
    await flush();
    expect(reportFace(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context.loadError).toMatchObject({ status: 404 });
    actor.send({ type: 'report.retry' });
    expect(reportFace(actor.getSnapshot())).toBe('loading');
    await flush();
    expect(reportFace(actor.getSnapshot())).toBe('ready');
    expect(actor.getSnapshot().context.loadError).toBeNull();
  });

  it('exports a file: downloads what the server wrote and says so', async () => {
    const { actor, downloads, notes } = start();
    await flush();
    actor.send({ type: 'export.run', file: 'messages.csv' });
    expect(actor.getSnapshot().hasTag('exporting')).toBe(true);
    await flush();
    expect(downloads).toEqual([
      { fileName: 'messages.csv', content: 'content of messages.csv', type: 'text/csv' },
    ]);
    expect(notes).toEqual([REPORT_TEXTS.exported('messages.csv')]);
    expect(actor.getSnapshot().matches({ Ready: 'Idle' })).toBe(true);
  });

  it('overrides a grade: validated by the shared schema, saved, the report reloaded', async () => {
    const { actor, calls } = start();
    await flush();
    actor.send({ type: 'override.open', studentId: 'b' });
    expect(isOverrideOpen(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.override).toMatchObject({ name: 'alan', grade: '2' });
    actor.send({ type: 'override.change', field: 'grade', value: '11' });
    actor.send({ type: 'override.submit' });
    expect(actor.getSnapshot().context.override?.errors).toEqual({
      grade: GRADING_TEXTS.gradeRange,
      comment: GRADING_TEXTS.commentRequired,
    });
    actor.send({ type: 'override.change', field: 'grade', value: '6.25' });
    actor.send({ type: 'override.change', field: 'comment', value: 'Good model' });
    actor.send({ type: 'override.submit' });
    expect(actor.getSnapshot().context.override?.errors.grade).toBe(GRADING_TEXTS.gradeDecimals);
    actor.send({ type: 'override.change', field: 'grade', value: '6,5' });
    actor.send({ type: 'override.submit' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await flush();
    await flush();
    expect(calls.find((c) => c.name === 'override')?.input).toEqual({
      sessionId: 's1',
      studentId: 'b',
      grade: 6.5,
      comment: 'Good model',
    });
    expect(isOverrideOpen(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.report?.rows[1]).toMatchObject({ grade: 6.5, gradedBy: 'instructor' });
    // Withdrawn: only an instructor's grade can be.
    actor.send({ type: 'override.open', studentId: 'a' });
    actor.send({ type: 'override.withdraw' });
    expect(actor.getSnapshot().matches({ Ready: { Overriding: 'Editing' } })).toBe(true);
    actor.send({ type: 'override.cancel' });
    actor.send({ type: 'override.open', studentId: 'b' });
    actor.send({ type: 'override.withdraw' });
    await flush();
    await flush();
    expect(actor.getSnapshot().context.report?.rows[1]).toMatchObject({ gradedBy: 'offline' });
  });

  it('keeps the dialog open with the failure when the override is refused', async () => {
    const { actor } = start({ failOverride: true });
    await flush();
    actor.send({ type: 'override.open', studentId: 'a' });
    actor.send({ type: 'override.change', field: 'comment', value: 'Why' });
    actor.send({ type: 'override.submit' });
    await flush();
    expect(actor.getSnapshot().matches({ Ready: { Overriding: 'Editing' } })).toBe(true);
    expect(actor.getSnapshot().context.actionError).toBe('Database down');
  });

  it('deletes the class data only on a closed session, with the number of students', async () => {
    const open = start();
    await flush();
    open.actor.send({ type: 'delete.request' });
    expect(isDeleteOpen(open.actor.getSnapshot())).toBe(false);

    const { actor, calls, notes } = start({ closed: true });
    await flush();
    actor.send({ type: 'delete.request' });
    expect(isDeleteOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'delete.cancel' });
    expect(calls.some((c) => c.name === 'deleteData')).toBe(false);
    actor.send({ type: 'delete.request' });
    actor.send({ type: 'delete.confirm' });
    await flush();
    await flush();
    expect(calls.find((c) => c.name === 'deleteData')?.input).toEqual({ sessionId: 's1', students: 3 });
    expect(notes).toContain(REPORT_TEXTS.deleted(3));
    expect(actor.getSnapshot().context.report?.rows).toEqual([]);
  });

  it('offers its actions only once loaded and while idle', async () => {
    const { actor, calls } = start({ closed: true });
    for (const action of [refreshReport, ...EXPORTS, deleteClassData]) {
      expect(actor.getSnapshot().can(action.event())).toBe(false);
      expect(reasonOf(actor.getSnapshot(), action)).toBe('The report is loading');
    }
    await flush();
    for (const action of [refreshReport, ...EXPORTS, deleteClassData]) {
      expect(actor.getSnapshot().can(action.event())).toBe(true);
    }
    actor.send(refreshReport.event());
    expect(actor.getSnapshot().can(EXPORTS[0].event())).toBe(false);
    expect(reasonOf(actor.getSnapshot(), EXPORTS[0])).toBe('Busy');
    actor.send(EXPORTS[0].event());
    expect(calls.some((c) => c.name === 'exportFile')).toBe(false);
  });

  it('overrides only a graded student: one without a grade is refused', async () => {
    const { actor } = start();
    await flush();
    const [graded, , ungraded] = ROWS;
    expect(actor.getSnapshot().can(overrideGrade.event(graded!))).toBe(true);
    expect(actor.getSnapshot().can(overrideGrade.event(ungraded!))).toBe(false);
    actor.send(overrideGrade.event(ungraded!));
    expect(isOverrideOpen(actor.getSnapshot())).toBe(false);
    expect(actor.getSnapshot().context.override).toBeNull();
  });

  it('deletes only data there is: an open session, or one without students, is refused', async () => {
    const open = start();
    await flush();
    expect(open.actor.getSnapshot().can(deleteClassData.event())).toBe(false);
    expect(reasonOf(open.actor.getSnapshot(), deleteClassData)).toBe(DELETE_CLOSED_FIRST);

    const { actor } = start({ closed: true });
    await flush();
    actor.send(deleteClassData.event());
    actor.send({ type: 'delete.confirm' });
    await flush();
    await flush();
    expect(actor.getSnapshot().context.report?.rows).toEqual([]);
    expect(actor.getSnapshot().can(deleteClassData.event())).toBe(false);
    expect(reasonOf(actor.getSnapshot(), deleteClassData)).toBe(REPORT_TEXTS.empty);
    actor.send(deleteClassData.event());
    expect(isDeleteOpen(actor.getSnapshot())).toBe(false);
  });
});

describe('parseOverride', () => {
  it('reads a comma as the decimal point and rejects an empty grade', () => {
    const form = { studentId: 'a', name: 'A', grade: '0', comment: 'x', errors: {} };
    expect(parseOverride(form).body).toEqual({ grade: 0, comment: 'x' });
    expect(parseOverride({ ...form, grade: ' ' }).errors).toHaveProperty('grade');
    expect(parseOverride({ ...form, grade: '0x5' }).errors).toHaveProperty('grade');
    expect(parseOverride({ ...form, grade: '9,5' }).body).toEqual({ grade: 9.5, comment: 'x' });
  });
});
