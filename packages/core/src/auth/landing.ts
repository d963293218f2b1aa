/**
 * Where the portal sends a user (spec part 1 §2 "Routes" and "Post-login landing targets"): the desktop home per
 * environment, device and unit type, the special unit, `/redirect/{app}` entries, the bind page, app entry pages
 * and the help centre. Pure functions: nothing here reads `location` or navigates.
 */
import { DEFAULT_SERVER_ID } from '../constants.ts';
import type { Device } from '../platform/device.ts';
import { safeUrl } from '../platform/safe-url.ts';

/** The user fields the targets depend on (a `SessionUser` has them all). */
export interface LandingUser {
  /** 1 area unit, 2 school. */
  unitType: number;
  unitId: string;
  userType: number;
}

export interface LandingContext {
  /** Development serves flat files (`/pc_desktop_all.html`); production `/{rootPath}/base/…/index.html`. */
  development: boolean;
  device: Device;
  /** The site's root path in production ('' for none), e.g. the first segment of the login page's path. */
  rootPath: string;
  /** A unit whose users land on `/{rootPath}/base/pc_app_tm/index.html` instead of the desktop. */
  specialUnitId?: string | null;
  /** The route the user came in on; `/redirect/{app}` there picks the app's page. */
  entryPath?: string | null;
}

/** A path segment we are willing to put into a URL we navigate to (no dots, slashes or escapes). */
const SEGMENT = /^[A-Za-z0-9_-]+$/;

function isSegment(value: unknown): value is string {
  return typeof value === 'string' && SEGMENT.test(value);
}

/** `/a/b/c` from the non-empty parts, so an empty root path does not give `//base/…`. */
function joinPath(...parts: string[]): string {
  return `/${parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/')}`;
}

/** Area units are unit type 1. */
export function isAreaUnit(unitType: number): boolean {
  return Number(unitType) === 1;
}

/** The id path: 'spm' for user types 1 and 3, 'tm' otherwise (spec part 1 §2, part 2 §6). */
export function idPathFor(userType: number): 'spm' | 'tm' {
  const type = Number(userType);
  return type === 1 || type === 3 ? 'spm' : 'tm';
}

/** The deploy path: 'area' for area units, 'pages' otherwise. */
export function deployPathFor(unitType: number): 'area' | 'pages' {
  return isAreaUnit(unitType) ? 'area' : 'pages';
}

/**
 * The desktop home for the device and unit type.
 * - development: `/pc_desktop_all.html`, `/mobile_desktop_all.html`; area units `/pc_area_all.html`, `/mobile_area_all.html`;
 * - production: `/{rootPath}/base/pc_desktop_all/index.html`, area units `/area/areaBase/pc_areaDesktop_all/index.html`;
 *   mobile `/{rootPath}/base/mobile_desktop_all/index.html` (the spec gives no area variant for mobile production).
 */
export function homeTarget(user: Pick<LandingUser, 'unitType'>, context: LandingContext): string {
  const area = isAreaUnit(user.unitType);
  const device = context.device === 'mobile' ? 'mobile' : 'pc';
  if (context.development) return `/${device}_${area ? 'area' : 'desktop'}_all.html`;
  if (device === 'mobile') return joinPath(context.rootPath, DEFAULT_SERVER_ID, 'mobile_desktop_all', 'index.html');
  if (area) return '/area/areaBase/pc_areaDesktop_all/index.html';
  return joinPath(context.rootPath, DEFAULT_SERVER_ID, 'pc_desktop_all', 'index.html');
}

