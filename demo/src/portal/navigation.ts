// Where the portal's links lead (spec part 1 §2): app entry pages, the desktop home, message and to-do links, the
// help centre. Server data never steers a path elsewhere: core builds paths from plain names only, and a message's
// link is only ever a hash route inside its own app's page.
import { openHelpCentre } from '@edu-portal/core/auth/help-centre.ts';
import { homeTarget, helpCentreLink } from '@edu-portal/core/auth/landing.ts';
import { iconEntryUrl, recordAppAccess } from '@edu-portal/core/desktop/api.ts';
import type { AppIcon } from '@edu-portal/core/desktop/icons.ts';
import { recordRecentApp } from '@edu-portal/core/desktop/recent.ts';
import { detectDevice } from '@edu-portal/core/platform/device.ts';
import type { SessionUser } from '@edu-portal/core/session/types.ts';
import { DEVELOPMENT, ROOT_PATH } from '../host/site.ts';

/** The desktop home of this user and device. */
export function desktopHome(user: Pick<SessionUser, 'unitType'>): string {
  return homeTarget(user, { development: DEVELOPMENT, device: detectDevice(), rootPath: ROOT_PATH });
}

/**
 * The personal settings of this user (spec part 1 §2: `desktop/setting`, `areaDesktop/setting` for area units), a
 * route of the desktop's own page, so an app page and the phone reach it too.
 */
export function settingsAddress(user: Pick<SessionUser, 'unitType'>): string {
  return `${desktopHome(user)}#/${user.unitType === 1 ? 'areaDesktop' : 'desktop'}/setting`;
}

/** A route inside an app (`/homework/review?id=1`): a single leading slash, no scheme, no backslashes. */
function isAppRoute(route: string): boolean {
  return /^\/(?!\/)[^\\\s]*$/.test(route);
}

/** The app page of `icon`, at `route` inside it when given; null when no safe address can be made. */
export function appAddress(icon: AppIcon, user: SessionUser, route = ''): string | null {
  const entry = iconEntryUrl(icon, user, DEVELOPMENT);
  if (!entry) return null;
  return route && isAppRoute(route) ? `${entry}#${route}` : entry;
}

/**
 * Opens an app from the desktop, the header or the side menu: remembered among the recent apps, recorded on the
 * server (silently, never blocking) and opened in this window.
 */
export function openApp(icon: AppIcon, user: SessionUser, route = ''): void {
  const address = appAddress(icon, user, route);
  if (!address) return;
  recordRecentApp(user.userId, icon.code);
  void recordAppAccess(icon, user);
  location.assign(address);
}

/** The link of a message or to-do: its module's app page at the message's route, or null. */
export function moduleLink(
  module: string,
  route: string,
  icons: readonly AppIcon[],
): { icon: AppIcon; route: string } | null {
  const icon = icons.find((candidate) => candidate.code === module);
  return icon ? { icon, route } : null;
}

/** The demo host's own help centre (a page of this host), given the spec's query (redUrl, accessToken …). */
export const HELP_CENTRE_PATH = '/help/';

/** The footer's help link, with the stored handover token (what a new tab or a copied link gets). */
export function helpLink(user: SessionUser, key: string) {
  return helpCentreLink({
    url: HELP_CENTRE_PATH,
    redUrl: location.href,
    accessToken: user.accessToken,
    unitId: user.unitId,
    key,
    device: detectDevice(),
  });
}

/**
 * The footer's `edu-help` (a plain click on the help link): opens the help centre with a fresh handover token, the
 * stored one being short-lived and single-use (handover tokens), and stops the link when it did.
 */
export function openHelp(event: Event, user: SessionUser, key: string): void {
  const opened = openHelpCentre({
    url: HELP_CENTRE_PATH,
    redUrl: location.href,
    unitId: user.unitId,
    key,
    device: detectDevice(),
  });
  if (opened) event.preventDefault();
}
