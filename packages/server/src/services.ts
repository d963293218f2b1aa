/** The shared services handed to every route plugin as its options. */
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { SessionStore } from './auth/sessions.ts';
import type { ServerContext } from './context.ts';

export interface Services {
  ctx: ServerContext;
  sessions: SessionStore;
  /** preHandler of every authenticated route; sets `request.auth`. */
  requireSession: preHandlerAsyncHookHandler;
}
