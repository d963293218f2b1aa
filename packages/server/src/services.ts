/** The shared services handed to every route plugin as its options. */
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { GrantStore } from './auth/grants.ts';
import type { LoginService } from './auth/login.ts';
import type { SessionStore } from './auth/sessions.ts';
import type { ServerContext } from './context.ts';

export interface Services {
  ctx: ServerContext;
  sessions: SessionStore;
  /** One-time tickets and codes, social tokens, pending binds. */
  grants: GrantStore;
  /** Password check and session start shared by every login call. */
  login: LoginService;
  /** The session check that `sessionScope` runs before every route of its scope; sets `request.auth`. */
  requireSession: preHandlerAsyncHookHandler;
}
