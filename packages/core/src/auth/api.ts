/**
 * The login and session calls of spec part 1 §7 "Login and session" (`/api/uaa/oauth/*`): the current user, the
 * logins, logout and the login configurations. Every login call skips the interceptor: the caller reads status and
 * code (bind page, messages), and a refused login must never start the session-expiry flow. A status-200 answer
 * with data logs the session store in.
 */
import { client as defaultClient, type Client } from '../http/client.ts';
import type { Envelope } from '../http/envelope.ts';
import { isRequestError } from '../http/errors.ts';
import { isRecord } from '../platform/guards.ts';
import { session as defaultSession, type SessionStore } from '../session/store.ts';
import type { LoginStatus } from '../session/types.ts';
import type { WireUser } from '../session/wire.ts';

export const SESSION_PATHS = {
  login: '/api/uaa/oauth/login',
  refresh: '/api/uaa/oauth/refresh',
  loginUserClient: '/api/uaa/oauth/login_user_client',
  relogin: '/api/uaa/oauth/relogin',
  logout: '/api/uaa/oauth/logout',
  me: '/api/uaa/oauth/me',
  loginConfig: '/api/uaa/oauth/login/config',
  unitConfig: '/api/uaa/oauth/login/unit_config',
  switchLogin: '/api/uaa/switch/login',
  confirmPassword: '/api/uaa/oauth/confirm_password',
} as const;

export interface SessionDeps {
  client?: Client;
  session?: SessionStore;
}

/**
 * The current user: `GET /api/uaa/oauth/me` with a random `signature` and the interceptor skipped. Resolves with
 * the envelope whatever its status; rejects with a `signature` error (after relogin handling) when the answer's
 * signature does not match, so tampered data never reaches the caller.
 */
export function getMe(client: Client = defaultClient): Promise<Envelope<WireUser | null>> {
  return client.get<WireUser | null>(SESSION_PATHS.me, undefined, { signature: true, noIntercept: true });
}

/**
 * The startup login check (spec part 1 §4 "Login flow"): logged in when `me` answers status 200 with data (the
 * session store then holds that user); otherwise logged out, and the stored user is forgotten. A check that fails
 * outright also counts as logged out, but keeps what is stored. A body status 401 first tries one token refresh
 * (the access token expired, the refresh token may not have), shared with any recovery under way and across tabs,
 * still without the interceptor's notices or relogin handling, and then asks `me` once more.
 */
export async function checkLogin({
  client = defaultClient,
  session = defaultSession,
}: SessionDeps = {}): Promise<LoginStatus> {
  try {
    const sentEpoch = client.recovery.epoch;
    let envelope = await getMe(client);
    if (envelope.status === 401 && (await client.recovery.refresh(sentEpoch))) envelope = await getMe(client);
    if (envelope.status === 200 && envelope.data && session.login(envelope.data)) return 'logged-in';
    session.forget();
    return 'logged-out';
  } catch (error) {
    if (isRequestError(error) && error.kind === 'signature') session.forget();
    else session.setStatus('logged-out');
    return 'logged-out';
  }
}

/** Keeps the user of a status-200 login answer in the session store; returns the envelope unchanged. */
export function acceptLogin<T>(envelope: Envelope<T>, session: SessionStore): Envelope<T> {
  if (envelope.status === 200 && envelope.data) session.login(envelope.data);
  return envelope;
}

/**
 * Username and password login (`POST /api/uaa/oauth/login`, interceptor skipped). On status 200 the session store
 * keeps the user. Resolves with the envelope so the login form can show field messages or go to the bind page.
 */
export async function loginWithPassword(
  username: string,
  password: string,
  { client = defaultClient, session = defaultSession }: SessionDeps = {},
): Promise<Envelope<WireUser | null>> {
  const envelope = await client.post<WireUser | null>(
    SESSION_PATHS.login,
    { username: username.trim(), password: password.trim() },
    { noIntercept: true },
  );
  return acceptLogin(envelope, session);
}

