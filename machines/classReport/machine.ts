import { gradeOverrideBodySchema } from '@shared/schemas/grading';
import { assign, cancel, fromCallback, fromPromise, raise, setup } from 'xstate';
import { type Failure, failureMessage } from '../failure';
import type { Notice } from '../notice';
import { notProvided } from '../notProvided';
import {
  type DownloadedFile,
  LIVE_RELOAD_MS,
  type OverrideForm,
  REPORT_TEXTS,
  type ReportContext,
  type ReportEvent,
  type ReportIo,
} from './contract';

/**
 * The instructor's class report of one session (route /class-sessions/{id}/report;
 * docs/architecture.md "Class reports"): the students, the grid of solution elements, the LEIA
 * variants, and the actions on them.
 *
 *   Loading --> Ready | Failed (report.retry --> Loading)
 *   Ready.Idle --export.run--> Exporting --> Idle (the file downloaded)
 *   Ready.Idle --override.open--> Overriding.Editing --submit (valid)--> Saving --> Refreshing
 *              Overriding.Editing --override.withdraw--> Withdrawing --> Refreshing
 *   Ready.Idle --delete.request--> Deleting.Confirming --confirm--> Deleting.Saving --> Refreshing
 *   Ready.Idle --student.open--> Student.Loading --> Shown | Failed (student.retry); student.close --> Idle
 *   Ready, while the session is open: its live events (live.changed) reload the report once
 *   LIVE_RELOAD_MS after the last of them (live.reload --> Refreshing, when Idle); never polled.
 *   Ready.Idle --report.refresh--> Refreshing: loads the report again (a live session changes it), then Idle.
 */

export * from './contract';

const io = <K extends keyof ReportIo>(name: K) =>
  fromPromise<ReportIo[K]['output'], ReportIo[K]['input']>(async () => notProvided('classReport', name));

/** The override form checked by the shared schema: the body, or each field's error. */
export function parseOverride(form: OverrideForm) {
  // Digits with a point or comma only: Number() alone would take '0x5' or '1e1'.
  const text = form.grade.trim();
  const grade = /^\d+([.,]\d+)?$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;
  const parsed = gradeOverrideBodySchema.safeParse({ grade, comment: form.comment });
  if (parsed.success) return { body: parsed.data, errors: {} };
  const errors: OverrideForm['errors'] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'grade' || field === 'comment') && !errors[field]) errors[field] = issue.message;
  }
  return { body: null, errors };
}

const studentCount = (context: ReportContext) => context.report?.rows.length ?? 0;
const refusal = (error: unknown) => failureMessage(error, REPORT_TEXTS.actionFailed);

