// The ways in of the login chain after the login-status check found no session (spec part 1 §4 "Login flow"; the
// order and rules are documented in chain.ts). Loaded only then: a signed-in page never needs them (size budgets).
import {
  LOGIN_PATHS,
  getWeChatLoginInfo,
  loginWithPassword,
  loginWithTicket,
  loginWithUserClient,
  reloginWithAccessToken,
  socialLogin,
  type WeChatKind,
} from './api.ts';
import { AUTO_LOGIN_LIMIT, STORAGE_KEYS } from '../constants.ts';
import type { Envelope } from '../http/envelope.ts';
import { isRequestError } from '../http/errors.ts';
import { notify } from '../platform/notify.ts';
import { readString, removeKey, writeString } from '../platform/storage.ts';
import { readParam } from './address.ts';
import {
  SOCIAL_STATE_KEY,
  WECHAT_AUTHORIZE_URL,
  autoLoginAttempts,
  consume,
  expectSocialState,
  language,
  signedIn,
  type Context,
} from './chain-context.ts';
import { bindPageUrl } from './landing.ts';
import type { LoginOutcome, LoginVia } from './navigation.ts';
import { INVALID_GRANT, readLoginAnswer } from './result.ts';
import { safeUrl } from '../platform/safe-url.ts';
import { authText } from './texts.ts';

/** A state safe as a path segment (`/api/uaa/social/{state}`): URL-safe characters, not only dots (`..`). */
const STATE = /^(?!\.+$)[A-Za-z0-9._~-]{1,128}$/;

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

export const STEPS: readonly Step[] = [
  clientIdStep,
  queryPasswordStep,
  ticketStep,
  accessTokenStep,
  socialStep,
  weChatStep,
  rememberedStep,
];
