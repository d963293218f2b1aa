/**
 * How failures become answers. Bad input that passed the transport is a business outcome (HTTP 200, envelope
 * status 400 with field errors); an unknown /api path is HTTP 404; malformed bodies and oversize uploads keep
 * their HTTP 4xx; anything else is HTTP 500 (DESIGN §5).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { fail, type FieldError } from './envelope.ts';
import { isHostPage } from './host-pages.ts';
import { FIELD_MESSAGES, MESSAGES, requestLanguage } from './messages.ts';

interface ValidationIssue {
  instancePath?: string;
  params?: Record<string, unknown>;
  message?: string;
}

function validationFieldErrors(request: FastifyRequest, issues: ValidationIssue[]): FieldError[] {
  const text = FIELD_MESSAGES.invalidValue[requestLanguage(request.headers['sy-language'])];
  return issues.map((issue) => {
    const missing = issue.params?.missingProperty;
    const field =
      typeof missing === 'string'
        ? missing
        : (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || 'body';
    return { field, message: `${text}: ${field} ${issue.message ?? ''}`.trim() };
  });
}

export function installErrorHandling(
  app: FastifyInstance,
  options: { staticDir: string | undefined; logToStderr: boolean },
): void {
  const { staticDir } = options;
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      return reply
        .code(200)
        .send(fail(400, 'invalid_request', MESSAGES.badRequest, validationFieldErrors(request, error.validation)));
    }
    const httpStatus = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (httpStatus === 500) {
      request.log.error({ err: error }, 'request failed');
      // Without a logger a server fault would otherwise vanish silently.
      if (options.logToStderr) console.error(`${request.method} ${request.url} failed:`, error);
    }
    const message =
      httpStatus === 500
        ? MESSAGES.serverError
        : httpStatus === 413
          ? MESSAGES.payloadTooLarge
          : httpStatus === 415
            ? MESSAGES.unsupportedMediaType
            : MESSAGES.badRequest;
    return reply.code(httpStatus).send(fail(httpStatus, error.code ?? 'server_error', message));
  });

  app.setNotFoundHandler(async (request, reply) => {
    // The demo host is a single-page app: its page addresses (the landing targets of spec §2, whatever the
    // Accept header) and any other extension-less address a browser asks for as a page answer its index.html.
    const path = request.url.split('?')[0] ?? '';
    const wantsPage =
      staticDir &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      (isHostPage(path) ||
        (!path.startsWith('/api/') &&
          !/\.[a-z0-9]+$/i.test(path) &&
          (request.headers.accept ?? '').includes('text/html')));
    if (wantsPage) {
      try {
        const html = await readFile(join(staticDir, 'index.html'));
        return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
      } catch {
        // no index.html: a plain 404 below
      }
    }
    return reply.code(404).send(fail(404, 'not_found', MESSAGES.notFound));
  });
}

/**
 * JSON bodies: an empty body is `{}` rather than an error, because clients post `Content-Type: application/json`
 * with no body to calls such as logout.
 */
export function installJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    try {
      // Dropping __proto__ keys keeps a parsed body from ever reaching an object's prototype when merged.
      done(
        null,
        JSON.parse(text, (key, value: unknown) => (key === '__proto__' ? undefined : value)),
      );
    } catch {
      const error = new Error('Malformed JSON body') as FastifyError;
      error.statusCode = 400;
      error.code = 'invalid_json';
      done(error, undefined);
    }
  });
}