/** `confirm_password` → until when the session counts as freshly authenticated (epoch ms). */
export interface FreshCredential {
  freshUntil: number | null;
}

/**
 * The signed-in user's password entered again: `POST /api/uaa/oauth/confirm_password {password}` (a reference
 * server extension, docs/decisions.md "Face security"). Acts that need a fresh credential (face collection) answer
 * status 403 with code `fresh_credential_required` until it succeeds. Skips the interceptor: a wrong password
 * resolves with its message and field error for the prompt to show.
 */
export async function confirmPassword(
  password: string,
  { client = defaultClient }: Pick<SessionDeps, 'client'> = {},
): Promise<Envelope<FreshCredential | null>> {
  const envelope = await client.post(SESSION_PATHS.confirmPassword, { password }, { noIntercept: true });
  const data = envelope.status === 200 && isRecord(envelope.data) ? envelope.data : null;
  const until = data && typeof data['freshUntil'] === 'number' ? data['freshUntil'] : null;
  return { ...envelope, data: data && { freshUntil: until } };
}

/** The code of a refusal that asks for the password (or another credential) again first. */
export const FRESH_CREDENTIAL_REQUIRED = 'fresh_credential_required';

/**
 * Logout: `POST /api/uaa/oauth/logout` with an empty body, then the local logout (stored user, session storage,
 * auto-login counter, `IS_LOGOUTED`). The local part runs even when the call fails: the user asked to leave.
 * Resolves true when the server confirmed (status 200 with data).
 */
export async function logoutCall({
  client = defaultClient,
  session = defaultSession,
}: SessionDeps = {}): Promise<boolean> {
  try {
    const envelope = await client.post(SESSION_PATHS.logout, undefined, { noIntercept: true });
    return envelope.status === 200 && envelope.data !== null && envelope.data !== undefined;
  } catch {
    return false;
  } finally {
    session.logout();
  }
}

export interface DecorationSet {
  defaultLanguage: string | null;
  footerMsg: Record<string, unknown> | null;
}

/** `decorationSet` is a JSON string (spec part 1 §3 "Login configuration"); bad JSON gives empty fields. */
export function parseDecorationSet(value: unknown): DecorationSet {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value) as unknown;
    } catch {
      parsed = null;
    }
  }
  const record = isRecord(parsed) ? parsed : {};
  return {
    defaultLanguage: typeof record['defaultLanguage'] === 'string' ? record['defaultLanguage'] : null,
    footerMsg: isRecord(record['footerMsg']) ? record['footerMsg'] : null,
  };
}

/** A configuration answer with its `decorationSet` parsed. */
export interface ConfigAnswer {
  envelope: Envelope;
  decorationSet: DecorationSet;
}

/** Asks a configuration call (no notices: the pages fall back by themselves) and parses its `decorationSet`. */
async function getConfig(client: Client, path: string, params: Record<string, string>): Promise<ConfigAnswer> {
  const envelope = await client.get(path, params, { noIntercept: true });
  const data = isRecord(envelope.data) ? envelope.data : {};
  return { envelope, decorationSet: parseDecorationSet(data['decorationSet']) };
}

/** `GET /api/uaa/oauth/login/config?url={host}`: the login configuration, with `decorationSet` parsed. */
export function getLoginConfig(
  host: string = globalThis.location?.host ?? '',
  client: Client = defaultClient,
): Promise<ConfigAnswer> {
  return getConfig(client, SESSION_PATHS.loginConfig, { url: host });
}

/**
 * `GET /api/uaa/oauth/login/unit_config?unitId=`: a unit's footer, link and `decorationSet` (parsed). The portal
 * shows the signed-in user's own unit's footer: an area officer on a school's host sees the area's record numbers.
 */
export function getUnitConfig(unitId: string, client: Client = defaultClient): Promise<ConfigAnswer> {
  return getConfig(client, SESSION_PATHS.unitConfig, { unitId });
}

