/**
 * The login chain (spec part 1 §4 "Login flow"). First the login-status check; when it does not find a session,
 * each way in is tried in the spec's order: the app's client id, username and password in the query, a ticket, an
 * access token, a social code or token with its state, the WeChat / WeChat Work authorisation, the remembered
 * password (at most 4 tries, not after a logout, not in development), else the login page. Credentials read from
 * the address are removed from it once used. The chain returns an outcome; `applyOutcome` acts on it.
 */
import {
  LOGIN_PATHS,
  checkLogin,
  getWeChatLoginInfo,
  loginWithPassword,
  loginWithTicket,
  loginWithUserClient,
  reloginWithAccessToken,
  socialLogin,
  type WeChatKind,
} from './api.ts';
import { AUTO_LOGIN_LIMIT, STORAGE_KEYS } from '../constants.ts';
import { client as defaultClient, type Client } from '../http/client.ts';
import type { Envelope } from '../http/envelope.ts';
import { isRequestError } from '../http/errors.ts';
import { detectMessagingClient, type Device } from '../platform/device.ts';
import { notify } from '../platform/notify.ts';
import { readString, removeKey, writeString } from '../platform/storage.ts';
import { session as defaultSession, type SessionStore } from '../session/store.ts';
import type { SessionUser } from '../session/types.ts';
import { browserAddressBar, readParam, routePath, stripParams, type AddressBar } from './address.ts';
import { bindPageUrl, isLoginRedirectExempt } from './landing.ts';
import {
  isLoginPage,
  loginPageUrl,
  resolveSiteOptions,
  signedInTarget,
  type LoginOutcome,
  type LoginSiteOptions,
  type LoginVia,
} from './navigation.ts';
import type { RememberStore } from './remember.ts';
import { INVALID_GRANT, readLoginAnswer } from './result.ts';
import { safeUrl } from '../platform/safe-url.ts';
import { authText } from './texts.ts';

/** The WeChat web authorisation page (official accounts and WeChat Work use the same one). */
export const WECHAT_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize';

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

/** A state safe as a path segment (`/api/uaa/social/{state}`): URL-safe characters, not only dots (`..`). */
const STATE = /^(?!\.+$)[A-Za-z0-9._~-]{1,128}$/;

/** sessionStorage: the state of the social login this tab started, compared when the provider comes back. */
export const SOCIAL_STATE_KEY = 'edu_social_state';

/**
 * Records the state of a social login this page starts (the WeChat step does; the login box's QR login should),
 * so that a code coming back with another state (a login link planted by someone else) is refused.
 */
export function expectSocialState(state: string): void {
  writeString('session', SOCIAL_STATE_KEY, state);
}

