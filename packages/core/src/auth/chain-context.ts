// What every step of the login chain shares (docs in chain.ts): the chain's context, made from its environment, and
// the small helpers the chain and its steps both use. Split from the steps so a signed-in page never loads them.
import { STORAGE_KEYS } from '../constants.ts';
import { client as defaultClient, type Client } from '../http/client.ts';
import { detectMessagingClient } from '../platform/device.ts';
import { readString } from '../platform/storage.ts';
import { session as defaultSession, type SessionStore } from '../session/store.ts';
import type { SessionUser } from '../session/types.ts';
import { browserAddressBar, readParam, stripParams, type AddressBar } from './address.ts';
import type { LoginChainConfig, LoginChainEnv } from './chain.ts';
import {
  resolveSiteOptions,
  signedInTarget,
  type LoginOutcome,
  type LoginSiteOptions,
  type LoginVia,
} from './navigation.ts';
import type { RememberStore } from './remember.ts';

/** The WeChat web authorisation page (official accounts and WeChat Work use the same one). */
export const WECHAT_AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/oauth2/authorize';

export { SOCIAL_STATE_KEY, expectSocialState } from './social-state.ts';

/** Remembered-password attempts so far (`AUTO_LOGIN_NUM`). */
export function autoLoginAttempts(): number {
  const count = Number.parseInt(readString('local', STORAGE_KEYS.autoLoginCount) ?? '', 10);
  return Number.isFinite(count) && count > 0 ? count : 0;
}

export interface Context {
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

export function resolveContext(env: LoginChainEnv): Context {
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
export function consume(ctx: Context, keys: readonly string[]): void {
  ctx.url = stripParams(ctx.url, keys);
  if (!ctx.addressBar) return;
  const current = ctx.addressBar.href();
  const cleaned = stripParams(current, keys);
  if (cleaned !== current) ctx.addressBar.replaceState(cleaned);
}

export function language(ctx: Context) {
  return ctx.client.options.language();
}

export function signedIn(ctx: Context, via: LoginVia, user: SessionUser): LoginOutcome {
  return { kind: 'logged-in', via, user, target: signedInTarget(user, ctx.url, ctx.site, ctx.redirectUri) };
}