/** Paths of the login calls; the ticket path is only the default of a configurable setting. */
export const LOGIN_PATHS = {
  ticket: '/api/uaa/oauth/ticket',
  socialProviders: '/api/uaa/social/providers',
  socialInfo: '/api/uaa/social/info',
  socialBind: '/api/uaa/social/bind',
  webAuth: '/api/uaa/shiyue_webauth',
} as const;

/** `POST /api/uaa/social/{state}`; `state` names the provider and must be a plain name. */
export function socialLoginPath(state: string): string {
  return `/api/uaa/social/${encodeURIComponent(state)}`;
}

/** `mp` is the WeChat official account, `qy` WeChat Work. */
export type WeChatKind = 'mp' | 'qy';

export function socialAppInfoPath(kind: WeChatKind): string {
  return `/api/uaa/social/${kind}_info`;
}

/** `POST /api/uaa/oauth/login_user_client {userClientId}`: the app's client id. */
export async function loginWithUserClient(
  userClientId: string,
  { client = defaultClient, session = defaultSession }: SessionDeps = {},
): Promise<Envelope<WireUser | null>> {
  const envelope = await client.post<WireUser | null>(
    SESSION_PATHS.loginUserClient,
    { userClientId },
    { noIntercept: true },
  );
  return acceptLogin(envelope, session);
}

/** `POST /api/uaa/oauth/relogin {accessToken}`: a new session from an access token handed over in the address. */
export async function reloginWithAccessToken(
  accessToken: string,
  { client = defaultClient, session = defaultSession }: SessionDeps = {},
): Promise<Envelope<WireUser | null>> {
  const envelope = await client.post<WireUser | null>(SESSION_PATHS.relogin, { accessToken }, { noIntercept: true });
  return acceptLogin(envelope, session);
}

/** `GET {path}?ticket=&unitHost=`: single sign-on with a ticket. */
export async function loginWithTicket(
  ticket: string,
  { path = LOGIN_PATHS.ticket, unitHost }: { path?: string; unitHost: string },
  { client = defaultClient, session = defaultSession }: SessionDeps = {},
): Promise<Envelope<WireUser | null>> {
  const envelope = await client.get<WireUser | null>(path, { ticket, unitHost }, { noIntercept: true });
  return acceptLogin(envelope, session);
}

export interface SocialLoginFields {
  code?: string | null;
  token?: string | null;
  deviceId?: string | null;
  unitHost: string;
}

/** What an unbound social login answers (status 400, a code other than `invalid_grant`). */
export interface SocialIdentity {
  openid: string;
  unionid: string;
  id: string;
}

/**
 * `POST /api/uaa/social/{state} {code, token, deviceId, unitHost}`: bound → status 200 with the user; unbound →
 * status 400 with `{openid, unionid}` for the bind page; a bad code → 400 `invalid_grant`.
 */
export async function socialLogin(
  state: string,
  fields: SocialLoginFields,
  { client = defaultClient, session = defaultSession }: SessionDeps = {},
): Promise<Envelope<unknown>> {
  const envelope = await client.post<unknown>(
    socialLoginPath(state),
    {
      code: fields.code ?? '',
      token: fields.token ?? '',
      deviceId: fields.deviceId ?? '',
      unitHost: fields.unitHost,
    },
    { noIntercept: true },
  );
  return acceptLogin(envelope, session);
}

/** The identity a refused login carries for the bind page; empty strings for what is missing. */
export function socialIdentity(data: unknown): SocialIdentity {
  const record = isRecord(data) ? data : {};
  const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  return { openid: text(record['openid']), unionid: text(record['unionid']), id: text(record['id']) };
}

/** What `GET /api/uaa/social/{qy|mp}_info` answers: the provider app id, and where the server can, a login URL. */
export interface WeChatLoginInfo {
  providerAppId: string;
  /** The state the provider will carry back (the reference server makes a fresh one). */
  state: string | null;
  /** The provider's login page with state and redirect_uri already set. */
  loginUrl: string | null;
}

/**
 * `GET /api/uaa/social/{qy|mp}_info?unitHost=&redirect_uri=`: the provider app id in `data.providerAppId`; null
 * when the unit has no such provider.
 */
