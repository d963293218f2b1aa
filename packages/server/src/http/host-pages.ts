/**
 * Page addresses of the demo host (spec part 1 §2 routes and post-login landing targets). The host is one
 * single-page app with hash routing, so the reference server answers its index.html at every production and
 * development address the client computes, and every computed target opens a real page. Files that exist in the
 * static directory, /api, /common and the language packs are matched before this and keep their answers.
 */

const SEGMENT = '[A-Za-z0-9_.~-]+';
/** `pc_desktop_all`, `mobile_areaDesktop_all`, `pc_app_tm`, `pc_homework_spm`: device, code, id path. */
const ENTRY = '(?:pc|mobile)_[A-Za-z0-9_-]+_(?:all|tm|spm)';

const HOST_PAGES: RegExp[] = [
  // Development entries: /pc_desktop_all.html, /mobile_area_all.html, /pc_{code}_{idPath}.html.
  new RegExp(`^/${ENTRY}\\.html$`),
  // Production entries, {deployPath or root}/{serverId}/pc_{code}_{idPath}/index.html: /{rootPath}/base/
  // pc_desktop_all/, /area/areaBase/pc_areaDesktop_all/, /{rootPath}/base/pc_app_tm/, /pages/{app}/{pc|mobile}_
  // {app}_{tm|spm}/, /{rootPath}/login/pc_bind_all/ — with or without index.html.
  new RegExp(`^(?:/${SEGMENT}){0,3}/${ENTRY}/(?:index\\.html)?$`),
  // Redirect entries and the bind page.
  new RegExp(`^/redirect/${SEGMENT}/?$`),
  /^\/bind(?:\/(?:index\.html)?)?$/,
  // Routes of the login chain and the settings pages exempt from the login redirect.
  /^\/(?:login|forgetPassword|needtologinpagerelogin)\/?$/,
  /^\/(?:desktop|areaDesktop)\/(?:home|setting)\/?$/,
  // The demo host's help centre (opened with redUrl, accessToken, unitId and key).
  /^\/help\/?$/,
];

/** Whether a GET of this path (no query) should answer the host's index.html. */
export function isHostPage(path: string): boolean {
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/common/')) return false;
  // The single-sign-on flow: any path containing 'authorize' (spec §2).
  if (path.toLowerCase().includes('authorize')) return true;
  return HOST_PAGES.some((pattern) => pattern.test(path));
}
