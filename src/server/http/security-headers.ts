import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers on every response, worked out once at start. With our options they
 * are the same for every request (no CSP nonces, no per-request directives), and building
 * Helmet's middleware again for each request, as @fastify/helmet does, took 0.17 ms of a chat
 * message's way to the model (docs/perf-notes.md, round 3).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  // Helmet's middleware is synchronous; it only sets and removes headers.
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Helmet's defaults, but for one directive. */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    // The app is often served over plain http on a classroom LAN; upgrading would break it.
    directives: { upgradeInsecureRequests: null },
  },
};

export function registerSecurityHeaders(app: FastifyInstance, options = SECURITY_HEADER_OPTIONS): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