export const classReportMachine = setup({
  types: {
    context: {} as ReportContext,
    events: {} as ReportEvent,
    input: {} as { sessionId: string },
  },
  actors: {
    load: io('load'),
    exportFile: io('exportFile'),
    override: io('override'),
    withdraw: io('withdraw'),
    deleteData: io('deleteData'),
    loadStudent: io('loadStudent'),
    /**
     * The open session's live events (the live view's stream): sends live.changed for each change.
     * Given `open: false` (a closed session), it subscribes to nothing.
     */
    sessionEvents: fromCallback<ReportEvent, { sessionId: string; open: boolean }>(() =>
      notProvided('classReport', 'sessionEvents'),
    ),
  },
  actions: {
    /** Saves a file through the browser. */
    download: (_, _params: { file: DownloadedFile }) => notProvided('classReport', 'download'),
    /** Says what an action did (a toast). */
    notify: (_, _notice: Notice) => notProvided('classReport', 'notify'),
  },
  guards: {
    /** A closed session's data, when there is some. */
    deletable: ({ context }) => context.closed && (context.report?.rows.length ?? 0) > 0,
    /** A student with a grade, to override. */
    graded: ({ context, event }) =>
      event.type === 'override.open' &&
      (context.report?.rows.find((row) => row.studentId === event.studentId)?.grade ?? null) !== null,
    validOverride: ({ context }) =>
      context.override !== null && parseOverride(context.override).body !== null,
    hasOverride: ({ context }) =>
      context.report?.rows.find((row) => row.studentId === context.override?.studentId)?.gradedBy ===
      'instructor',
  },
}).createMachine({
  id: 'classReport',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    report: null,
    closed: false,
    loadError: null,
    sort: { column: 'name', direction: 'ascending' },
    gridPages: {},
    override: null,
    actionError: null,
    student: null,
  }),
  on: {
    'grid.page': {
      actions: assign({
        gridPages: ({ context, event }) => ({ ...context.gridPages, [event.grid]: Math.max(0, event.page) }),
      }),
    },
    'sort.by': {
      actions: assign({
        sort: ({ context, event }) => ({
          column: event.column,
          direction:
            context.sort.column === event.column && context.sort.direction === 'ascending'
              ? 'descending'
              : 'ascending',
        }),
      }),
    },
  },
  initial: 'Loading',
  states: {
    Loading: {
      tags: 'loading',
      invoke: {
        src: 'load',
        input: ({ context }) => ({ sessionId: context.sessionId }),
        onDone: { target: 'Ready', actions: assign(({ event }) => ({ ...event.output, loadError: null })) },
        onError: { target: 'Failed', actions: assign({ loadError: ({ event }) => event.error as Failure }) },
      },
    },
    Failed: { on: { 'report.retry': 'Loading' } },
    Ready: {
      invoke: {
        src: 'sessionEvents',
        input: ({ context }) => ({ sessionId: context.sessionId, open: !context.closed }),
      },
      on: {
        // Debounced: each change postpones the reload, so a burst of messages is one reload.
        'live.changed': {
          actions: [
            cancel('liveReload'),
            raise({ type: 'live.reload' }, { delay: LIVE_RELOAD_MS, id: 'liveReload' }),
          ],
        },
      },
      initial: 'Idle',
      states: {
        Idle: {
          on: {
            'report.refresh': 'Refreshing',
            'live.reload': 'Refreshing',
            'export.run': 'Exporting',
            'override.open': {
              guard: 'graded',
              target: 'Overriding',
              actions: assign(({ context, event }) => {
                const row = context.report?.rows.find((r) => r.studentId === event.studentId);
                return {
                  actionError: null,
                  override: {
                    studentId: event.studentId,
                    name: row?.name ?? '',
                    grade: row?.grade === null || row?.grade === undefined ? '' : String(row.grade),
                    comment: '',
                    errors: {},
                  },
                };
              }),
            },
            'delete.request': {
              guard: 'deletable',
              target: 'Deleting',
              actions: assign({ actionError: null }),
            },
            'student.open': {
              target: 'Student',
              actions: assign({
                student: ({ context, event }) => ({
                  studentId: event.studentId,
                  name: context.report?.rows.find((r) => r.studentId === event.studentId)?.name ?? '',
                  data: null,
                  error: null,
                }),
              }),
            },
          },
        },
        /** One student's conversation and hand-in, side by side. */
        Student: {
          initial: 'Loading',
          on: { 'student.close': { target: 'Idle', actions: assign({ student: null }) } },
          states: {
            Loading: {
              tags: 'studentLoading',
              invoke: {
                src: 'loadStudent',
                input: ({ context }) => ({
                  sessionId: context.sessionId,
                  studentId: context.student?.studentId ?? '',
                }),
                onDone: {
                  target: 'Shown',
                  actions: assign({
                    student: ({ context, event }) =>
                      context.student && { ...context.student, data: event.output },
                  }),
                },
                onError: {
                  target: 'Failed',
                  actions: assign({
                    student: ({ context, event }) =>
                      context.student && {
                        ...context.student,
                        error: failureMessage(event.error, REPORT_TEXTS.studentFailed),
                      },
                  }),
                },
              },
            },
            Failed: {
              on: {
                'student.retry': {
                  target: 'Loading',
                  actions: assign({
                    student: ({ context }) => context.student && { ...context.student, error: null },
                  }),
                },
              },
            },
            Shown: {},
          },
        },
        Refreshing: {
          tags: 'refreshing',
          invoke: {
            src: 'load',
            input: ({ context }) => ({ sessionId: context.sessionId }),
            onDone: { target: 'Idle', actions: assign(({ event }) => event.output) },
            onError: {
              target: 'Idle',
              actions: { type: 'notify', params: { tone: 'error', message: REPORT_TEXTS.loadFailed } },
            },
          },
        },
        Exporting: {
          tags: 'exporting',
          invoke: {
            src: 'exportFile',
            input: ({ context, event }) => ({
              sessionId: context.sessionId,
              // Entered only by export.run; the narrowing is for the type checker.
              file: event.type === 'export.run' ? event.file : 'students.csv',
            }),
            onDone: {
              target: 'Idle',
              actions: [
                { type: 'download', params: ({ event }) => ({ file: event.output }) },
                {
                  type: 'notify',
                  params: ({ event }) => ({
                    tone: 'success',
                    message: REPORT_TEXTS.exported(event.output.fileName),
                  }),
                },
              ],
            },
            onError: {
              target: 'Idle',
              actions: {
                type: 'notify',
                params: ({ event }) => ({
                  tone: 'error',
                  message: failureMessage(event.error, REPORT_TEXTS.exportFailed),
                }),
              },
            },
          },
        },
        Overriding: {
          initial: 'Editing',
          on: { 'override.cancel': { target: 'Idle', actions: assign({ override: null }) } },
          states: {
            Editing: {
              on: {
                'override.change': {
                  actions: assign({
                    override: ({ context, event }) =>
                      context.override && {
                        ...context.override,
                        [event.field]: event.value,
                        errors: { ...context.override.errors, [event.field]: undefined },
                      },
                  }),
                },
                'override.submit': [
                  { guard: 'validOverride', target: 'Saving', actions: assign({ actionError: null }) },
                  {
                    actions: assign({
                      override: ({ context }) =>
                        context.override && {
                          ...context.override,
                          errors: parseOverride(context.override).errors,
                        },
                    }),
                  },
                ],
                'override.withdraw': { guard: 'hasOverride', target: 'Withdrawing' },
              },
            },
            Saving: {
              tags: 'saving',
              invoke: {
                src: 'override',
                input: ({ context }) => {
                  const form = context.override as OverrideForm;
                  const body = parseOverride(form).body as { grade: number; comment: string };
                  return { sessionId: context.sessionId, studentId: form.studentId, ...body };
                },
                onDone: {
                  target: '#classReport.Ready.Refreshing',
                  actions: [
                    assign({ override: null }),
                    { type: 'notify', params: { tone: 'success', message: REPORT_TEXTS.overrideSaved } },
                  ],
                },
                onError: {
                  target: 'Editing',
                  actions: assign({ actionError: ({ event }) => refusal(event.error) }),
                },
              },
            },
            Withdrawing: {
              tags: 'saving',
              invoke: {
                src: 'withdraw',
                input: ({ context }) => ({
                  sessionId: context.sessionId,
                  studentId: context.override?.studentId ?? '',
                }),
                onDone: {
                  target: '#classReport.Ready.Refreshing',
                  actions: [
                    assign({ override: null }),
                    { type: 'notify', params: { tone: 'success', message: REPORT_TEXTS.withdrawn } },
                  ],
                },
                onError: {
                  target: 'Editing',
                  actions: assign({ actionError: ({ event }) => refusal(event.error) }),
                },
              },
            },
          },
        },
        Deleting: {
          initial: 'Confirming',
          on: { 'delete.cancel': 'Idle' },
          states: {
            Confirming: { on: { 'delete.confirm': 'Saving' } },
            Saving: {
              tags: 'saving',
              invoke: {
                src: 'deleteData',
                input: ({ context }) => ({ sessionId: context.sessionId, students: studentCount(context) }),
                onDone: {
                  target: '#classReport.Ready.Refreshing',
                  actions: {
                    type: 'notify',
                    params: ({ event }) => ({
                      tone: 'success',
                      message: REPORT_TEXTS.deleted(event.output.deleted),
                    }),
                  },
                },
                onError: {
                  target: 'Confirming',
                  actions: assign({ actionError: ({ event }) => refusal(event.error) }),
                },
              },
            },
          },
        },
      },
    },
  },
});
