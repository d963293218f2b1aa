/**
 * What a login flow decided, and the one place that acts on it. Flows return an outcome instead of navigating, so
 * the React host, elements and legacy pages share them and tests can read the decision.
 */
import type { SocialIdentity } from './api.ts';
import type { Device } from '../platform/device.ts';
import type { SessionUser } from '../session/types.ts';
import { routePath } from './address.ts';
import { landingTarget, redirectEntryTarget } from './landing.ts';
import { safeRedirect } from './redirect.ts';

/** How the user got in. */
export type LoginVia =
  | 'session'
  | 'client-id'
  | 'query-password'
  | 'ticket'
  | 'access-token'
  | 'social'
  | 'remembered'
  | 'password'
  | 'passkey'
  | 'bind';

export type LoginOutcome =
  /** Signed in; `target` is where to go next, null to stay on this page. */
  | { kind: 'logged-in'; via: LoginVia; user: SessionUser; target: string | null }
  /** Not signed in: go to the login page (`url` null when this already is the login page). */
  | { kind: 'go-to-login'; url: string | null }
  /** A social identity without an account: the bind page. */
  | { kind: 'go-to-bind'; url: string; identity: SocialIdentity }
  /** Leave for another site: a provider's authorisation page, or an SSO client's redirect. */
  | { kind: 'go-to-url'; url: string }
  /** Not signed in, and this page is exempt from the login redirect (the settings pages): stay. */
  | { kind: 'logged-out' }
  /** The flow cannot go on (shown to the user as `message`); `loginUrl` offers a way out. */
  | { kind: 'error'; message: string; loginUrl: string | null };

/** What decides where a login lands (spec part 1 §2, §4 "Login result"). */
export interface LoginSiteOptions {
  /** The login page, as the client's `loginPath` (default '/login'). */
  loginPath: string;
  development: boolean;
  device: Device;
  /** Production root path ('' for none). */
  rootPath: string;
  specialUnitId?: string | null;
  /** The configured login jump page (before the default home). */
  jumpPage?: string | null;
  /** Origins besides the page's own that `redirect_uri` may point to. */
  allowedOrigins?: readonly string[];
}

/** Site options with the defaults filled in: login path and device from the request client. */
export function resolveSiteOptions(
  options: Partial<LoginSiteOptions>,
  client: { options: { loginPath: string; device: Device } },
): LoginSiteOptions {
  return {
    loginPath: options.loginPath ?? client.options.loginPath,
    development: options.development ?? false,
    device: options.device ?? client.options.device,
    rootPath: options.rootPath ?? '',
    specialUnitId: options.specialUnitId ?? null,
    jumpPage: options.jumpPage ?? null,
    allowedOrigins: options.allowedOrigins ?? [],
  };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/**
 * Whether navigating from `from` to `to` loads another document: anything but a change of the fragment (a URL
 * without a fragment always loads, even the same one).
 */
export function leavesDocument(from: string, to: string): boolean {
  try {
    const here = new URL(from);
    const there = new URL(to, here);
    if (!there.hash) return true;
    return here.origin + here.pathname + here.search !== there.origin + there.pathname + there.search;
  } catch {
    return true;
  }
}

/** `{loginPath}?redirect_uri={encoded url}` (the client's relogin redirect has the same shape). */
export function loginPageUrl(loginPath: string, redirectUri?: string | null): string {
  if (!redirectUri) return loginPath;
  return `${loginPath}${loginPath.includes('?') ? '&' : '?'}redirect_uri=${encodeURIComponent(redirectUri)}`;
}

/** True when `url` is the login page: its path, or its hash route under hash routing. */
export function isLoginPage(url: string, loginPath: string): boolean {
  let here: URL;
  let login: URL;
  try {
    here = new URL(url);
    login = new URL(loginPath, here);
  } catch {
    return false;
  }
  const loginRoute = routePath(login.href);
  if (routePath(here.href) === loginRoute) return true;
  // A plain login path also matches `/login#/anything`; a hash login path ('/#/login') only its route.
  return !login.hash && here.pathname === login.pathname;
}

/**
 * Where a login made on `url` goes (spec part 1 §4 "Login result"): a safe `redirect_uri` (same origin or
 * allow-listed), else the configured jump page (checked the same way), else the default landing target.
 */
export function loginTarget(
  user: Pick<SessionUser, 'unitType' | 'unitId' | 'userType'>,
  url: string,
  options: LoginSiteOptions,
  redirectUri: string | null,
): string {
  const policy = { origin: originOf(url), allowedOrigins: options.allowedOrigins ?? [] };
  return (
    safeRedirect(redirectUri, policy) ??
    safeRedirect(options.jumpPage, policy) ??
    landingTarget(user, { ...options, entryPath: routePath(url) })
  );
}

/**
 * Where a user who is (or just got) signed in on `url` should go: from the login page, the login target; from a
 * `/redirect/{app}` entry, that app's page; anywhere else nowhere (null: stay).
 */
export function signedInTarget(
  user: Pick<SessionUser, 'unitType' | 'unitId' | 'userType'>,
  url: string,
  options: LoginSiteOptions,
  redirectUri: string | null,
): string | null {
  if (isLoginPage(url, options.loginPath)) return loginTarget(user, url, options, redirectUri);
  return redirectEntryTarget(routePath(url), user, options.device);
}

export interface Navigator {
  /** Default `location.assign`. */
  navigate?: (url: string) => void;
}

/** The URL an outcome leads to, or null when it keeps the user where they are. */
export function outcomeUrl(outcome: LoginOutcome): string | null {
  switch (outcome.kind) {
    case 'logged-in':
      return outcome.target;
    case 'go-to-login':
    case 'go-to-bind':
    case 'go-to-url':
      return outcome.url;
    default:
      return null;
  }
}

/** Acts on an outcome: navigates where it leads. Returns true when it navigated. Never throws. */
export function applyOutcome(outcome: LoginOutcome, { navigate }: Navigator = {}): boolean {
  const url = outcomeUrl(outcome);
  if (!url) return false;
  try {
    (navigate ?? ((to: string) => globalThis.location?.assign(to)))(url);
    return true;
  } catch {
    return false;
  }
}

export interface LinkOpener {
  /** Default `window.open(url, '_blank', 'noopener')`. */
  open?: (url: string) => void;
  navigate?: (url: string) => void;
}

/** Opens a link in a new window (`_blank`) or this one (`_self`), e.g. the help centre. */
export function openLink(link: { url: string; target: '_blank' | '_self' }, opener: LinkOpener = {}): void {
  try {
    if (link.target === '_blank') {
      (opener.open ?? ((url: string) => globalThis.open?.(url, '_blank', 'noopener')))(link.url);
    } else {
      (opener.navigate ?? ((url: string) => globalThis.location?.assign(url)))(link.url);
    }
  } catch {
    /* a blocked pop-up: nothing else to do */
  }
}
