// Runs before the router is made (main.tsx imports it first): a host page that the server answers at a production
// path (the bind page, /login, any path containing 'authorize', the desktop landing pages, the help centre) gets its
// hash route, so the router starts on it.
import { desktopRouteForPath } from '../portal/page-kind.ts';
import { hashRouteForPath } from './site.ts';

/**
 * A production path of a host page (the bind page, `/login`, an `authorize` path) gets its hash route; a hash
 * route containing 'authorize' becomes `#/authorize` with its query.
 */
export function routeFromPath(): void {
  const hash = location.hash.replace(/^#/, '');
  const at = hash.indexOf('?');
  const hashPath = at < 0 ? hash : hash.slice(0, at);
  const hashQuery = at < 0 ? '' : hash.slice(at);
  const replace = (route: string) =>
    history.replaceState(history.state, '', `${location.pathname}${location.search}#${route}`);
  if (hashPath.includes('authorize')) {
    if (hashPath !== '/authorize') replace(`/authorize${hashQuery}`);
    return;
  }
  if (hashPath && hashPath !== '/') return;
  const route =
    hashRouteForPath(location.pathname) ??
    desktopRouteForPath(location.pathname) ??
    (/^\/help\/?$/.test(location.pathname) ? '/help' : null);
  if (route) replace(`${route}${hashQuery}`);
}

routeFromPath();
