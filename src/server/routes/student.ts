import { CLASS_TEXTS } from '@shared/class-sessions';
import { studentReportSchema } from '@shared/schemas/class-report';
import {
  draftBodySchema,
  draftSavedSchema,
  handInBodySchema,
  joinBodySchema,
  joinCodeSchema,
  joinInfoSchema,
  joinResponseSchema,
  resumeBodySchema,
  STUDENT_PATHS,
  studentViewSchema,
} from '@shared/schemas/class-sessions';
import { chatReplySchema, messageBodySchema } from '@shared/schemas/runner';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setStudentCookie, tokenOf } from '../auth/student-credential';
import { DomainError, notFound } from '../errors';
import { limitedBy } from '../http/rate-limit';
import { replies } from '../http/replies';
import { type EventStream, KEEP_ALIVE_MS, openEventStream } from '../http/sse';
import { answerTurn } from '../http/streamed-reply';
import { createClassLeias } from '../services/class-leias';
import { createClassReportInputs } from '../services/class-report-inputs';
import { ownReport } from '../services/class-reports';
import type { ClassStudentsService, Student } from '../services/class-students';

const tags = ['class students'];

/** The student each request's credential named (set by the hook of the student's own routes). */
const students = new WeakMap<FastifyRequest, Student>();
const studentOf = (request: FastifyRequest): Student => {
  const found = students.get(request);
  if (!found) throw notFound(CLASS_TEXTS.notJoined);
  return found;
};

/**
 * /api/v1/student: a class session's student, who has no account (docs/architecture.md "Class
 * sessions"). Joining and resuming need no credential and are limited per client address; every
 * other route needs the cookie and reaches only that student's own session: anything else is a 404.
 */
export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(entryRoutes);
  await app.register(ownRoutes);
};

const entryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { classStudents } = app.ctx.services;
  const limited = limitedBy(app.ctx.limits, 'classJoins');

  app.get(
    '/join/:code',
    {
      schema: {
        params: z.object({ code: joinCodeSchema }),
        response: replies({ 200: joinInfoSchema }),
        tags,
      },
      preHandler: limited,
    },
    (request) => classStudents.joinInfo(request.params.code),
  );

  app.post(
    '/join',
    {
      schema: { body: joinBodySchema, response: replies({ 201: joinResponseSchema }), tags },
      preHandler: limited,
    },
    async (request, reply) => {
      const current = await currentStudent(classStudents, tokenOf(request));
      const joined = await classStudents.join(request.body, current);
      setStudentCookie(request, reply, joined.token);
      return reply.code(201).send(joined.response);
    },
  );

  app.post(
    '/resume',
    {
      schema: { body: resumeBodySchema, response: replies({ 200: studentViewSchema }), tags },
      preHandler: limited,
    },
    async (request, reply) => {
      const resumed = await classStudents.resume(request.body.token);
      setStudentCookie(request, reply, resumed.token);
      return resumed.view;
    },
  );
};

/** The student a cookie names, if any (a join in a browser that already joined). */
async function currentStudent(
  service: { authenticate(token: string | undefined): Promise<Student> },
  token: string | undefined,
): Promise<Student | undefined> {
  if (!token) return undefined;
  try {
    return await service.authenticate(token);
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not-found') return undefined;
    throw error;
  }
}

const ownRoutes: FastifyPluginAsyncZod = async (app) => {
  const { classStudents } = app.ctx.services;
  const reportInputs = createClassReportInputs(app.ctx.db, createClassLeias(app.ctx.db));
  app.addHook('onRequest', async (request) => {
    // A message may name its student from the credential cache; every other route reads the row.
    const forMessage = request.routeOptions.url === STUDENT_PATHS.messages;
    const found = await classStudents.authenticate(tokenOf(request), forMessage);
    students.set(request, found);
    request.classStudent = { id: found.student.id, sessionId: found.session.id };
  });

  app.get('/me', { schema: { response: replies({ 200: studentViewSchema }), tags } }, (request) =>
    classStudents.view(studentOf(request)),
  );

  app.post(
    '/me/messages',
    {
      schema: { body: messageBodySchema, response: replies({ 200: chatReplySchema }), tags },
      preHandler: limitedBy(app.ctx.limits, 'classMessages'),
    },
    (request, reply) =>
      answerTurn(request, reply, (options) =>
        classStudents.message(studentOf(request), request.body.message, options, () =>
          classStudents.authenticate(tokenOf(request)),
        ),
      ),
  );

  app.put(
    '/me/draft',
    { schema: { body: draftBodySchema, response: replies({ 200: draftSavedSchema }), tags } },
    (request) => classStudents.saveDraft(studentOf(request), request.body.text),
  );

  app.post(
    '/me/hand-in',
    { schema: { body: handInBodySchema, response: replies({ 200: studentViewSchema }), tags } },
    async (request) => {
      const current = studentOf(request);
      const student = await classStudents.handIn(current, request.body.text ?? null);
      return classStudents.view({ student, session: current.session });
    },
  );

  app.get('/me/report', { schema: { response: replies({ 200: studentReportSchema }), tags } }, (request) =>
    ownReport(reportInputs, studentOf(request)),
  );

  app.get(
    '/me/events',
    {
      schema: {
        produces: ['text/event-stream'],
        response: replies({ 200: z.string().describe('text/event-stream of STUDENT_EVENTS') }),
        tags,
      },
    },
    async (request, reply) => {
      await followOwnEvents(classStudents, studentOf(request), reply);
      return reply;
    },
  );
};

/** The student's own session events as a stream, opened at the first event (a failure before it is an ordinary JSON error). */
async function followOwnEvents(
  classStudents: ClassStudentsService,
  student: Student,
  reply: FastifyReply,
): Promise<void> {
  let stream: EventStream | undefined;
  let keepAlive: NodeJS.Timeout | undefined;
  let stop = () => {};
  let ended = false;
  const end = () => {
    ended = true;
    clearInterval(keepAlive);
    stop();
    stream?.end();
  };
  stop = await classStudents.watch(student, {
    send: (event) => {
      stream ??= openEventStream(reply);
      stream.send(event.event, event.data);
    },
    end,
  });
  // The student may have gone while the stream opened, or the session ended already.
  if (reply.raw.destroyed) end();
  if (ended) return;
  reply.raw.once('close', end);
  keepAlive = setInterval(() => reply.raw.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
}
