// The demo host's login settings and the startup of spec part 1 §4 "Login flow": start checks, the login chain,
// the login dialog as the client's relogin handler, the zoom warning. Pages and elements read the same settings.
import { getLoginConfig, type DecorationSet, type SocialProvider } from '@edu-portal/core/auth/api.ts';
import { isRecord } from '@edu-portal/core/platform/guards.ts';
import { createRememberStore } from '@edu-portal/core/auth/remember.ts';
import { routePath } from '@edu-portal/core/auth/address.ts';

/**
 * The host's login route (hash routing): relogin redirects, the chain and logout all go here. Relative, so the
 * login page opens in the same document wherever the host was loaded (a landing page such as
 * `/pages/base/pc_desktop_all/index.html` included): no reload, and a notice the chain just showed (a refused ticket)
 * stays on screen.
 */
export const LOGIN_PATH = '#/login';

/**
 * The login page in a document of its own (the site root): for leaving (logout, switch account) and for pages
 * whose own query must not reach the login page (an authorize address carries the app's `redirect_uri`).
 */
export const LOGIN_PAGE = '/#/login';

/** Production root path: the landing pages are `/pages/base/pc_desktop_all/index.html` and so on. */
export const ROOT_PATH = 'pages';

/** Development landing targets (`/pc_desktop_all.html`) under the Vite dev server, production ones when built. */
export const DEVELOPMENT = import.meta.env.DEV;

/** The app's start parameters (spec part 1 §5 "Startup": both are required). */
export const APP_START = { code: 'desktop', appCode: 'desktop' } as const;

/** The one remember-password store of the page (the login box and the chain's auto-login share its record). */
export const remember = createRememberStore();

/** What the login pages show of `GET /api/uaa/oauth/login/config`. */
export interface LoginPageConfig {
  unitId: string;
  unitType: number;
  unitName: string;
  unitEnName: string;
  unitImgPath: string;
  socialProviders: SocialProvider[];
  decorationSet: DecorationSet;
}

function text(record: Record<string, unknown>, key: string): string {
  const value = record[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function toProviders(value: unknown): SocialProvider[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((p) => ({
    providerId: text(p, 'providerId'),
    providerAppId: text(p, 'providerAppId'),
    providerApplicationId: text(p, 'providerApplicationId'),
    providerAppLoginUrl: text(p, 'providerAppLoginUrl'),
    logo: text(p, 'logo'),
  }));
}

let configPromise: Promise<LoginPageConfig | null> | null = null;

/** The login configuration of this host, asked once per page; null when the server could not say. */
export function loadLoginConfig(): Promise<LoginPageConfig | null> {
  configPromise ??= getLoginConfig(location.host).then(
    ({ envelope, decorationSet }) => {
      if (envelope.status !== 200 || !isRecord(envelope.data)) return null;
      const data = envelope.data;
      return {
        unitId: text(data, 'unitId'),
        unitType: Number(data['unitType'] ?? 2) || 2,
        unitName: text(data, 'unitName'),
        unitEnName: text(data, 'unitEnName'),
        unitImgPath: text(data, 'unitImgPath'),
        socialProviders: toProviders(data['socialProviders']),
        decorationSet,
      };
    },
    () => null,
  );
  return configPromise;
}

/** Hash routes of the login pages, where the login dialog never opens (the page itself is the way in). */
const LOGIN_ROUTES = /^\/(login|forgetPassword|needtologinpagerelogin|bind|authorize)(\/|$)/;

export function isLoginRoute(url: string = location.href): boolean {
  return LOGIN_ROUTES.test(routePath(url));
}

/**
 * The hash route of a page the server answers at a production path with the host's index.html (spec part 1 §2:
 * the bind page, the login routes, any path containing 'authorize'); null for every other path.
 */
export function hashRouteForPath(pathname: string): string | null {
  if (/^\/bind\/?(index\.html)?$/.test(pathname) || /\/login\/pc_bind_all(\/(index\.html)?)?$/.test(pathname)) {
    return '/bind';
  }
  if (pathname.toLowerCase().includes('authorize')) return '/authorize';
  const login = /^\/(login|forgetPassword|needtologinpagerelogin)\/?$/.exec(pathname);
  return login ? `/${login[1]}` : null;
}

/**
 * Which pages need a signed-in user. The portal's own pages do: the desktops (`/desktop/…`, `/areaDesktop/…`; their
 * settings pages are exempt by core's chain), `/redirect/{app}` entries and the landing pages the server answers at
 * production and development paths (`/pages/base/pc_desktop_all/index.html`, `/pc_desktop_all.html`). The demo's
 * catalogue of building blocks, the session page and the login pages are public, so a visitor can try them.
 */
export function requiresLogin(url: string = location.href): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  // The login pages themselves (the bind page is served at a landing-like path) never send a visitor away.
  if (isLoginRoute(url)) return false;
  const route = routePath(url);
  if (/^\/(desktop|areaDesktop|mobile)(\/|$)/.test(route) || /^\/redirect\/[^/]+/.test(route)) return true;
  const path = parsed.pathname;
  return /^\/redirect\/[^/]+/.test(path) || /\/(pc|mobile)_[A-Za-z0-9_-]+_(all|tm|spm)(\.html$|\/)/.test(path);
}
