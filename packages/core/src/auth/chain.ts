/**
 * The login chain (spec part 1 §4 "Login flow"). First the login-status check; when it does not find a session,
 * each way in is tried in the spec's order: the app's client id, username and password in the query, a ticket, an
 * access token, a social code or token with its state, the WeChat / WeChat Work authorisation, the remembered
 * password (at most 4 tries, not after a logout, not in development), else the login page. Credentials read from
 * the address are removed from it once used. The chain returns an outcome; `applyOutcome` acts on it. The ways in
 * (chain-steps.ts) load only when the check finds no session; what they share with the chain is in chain-context.ts.
 */
import { checkLogin, type WeChatKind } from './api.ts';
import type { Client } from '../http/client.ts';
import type { Device } from '../platform/device.ts';
import type { SessionStore } from '../session/store.ts';
import { readParam, routePath, type AddressBar } from './address.ts';
import { consume, resolveContext, signedIn, type Context } from './chain-context.ts';
import { isLoginRedirectExempt } from './landing.ts';
import { isLoginPage, loginPageUrl, type LoginOutcome, type LoginSiteOptions } from './navigation.ts';
import type { RememberStore } from './remember.ts';

export { SOCIAL_STATE_KEY, WECHAT_AUTHORIZE_URL, autoLoginAttempts, expectSocialState } from './chain-context.ts';

/** Site settings of the chain; `development` and `device` are part of the environment (`LoginChainEnv`). */
export interface LoginChainConfig extends Partial<Omit<LoginSiteOptions, 'development' | 'device'>> {
  /** The app's client id; default the client's `userClientId`. Empty: not the app. */
  userClientId?: string | null;
  /** Query key of the ticket; default 'ticket'. */
  ticketKey?: string;
  /** Path of the ticket call; default '/api/uaa/oauth/ticket'. Null or '' means not configured (error notice). */
  ticketPath?: string | null;
  /** Query key of the access token; default 'accessToken'. */
  accessTokenKey?: string;
  /** The `state` the WeChat authorisation carries back, which is the provider of `POST /api/uaa/social/{state}`. */
  weChatStates?: Partial<Record<WeChatKind, string>>;
  /** Default `WECHAT_AUTHORIZE_URL`. */
  weChatAuthorizeUrl?: string;
}

export interface LoginChainEnv {
  /** The current address; default `location.href` (the address bar's). */
  url?: string;
  client?: Client;
  session?: SessionStore;
  /** Where the remembered password is; null or absent: no auto-login. */
  remember?: RememberStore | null;
  development?: boolean;
  /** Default: the client's device. */
  device?: Device;
  /** Default: from the user agent. */
  isWeChat?: boolean;
  isWeChatWork?: boolean;
  /** Where used credentials are removed with `history.replaceState`; default the page's. */
  addressBar?: AddressBar | null;
  /** Sent with social logins and to the bind page; default the `deviceId` query parameter. */
  deviceId?: string | null;
  config?: LoginChainConfig;
}

/** The credential parameters still in the address (removed at the end whatever happened). */
function credentialKeys(ctx: Context): string[] {
  const keys = [ctx.config.ticketKey || 'ticket', ctx.config.accessTokenKey || 'accessToken'];
  if (readParam(ctx.url, 'password')) keys.push('username', 'password');
  const state = readParam(ctx.url, 'state');
  if (state && (readParam(ctx.url, 'code') || readParam(ctx.url, 'token'))) keys.push('code', 'token', 'state');
  return keys.filter((key) => readParam(ctx.url, key) !== null);
}

/** Runs the login chain; resolves with what to do next. Never rejects. */
export async function runLoginChain(env: LoginChainEnv = {}): Promise<LoginOutcome> {
  const ctx = resolveContext(env);
  let outcome: LoginOutcome | null = null;
  try {
    // A failing check counts as logged out (docs/decisions.md "Login flows"): the chain goes on.
    const status = await checkLogin({ client: ctx.client, session: ctx.session });
    const current = ctx.session.getSnapshot().user;
    if (status === 'logged-in' && current) outcome = signedIn(ctx, 'session', current);
    if (!outcome) {
      // The ways in load only when there is no session (most pages open signed in).
      const { STEPS } = await import('./chain-steps.ts');
      for (const step of STEPS) {
        if (outcome) break;
        outcome = await step(ctx);
      }
    }
  } catch (error) {
    // Every step catches its own failures; this is a last guard so the host always gets an outcome.
    console.error(error);
  }
  // Whichever way in worked, no password, ticket or token that was not needed stays in the address either.
  consume(ctx, credentialKeys(ctx));
  if (outcome) return outcome;
  ctx.session.setStatus('logged-out');
  if (isLoginRedirectExempt(routePath(ctx.url)) || isLoginRedirectExempt(safePathname(ctx.url))) {
    return { kind: 'logged-out' };
  }
  if (isLoginPage(ctx.url, ctx.site.loginPath)) return { kind: 'go-to-login', url: null };
  return { kind: 'go-to-login', url: loginPageUrl(ctx.site.loginPath, ctx.url) };
}

function safePathname(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}