/** The app named by a `/redirect/{app}` entry path, or null. Only a plain name is accepted. */
export function redirectEntryApp(entryPath: string | null | undefined): string | null {
  const match = /^\/?redirect\/([^/?#]+)\/?(?:[?#].*)?$/.exec(entryPath ?? '');
  return match && isSegment(match[1]) ? match[1] : null;
}

/** `/redirect/{app}` → `/pages/{app}/{pc|mobile}_{app}_{tm|spm}/index.html`; null for any other path. */
export function redirectEntryTarget(
  entryPath: string | null | undefined,
  user: Pick<LandingUser, 'userType'>,
  device: Device,
): string | null {
  const app = redirectEntryApp(entryPath);
  if (!app) return null;
  const prefix = device === 'mobile' ? 'mobile' : 'pc';
  return joinPath('pages', app, `${prefix}_${app}_${idPathFor(user.userType)}`, 'index.html');
}

/**
 * The special unit's page: `/{rootPath}/base/pc_app_tm/index.html` (development: `/pc_app_tm.html`, by the
 * development rule for app entries).
 */
export function specialUnitTarget(context: Pick<LandingContext, 'development' | 'rootPath'>): string {
  if (context.development) return '/pc_app_tm.html';
  return joinPath(context.rootPath, DEFAULT_SERVER_ID, 'pc_app_tm', 'index.html');
}

/**
 * The default landing target after a login: a `/redirect/{app}` entry, else the special unit's page, else the
 * desktop home for the device and unit type.
 */
export function landingTarget(user: LandingUser, context: LandingContext): string {
  const entry = redirectEntryTarget(context.entryPath, user, context.device);
  if (entry) return entry;
  if (context.specialUnitId && String(user.unitId) === String(context.specialUnitId)) return specialUnitTarget(context);
  return homeTarget(user, context);
}

export interface BindPageParams {
  development: boolean;
  rootPath: string;
  id?: string | null;
  openid?: string | null;
  unionid?: string | null;
  deviceId?: string | null;
}

/** The bind page: `/bind/` in development, `/{rootPath}/login/pc_bind_all/index.html` in production, with query. */
export function bindPageUrl(params: BindPageParams): string {
  const path = params.development ? '/bind/' : joinPath(params.rootPath, 'login', 'pc_bind_all', 'index.html');
  const query = new URLSearchParams();
  for (const key of ['id', 'openid', 'unionid', 'deviceId'] as const) query.set(key, params[key] ?? '');
  return `${path}?${query.toString()}`;
}

/**
 * The settings pages (`desktop/setting`, `areaDesktop/setting`) are exempt from the login redirect: a signed-out
 * visitor stays there and a login made there does not move the user away.
 */
export function isLoginRedirectExempt(path: string | null | undefined): boolean {
  return /(?:^|\/)(?:desktop|areaDesktop)\/setting(?:[/?#]|$)/.test(path ?? '');
}

export interface AppEntry {
  /** The app code (`pc_{code}_…`). */
  code: string;
  /** Default 'base'. */
  serverId?: string | null;
  /** The icon's own deploy path; default 'area' for area units, 'pages' otherwise. */
  deployPath?: string | null;
}

/**
 * An app's entry page: `/{deployPath}/{serverId}/pc_{code}_{idPath}/index.html`, in development
 * `/pc_{code}_{idPath}.html`. Null when a part is not a plain name (server data never steers the path elsewhere).
 */
export function appEntryUrl(
  app: AppEntry,
  user: Pick<LandingUser, 'unitType' | 'userType'>,
  development: boolean,
): string | null {
  const serverId = app.serverId || DEFAULT_SERVER_ID;
  const deployPath = app.deployPath?.replace(/^\/+|\/+$/g, '') || deployPathFor(user.unitType);
  if (!isSegment(app.code) || !isSegment(serverId) || !deployPath.split('/').every(isSegment)) return null;
  const page = `pc_${app.code}_${idPathFor(user.userType)}`;
  if (development) return `/${page}.html`;
  return joinPath(deployPath, serverId, page, 'index.html');
}

export interface HelpCentreParams {
  /** The help centre's address (absolute, or relative to `origin`). */
  url: string;
  /** The page to show there. */
  redUrl: string;
  accessToken: string;
  unitId: string;
  /** From `GET /api/base/unit/help_key`; left out when empty. */
  key?: string | null;
  device: Device;
  /** Default: the page's origin. */
  origin?: string;
}

export interface HelpCentreLink {
  url: string;
  /** A new window on the desktop, the same window on mobile. */
  target: '_blank' | '_self';
}

/** The help-centre link with redUrl, accessToken, unitId and optional key; null when `url` fails `safeUrl`. */
export function helpCentreLink(params: HelpCentreParams): HelpCentreLink | null {
  const safe = safeUrl(params.url, { base: params.origin ?? globalThis.location?.origin ?? 'about:blank' });
  if (!safe) return null;
  const url = new URL(safe);
  url.searchParams.set('redUrl', params.redUrl);
  url.searchParams.set('accessToken', params.accessToken);
  url.searchParams.set('unitId', params.unitId);
  if (params.key) url.searchParams.set('key', params.key);
  return { url: url.href, target: params.device === 'mobile' ? '_self' : '_blank' };
}
