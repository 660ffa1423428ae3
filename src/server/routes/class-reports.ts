import {
  CLASS_EXPORT_FILES,
  classDataDeletedSchema,
  classReportSchema,
  deleteClassDataQuerySchema,
  studentReportSchema,
} from '@shared/schemas/class-report';
import { gradeOverrideBodySchema, handInGradeSchema } from '@shared/schemas/grading';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../auth/hooks';
import type { App } from '../context';
import { replies } from '../http/replies';
import { createClassLeias } from '../services/class-leias';
import { createClassLive } from '../services/class-live';
import { createClassReportInputs } from '../services/class-report-inputs';
import { createClassReportsService } from '../services/class-reports';
import { startClassRetention } from '../services/class-retention';
import { createClassStore } from '../services/class-store';

const tags = ['class reports'];
const sessionParams = z.object({ sessionId: z.string() });
const studentParams = z.object({ sessionId: z.string(), studentId: z.string() });
const exportParams = z.object({ sessionId: z.string(), file: z.enum(CLASS_EXPORT_FILES) });

/**
 * /api/v1/class-sessions/{sessionId}/...: what a class learned, for whoever manages the activity
 * (@shared/schemas/class-report CLASS_REPORT_PATHS). Registered beside the session's own routes,
 * under the same prefix; it builds its service from the app's database and class bus, and runs
 * the class data retention (LEIA_CLASS_RETENTION_DAYS) while the server runs.
 */
export const classReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, classBus } = app.ctx;
  const log = { error: (details: object, message: string) => app.log.error(details, message) };
  const leias = createClassLeias(db);
  const live = createClassLive({ store: createClassStore(db), leias, bus: classBus, log });
  const reports = createClassReportsService({ db, inputs: createClassReportInputs(db, leias), live });
  app.addHook('onRequest', app.ctx.auth.requireUser);
  const days = app.ctx.config.classRetentionDays;
  if (days !== undefined) {
    let stop: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stop = startClassRetention(db, days, app.log);
    });
    app.addHook('onClose', async () => stop?.());
  }

  reportRoutes(app, reports);
  gradeRoutes(app, reports);
  dataRoutes(app, reports);
};

type Reports = ReturnType<typeof createClassReportsService>;

/** A class's report, one student's, and the exports. */
function reportRoutes(app: App, reports: Reports): void {
  app.get(
    '/:sessionId/report',
    { schema: { params: sessionParams, response: replies({ 200: classReportSchema }), tags } },
    (request) => reports.report(actorOf(request), request.params.sessionId),
  );

  app.get(
    '/:sessionId/students/:studentId/report',
    { schema: { params: studentParams, response: replies({ 200: studentReportSchema }), tags } },
    (request) => reports.studentReport(actorOf(request), request.params.sessionId, request.params.studentId),
  );

  app.get(
    '/:sessionId/exports/:file',
    {
      schema: {
        params: exportParams,
        response: replies({
          200: z
            .string()
            .describe('messages.csv, students.csv (text/csv) or session.json (sessionExportSchema)'),
        }),
        tags,
      },
    },
    async (request, reply) => {
      const file = await reports.exportFile(actorOf(request), request.params.sessionId, request.params.file);
      return reply
        .type(file.type)
        .header('content-disposition', `attachment; filename="${file.name}"`)
        .send(file.body);
    },
  );
}

/** A teacher's grade override of a hand-in, and its withdrawal. */
function gradeRoutes(app: App, reports: Reports): void {
  app.put(
    '/:sessionId/students/:studentId/grade',
    {
      schema: {
        params: studentParams,
        body: gradeOverrideBodySchema,
        response: replies({ 200: handInGradeSchema }),
        tags,
      },
    },
    (request) =>
      reports.overrideGrade(
        actorOf(request),
        request.params.sessionId,
        request.params.studentId,
        request.body,
      ),
  );

  app.delete(
    '/:sessionId/students/:studentId/grade',
    { schema: { params: studentParams, response: replies({ 200: handInGradeSchema }), tags } },
    (request) =>
      reports.withdrawOverride(actorOf(request), request.params.sessionId, request.params.studentId),
  );
}

/** Deleting a class's data (all of it, or some students'). */
function dataRoutes(app: App, reports: Reports): void {
  app.delete(
    '/:sessionId/data',
    {
      schema: {
        params: sessionParams,
        querystring: deleteClassDataQuerySchema,
        response: replies({ 200: classDataDeletedSchema }),
        tags,
      },
    },
    (request) => reports.deleteData(actorOf(request), request.params.sessionId, request.query.students),
  );
}
