import { findInputProblem } from '@shared/input-rules';
import type { FastifyRequest } from 'fastify';
import type { App } from '../context';
import { badRequest } from '../errors';
import { PART_LABEL } from './errors';

const PARTS = ['params', 'querystring', 'body'] as const;
const partOf = (request: FastifyRequest, part: (typeof PARTS)[number]) =>
  part === 'querystring' ? request.query : request[part];

/**
 * Every route's path, query and body pass the shared input rule (@shared/input-rules) before their
 * schema sees them: a NUL character, a broken surrogate or hostile nesting is a 400 naming the
 * field, wherever it is, instead of a database or stack error later.
 */
export function registerInputGuard(app: App): void {
  app.addHook('preValidation', async (request) => {
    // A request without a body (or with a JSON null) on a route that takes one means "the defaults":
    // a body whose every field is optional passes, one with required fields names them.
    if (request.body == null && request.routeOptions.schema?.body) request.body = {};
    for (const part of PARTS) {
      const problem = findInputProblem(partOf(request, part));
      if (!problem) continue;
      const field = problem.path || part;
      throw badRequest(`Invalid ${PART_LABEL[part]}: ${field} ${problem.message}`, {
        [field]: `${field} ${problem.message}`,
      });
    }
  });
}
