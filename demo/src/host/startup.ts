// The demo host's startup (spec part 1 §4 "Login flow", §5 "Startup"; part 2 §1, §8): start checks, the page a
// production path stands for, the login chain and where it leads, then the login dialog as the relogin handler and
// the zoom warning. Internet Explorer 6–8 never get here: index.html shows them a plain warning page.
import { assertAppStart, warnIfZoomed } from '@edu-portal/core/auth/startup.ts';
import { runLoginChain } from '@edu-portal/core/auth/chain.ts';
import { isAuthorizePath } from '@edu-portal/core/auth/authorize.ts';
import { applyOutcome, type LoginOutcome } from '@edu-portal/core/auth/navigation.ts';
import { configureClient } from '@edu-portal/core/http/client.ts';
import { initLanguage } from '@edu-portal/core/i18n/resolve.ts';
import {
  APP_START,
  DEVELOPMENT,
  LOGIN_PATH,
  ROOT_PATH,
  isLoginRoute,
  loadLoginConfig,
  remember,
  requiresLogin,
} from './site.ts';

/**
 * Relogin handling of the client (spec part 1 §4 "Session expiry" step 3, "call a host-provided handler"): the
 * login dialog, so the page and what was typed in it stay, and the waiting requests are retried after signing in.
 * On the login pages there is nothing to go back to: the request just fails.
 */
export function reloginWithDialog(): Promise<boolean> | boolean {
  if (isLoginRoute()) return false;
  // The dialog (with its QR login) loads when a session first expires, not with every page.
  return import('@edu-portal/elements/login-dialog/login-dialog.ts').then(({ openLoginDialog }) =>
    openLoginDialog({ reason: 'expired' }),
  );
}

/** What an app shell (the desktop client's preload script) may set on the page before the host starts. */
interface AppShellConfig {
  /** The app's client id: the chain's first way in, and the client's relogin before the dialog (spec part 1 §4). */
  userClientId?: unknown;
}

/** The app's client id from `window.EDU_PORTAL_APP`, or null in a plain browser. */
function appClientId(): string | null {
  const shell = (globalThis as { EDU_PORTAL_APP?: AppShellConfig }).EDU_PORTAL_APP;
  return typeof shell?.userClientId === 'string' && shell.userClientId ? shell.userClientId : null;
}

/** What the chain decided, acted on; a public demo page keeps a signed-out visitor instead of sending them away. */
function follow(outcome: LoginOutcome): void {
  if (outcome.kind === 'go-to-login' && !requiresLogin()) return;
  // Error outcomes (a ticket without a configured ticket path) were shown as a notice by the chain; stay.
  applyOutcome(outcome);
}

/**
 * Starts the host. Throws a `StartupError` when `code` or `appCode` is missing. Resolves once the page may render
 * (after navigating within the page, or while the browser leaves for another one).
 */
export async function startHost(): Promise<void> {
  assertAppStart(APP_START);
  // During the chain the only relogin handling is the spec's default, the login page with the way back: a session
  // check whose signature fails goes there (a plain refusal does not ask for relogin; the chain decides).
  configureClient({
    appCode: APP_START.appCode,
    relogin: 'redirect',
    loginPath: LOGIN_PATH,
    userClientId: appClientId(),
  });
  // The language: the stored choice, else the login configuration's default, else zh-CN.
  const config = await loadLoginConfig();
  initLanguage(config?.decorationSet.defaultLanguage ?? null);
  // The authorize route signs in through its own flow (its page runs `runAuthorize`).
  if (!isAuthorizePath(location.href)) {
    follow(await runLoginChain({ remember, development: DEVELOPMENT, config: { rootPath: ROOT_PATH } }));
  }
  configureClient({ relogin: reloginWithDialog });
  warnIfZoomed();
}