export async function getWeChatLoginInfo(
  kind: WeChatKind,
  { unitHost, redirectUri }: { unitHost: string; redirectUri?: string | null },
  client: Client = defaultClient,
): Promise<WeChatLoginInfo | null> {
  const query: Record<string, string> = { unitHost };
  if (redirectUri) query['redirect_uri'] = redirectUri;
  const envelope = await client.get(socialAppInfoPath(kind), query, { noIntercept: true });
  if (envelope.status !== 200 || !isRecord(envelope.data)) return null;
  const data = envelope.data;
  const text = (key: string) => (typeof data[key] === 'string' && data[key] ? (data[key] as string) : null);
  const providerAppId = text('providerAppId');
  return providerAppId ? { providerAppId, state: text('state'), loginUrl: text('loginUrl') } : null;
}

/** One social login provider of the login box (spec part 1 §3 "Social login provider"). */
export interface SocialProvider {
  providerId: string;
  providerAppId: string;
  providerApplicationId: string;
  providerAppLoginUrl: string;
  logo: string;
}

function toProvider(value: unknown): SocialProvider | null {
  if (!isRecord(value) || typeof value['providerId'] !== 'string' || !value['providerId']) return null;
  const text = (key: string) => (typeof value[key] === 'string' ? (value[key] as string) : '');
  return {
    providerId: text('providerId'),
    providerAppId: text('providerAppId'),
    providerApplicationId: text('providerApplicationId'),
    providerAppLoginUrl: text('providerAppLoginUrl'),
    logo: text('logo'),
  };
}

/** `GET /api/uaa/social/providers?unitHost=`: the configured providers; [] when none or on a refusal. */
export async function getSocialProviders(unitHost: string, client: Client = defaultClient): Promise<SocialProvider[]> {
  const envelope = await client.get(LOGIN_PATHS.socialProviders, { unitHost }, { noIntercept: true });
  if (envelope.status !== 200 || !Array.isArray(envelope.data)) return [];
  return envelope.data.map(toProvider).filter((p): p is SocialProvider => p !== null);
}

/**
 * `GET /api/uaa/social/info?unitHost=&redirect_uri=`: what the login dialog shows (the reference server answers
 * `{providers, qrLogin: {…provider, state, loginUrl} | null}`), as the server sends it.
 */
export function getSocialInfo(
  { unitHost, redirectUri }: { unitHost?: string; redirectUri?: string | null } = {},
  client: Client = defaultClient,
): Promise<Envelope<unknown>> {
  const query: Record<string, string> = {};
  if (unitHost) query['unitHost'] = unitHost;
  if (redirectUri) query['redirect_uri'] = redirectUri;
  return client.get(LOGIN_PATHS.socialInfo, query, { noIntercept: true });
}

/** The bind form: an account's credentials and the identity of the unbound answer (from the bind page's query). */
export interface SocialBindFields {
  username: string;
  password: string;
  openid: string;
  unionid?: string;
  /** The bind request id of the unbound answer. */
  id?: string;
  deviceId?: string;
}

/** `POST /api/uaa/social/bind`: binds the social identity to an account; status 200 logs the user in. */
export async function bindSocialAccount(
  fields: SocialBindFields,
  { client = defaultClient, session = defaultSession }: SessionDeps = {},
): Promise<Envelope<unknown>> {
  const envelope = await client.post<unknown>(LOGIN_PATHS.socialBind, { ...fields }, { noIntercept: true });
  return acceptLogin(envelope, session);
}

/** The single-sign-on authorisation request (`POST /api/uaa/shiyue_webauth`). */
export interface WebAuthRequest {
  response_type: string;
  client_id: string;
  redirect_uri: string;
  state: string;
  scope: string;
  unitHost: string;
}

/** `POST /api/uaa/shiyue_webauth`: status 200 answers the URL to continue to in `data`. */
export function webAuthorize(request: WebAuthRequest, client: Client = defaultClient): Promise<Envelope<unknown>> {
  return client.post(LOGIN_PATHS.webAuth, { ...request }, { noIntercept: true });
}
