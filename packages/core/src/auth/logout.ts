/**
 * Leaving the portal (spec part 1 §4 "Logout"). The confirmation is the elements' job; this is what follows it:
 * the logout call, the local clean-up of exactly what the spec lists (stored user, session storage, auto-login
 * counter), the logged-out flag, then the login page.
 */
import { logoutCall } from './api.ts';
import { client as defaultClient, type Client } from '../http/client.ts';
import type { SessionStore } from '../session/store.ts';
import { applyOutcome, loginPageUrl, type LoginOutcome } from './navigation.ts';

export interface LogoutOptions {
  client?: Client;
  session?: SessionStore;
  /** Default: the client's `loginPath`. */
  loginPath?: string;
  /** Default `location.assign`. */
  navigate?: (url: string) => void;
}

/**
 * Logs out and goes to the login page, without `redirect_uri`: whoever signs in next starts from their own home,
 * not from the page the last user left. The local part runs even when the call fails. Never rejects.
 */
export async function logoutAndLeave(options: LogoutOptions = {}): Promise<LoginOutcome> {
  const client = options.client ?? defaultClient;
  const session = options.session ?? client.options.session;
  await logoutCall({ client, session });
  const outcome: LoginOutcome = {
    kind: 'go-to-login',
    url: loginPageUrl(options.loginPath ?? client.options.loginPath),
  };
  applyOutcome(outcome, options.navigate ? { navigate: options.navigate } : {});
  return outcome;
}
