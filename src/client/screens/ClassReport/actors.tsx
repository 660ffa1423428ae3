import {
  deleteClassData,
  getClassExport,
  getClassReport,
  overrideGrade,
  withdrawOverride,
} from '@client/api/classReports';
import { getClassSession, getStudentConversation } from '@client/api/classSessions';
import { withFailure } from '@client/api/errors';
import { downloadFile } from '@client/download';
import { classReportMachine } from '@machines/classReport/machine';
import type { ClassExportFile } from '@shared/schemas/class-report';
import { createActorContext } from '@xstate/react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { fromPromise } from 'xstate';

/** The class report of one session (machines/classReport), wired once to its API. */
export const ClassReportActor = createActorContext(classReportMachine);

const mediaType = (file: ClassExportFile) => (file.endsWith('.json') ? 'application/json' : 'text/csv');

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
        loadStudent: fromPromise(({ input, signal }) =>
          withFailure(getStudentConversation(input.sessionId, input.studentId, { signal })),
        ),
      },
      actions: {
        download: (_, { file }) => downloadFile(file),
        notify: (_, { tone, message }) => {
          toast[tone](message);
        },
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