interface Context {
  url: string;
  client: Client;
  session: SessionStore;
  remember: RememberStore | null;
  weChat: boolean;
  weChatWork: boolean;
  addressBar: AddressBar | null;
  deviceId: string;
  unitHost: string;
  site: LoginSiteOptions;
  config: LoginChainConfig;
  /** The redirect_uri of the address as it was when the chain started. */
  redirectUri: string | null;
  socialTried: boolean;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

function resolveContext(env: LoginChainEnv): Context {
  const client = env.client ?? defaultClient;
  const addressBar = env.addressBar === undefined ? browserAddressBar() : env.addressBar;
  const url = env.url ?? addressBar?.href() ?? '';
  const config = env.config ?? {};
  const detected = detectMessagingClient();
  return {
    url,
    client,
    session: env.session ?? client.options.session ?? defaultSession,
    remember: env.remember ?? null,
    weChat: env.isWeChat ?? detected.weChat,
    weChatWork: env.isWeChatWork ?? detected.weChatWork,
    addressBar,
    deviceId: env.deviceId ?? readParam(url, 'deviceId') ?? '',
    unitHost: hostOf(url),
    site: resolveSiteOptions({ ...config, development: env.development ?? false, device: env.device }, client),
    config,
    redirectUri: readParam(url, 'redirect_uri'),
    socialTried: false,
  };
}

/** Removes used parameters from the address (and from the chain's idea of it). */
function consume(ctx: Context, keys: readonly string[]): void {
  ctx.url = stripParams(ctx.url, keys);
  if (!ctx.addressBar) return;
  const current = ctx.addressBar.href();
  const cleaned = stripParams(current, keys);
  if (cleaned !== current) ctx.addressBar.replaceState(cleaned);
}

function language(ctx: Context) {
  return ctx.client.options.language();
}

function signedIn(ctx: Context, via: LoginVia, user: SessionUser): LoginOutcome {
  return { kind: 'logged-in', via, user, target: signedInTarget(user, ctx.url, ctx.site, ctx.redirectUri) };
}

/**
 * One explicit login attempt: a login, the bind page, or (after showing the refusal as an error, as the spec's
 * login result says) null so the chain goes on. `quiet` attempts (client id, remembered password) show nothing.
 */
async function attempt(
  ctx: Context,
  via: LoginVia,
  call: () => Promise<Envelope<unknown>>,
  quiet = false,
): Promise<LoginOutcome | { refused: string } | null> {
  let envelope: Envelope<unknown>;
  try {
    envelope = await call();
  } catch (error) {
    // Transport failures reject even without the interceptor, and say nothing themselves.
    if (!quiet) notify({ type: 'error', message: isRequestError(error) ? error.message : String(error) });
    return null;
  }
  const answer = readLoginAnswer(envelope, ctx.session, language(ctx));
  if (answer.kind === 'ok') return signedIn(ctx, via, answer.user);
  if (answer.kind === 'bind') {
    const url = bindPageUrl({
      development: ctx.site.development,
      rootPath: ctx.site.rootPath,
      id: answer.identity.id,
      openid: answer.identity.openid,
      unionid: answer.identity.unionid,
      deviceId: ctx.deviceId,
    });
    return { kind: 'go-to-bind', url, identity: answer.identity };
  }
  if (!quiet) notify({ type: 'error', message: answer.message });
  return { refused: answer.code };
}

function isOutcome(value: LoginOutcome | { refused: string } | null): value is LoginOutcome {
  return value !== null && 'kind' in value;
}

type Step = (ctx: Context) => Promise<LoginOutcome | null>;

const clientIdStep: Step = async (ctx) => {
  const id = ctx.config.userClientId === undefined ? ctx.client.options.userClientId : ctx.config.userClientId;
  if (!id) return null;
  const result = await attempt(ctx, 'client-id', () => loginWithUserClient(id, ctx), true);
  return isOutcome(result) ? result : null;
};

const queryPasswordStep: Step = async (ctx) => {
  const username = readParam(ctx.url, 'username');
  const password = readParam(ctx.url, 'password');
  if (!password) return null;
  // A password never stays in the address bar, used or not.
  consume(ctx, ['username', 'password']);
  if (!username) return null;
  const result = await attempt(ctx, 'query-password', () => loginWithPassword(username, password, ctx));
  return isOutcome(result) ? result : null;
};

const ticketStep: Step = async (ctx) => {
  const key = ctx.config.ticketKey || 'ticket';
  const ticket = readParam(ctx.url, key);
  if (!ticket) return null;
  const path = ctx.config.ticketPath === undefined ? LOGIN_PATHS.ticket : ctx.config.ticketPath;
  if (!path) {
    consume(ctx, [key]);
    const message = authText('ticketPathMissing', {}, language(ctx));
    notify({ type: 'error', message });
    return { kind: 'error', message, loginUrl: ctx.site.loginPath };
  }
  try {
    const result = await attempt(ctx, 'ticket', () => loginWithTicket(ticket, { path, unitHost: ctx.unitHost }, ctx));
    return isOutcome(result) ? result : null;
  } finally {
    consume(ctx, [key]);
  }
};

const accessTokenStep: Step = async (ctx) => {
  const key = ctx.config.accessTokenKey || 'accessToken';
  const token = readParam(ctx.url, key);
  if (!token) return null;
  try {
    const result = await attempt(ctx, 'access-token', () => reloginWithAccessToken(token, ctx));
    return isOutcome(result) ? result : null;
  } finally {
    consume(ctx, [key]);
  }
};

const socialStep: Step = async (ctx) => {
  const state = readParam(ctx.url, 'state');
  const code = readParam(ctx.url, 'code');
  const token = readParam(ctx.url, 'token');
  if (!state || (!code && !token)) return null;
  // Whatever happens, this code was tried: the WeChat step must not send the user round the same loop again.
  ctx.socialTried = true;
  const expected = readString('session', SOCIAL_STATE_KEY);
  removeKey('session', SOCIAL_STATE_KEY);
  try {
    if (!STATE.test(state)) return null;
    if (expected && expected !== state) {
      notify({ type: 'error', message: authText('socialStateMismatch', {}, language(ctx)) });
      return null;
    }
    const fields = { code, token, deviceId: ctx.deviceId, unitHost: ctx.unitHost };
    const result = await attempt(ctx, 'social', () => socialLogin(state, fields, ctx));
    return isOutcome(result) ? result : null;
  } finally {
    consume(ctx, ['code', 'token', 'state']);
  }
};

/** Only pages that pass core's safe-URL rule are followed, whatever a server sends. */
function httpUrl(value: string, base?: URL): URL | null {
  const safe = safeUrl(value, { base: base?.href ?? 'about:blank' });
  return safe ? new URL(safe) : null;
}

const weChatStep: Step = async (ctx) => {
  if ((!ctx.weChat && !ctx.weChatWork) || ctx.socialTried) return null;
  const kind: WeChatKind = ctx.weChatWork ? 'qy' : 'mp';
  // The way back is a path of this site: the server accepts only its own origin, which it may know by another name.
  const back = httpUrl(ctx.url);
  if (!back) return null;
  const info = await getWeChatLoginInfo(
    kind,
    { unitHost: ctx.unitHost, redirectUri: `${back.pathname}${back.search}${back.hash}` },
    ctx.client,
  ).catch(
    () => null, // no provider answer: the other ways in remain
  );
  if (!info) return null;
  const state = info.state ?? ctx.config.weChatStates?.[kind] ?? kind;
  // The server's login URL already carries state and redirect_uri; else the provider's page is built here.
  let target = info.loginUrl ? httpUrl(info.loginUrl, back) : null;
  if (!target) {
    target = httpUrl(ctx.config.weChatAuthorizeUrl ?? WECHAT_AUTHORIZE_URL);
    if (!target) return null;
    target.searchParams.set('appid', info.providerAppId);
    target.searchParams.set('redirect_uri', ctx.url);
    target.searchParams.set('response_type', 'code');
    target.searchParams.set('scope', 'snsapi_base');
    target.searchParams.set('state', state);
    target.hash = 'wechat_redirect';
  }
  expectSocialState(state);
  return { kind: 'go-to-url', url: target.href };
};

/** Remembered-password attempts so far (`AUTO_LOGIN_NUM`). */
export function autoLoginAttempts(): number {
  const count = Number.parseInt(readString('local', STORAGE_KEYS.autoLoginCount) ?? '', 10);
  return Number.isFinite(count) && count > 0 ? count : 0;
}

const rememberedStep: Step = async (ctx) => {
  const remember = ctx.remember;
  if (!remember || ctx.site.development || ctx.session.wasLoggedOut() || !remember.isRemembered()) return null;
  const attempts = autoLoginAttempts();
  if (attempts >= AUTO_LOGIN_LIMIT) return null;
  const saved = await remember.load().catch(() => null);
  if (!saved) return null;
  // Counted before the call, so a page that dies mid-login still uses up a try.
  writeString('local', STORAGE_KEYS.autoLoginCount, String(attempts + 1));
  const result = await attempt(ctx, 'remembered', () => loginWithPassword(saved.username, saved.password, ctx), true);
  if (isOutcome(result)) return result;
  // A refused remembered password will not become right: stop offering it (the user name stays).
  if (result?.refused === INVALID_GRANT) await remember.forgetPassword().catch(() => undefined);
  return null;
};

const STEPS: readonly Step[] = [
  clientIdStep,
  queryPasswordStep,
  ticketStep,
  accessTokenStep,
  socialStep,
  weChatStep,
  rememberedStep,
];

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
    for (const step of STEPS) {
      if (outcome) break;
      outcome = await step(ctx);
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
