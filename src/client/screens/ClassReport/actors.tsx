import {
  deleteClassData,
  getClassExport,
  getClassReport,
  overrideGrade,
  withdrawOverride,
} from '@client/api/classReports';
import { getClassSession, getStudentConversation, watchClassSession } from '@client/api/classSessions';
import { withFailure } from '@client/api/errors';
import { downloadFile } from '@client/download';
import { showNotice } from '@client/toasts';
import { classReportMachine, type ReportEvent } from '@machines/classReport/machine';
import type { ClassExportFile } from '@shared/schemas/class-report';
import { CLASS_EVENTS } from '@shared/schemas/class-sessions';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { fromCallback, fromPromise } from 'xstate';

/** The class report of one session (machines/classReport), wired once to its API. */
export const ClassReportActor = createActorContext(classReportMachine);

const mediaType = (file: ClassExportFile) => (file.endsWith('.json') ? 'application/json' : 'text/csv');

/** After a lost stream, it is opened again this much later (as the live view does). */
const RECONNECT_MS = 2000;

/**
 * The session's live events (the live view's stream) until stopped: `changed` for each change. The
 * snapshot that opens each connection is not a change. The stream ends when the session closes.
 */
function watchLive(sessionId: string, changed: () => void): () => void {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const connect = () => {
    watchClassSession(
      sessionId,
      (event) => {
        if (event.event !== CLASS_EVENTS.snapshot) changed();
      },
      { signal: controller.signal },
    ).then(
      () => undefined,
      () => {
        if (!controller.signal.aborted) timer = setTimeout(connect, RECONNECT_MS);
      },
    );
  };
  connect();
  return () => {
    clearTimeout(timer);
    controller.abort();
  };
}

export function ClassReportActors({ sessionId, children }: { sessionId: string; children: ReactNode }) {
  const [logic] = useState(() =>
    classReportMachine.provide({
      actors: {
        load: fromPromise(async ({ input, signal }) => {
          const [report, session] = await withFailure(
            Promise.all([
              getClassReport(input.sessionId, { signal }),
              getClassSession(input.sessionId, { signal }),
            ]),
          );
          return { report, closed: session.status !== 'open' };
        }),
        exportFile: fromPromise(async ({ input, signal }) => {
          const content = await withFailure(getClassExport(input.sessionId, input.file, { signal }));
          return { fileName: `class-${input.sessionId}-${input.file}`, content, type: mediaType(input.file) };
        }),
        override: fromPromise(({ input }) =>
          withFailure(
            overrideGrade(input.sessionId, input.studentId, { grade: input.grade, comment: input.comment }),
          ),
        ),
        withdraw: fromPromise(({ input }) => withFailure(withdrawOverride(input.sessionId, input.studentId))),
        deleteData: fromPromise(({ input }) => withFailure(deleteClassData(input.sessionId, input.students))),
        sessionEvents: fromCallback<ReportEvent, { sessionId: string; open: boolean }>(
          ({ input, sendBack }) =>
            input.open ? watchLive(input.sessionId, () => sendBack({ type: 'live.changed' })) : undefined,
        ),
        loadStudent: fromPromise(({ input, signal }) =>
          withFailure(getStudentConversation(input.sessionId, input.studentId, { signal })),
        ),
      },
      actions: {
        download: (_, { file }) => downloadFile(file),
        notify: showNotice,
      },
    }),
  );
  const [options] = useState(() => ({ input: { sessionId } }));
  return (
    <ClassReportActor.Provider logic={logic} options={options}>
      {children}
    </ClassReportActor.Provider>
  );
}
