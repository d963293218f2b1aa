/**
 * Route tables and the not-found rules (spec part 1 §2 "Routes", §6; part 2 §2, §6). Pure: the host filters its
 * table before it builds a router, and asks `routeAccess` on every navigation.
 */
import { codeList, normalizeRoute } from './menu.ts';

/** What the filter reads of a route entry; any router's entries fit (extra fields are kept). */
export interface PermissionRoute {
  path?: string;
  name?: string | symbol | null;
  meta?: { code?: string | readonly string[] | null } | null;
  children?: readonly PermissionRoute[];
}

export type CodeCheck = (codes: readonly string[]) => boolean;

/** User types that load the permission menu tree (spec part 1 §6). */
export const MENU_TREE_USER_TYPES: readonly number[] = [2, 4];
/** User types that may not open `/pc_{appCode}_tm` pages. */
export const TM_CLOSED_USER_TYPES: readonly number[] = [1, 3];

export function loadsMenuTree(userType: number): boolean {
  return MENU_TREE_USER_TYPES.includes(Number(userType));
}

/**
 * Drops the entries whose `meta.code` is not permitted, children included. Entries without a code stay. A pure
 * container (children, no code of its own) whose children were all dropped goes too: it would render empty.
 */
export function filterRoutes<R extends PermissionRoute>(routes: readonly R[], can: CodeCheck): R[] {
  const kept: R[] = [];
  for (const route of routes) {
    const codes = codeList(route.meta?.code);
    if (codes.length > 0 && !can(codes)) continue;
    if (route.children && route.children.length > 0) {
      const children = filterRoutes(route.children, can);
      if (children.length === 0 && codes.length === 0) continue;
      kept.push({ ...route, children });
    } else {
      kept.push(route);
    }
  }
  return kept;
}

/** The filtered table, or only the catch-all not-found entry when nothing survives. */
export function permittedRoutes<R extends PermissionRoute>(routes: readonly R[], can: CodeCheck, notFound: R): R[] {
  const kept = filterRoutes(routes, can);
  return kept.length > 0 ? kept : [notFound];
}

/**
 * The app code of a `/pc_{appCode}_tm` page (development `/pc_{appCode}_tm.html`, production
 * `…/pc_{appCode}_tm/index.html`), or null for any other page.
 */
export function tmPageAppCode(pagePath: string): string | null {
  const match = /(?:^|\/)pc_([A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*?)_tm(?:\.html|\/|$)/.exec(pagePath.split(/[?#]/)[0]!);
  return match ? match[1]! : null;
}

/** Routes that never need to be in the menu list: home and hello. Hosts add their named module entries. */
export const DEFAULT_OPEN_ROUTES = { paths: ['/', '/home', '/hello'], names: ['home', 'hello'] } as const;

export interface RouteAccessInput {
  /** The page's path (`location.pathname`), for the `/pc_{appCode}_tm` rule. */
  pagePath: string;
  /** The hash route's path. */
  route: string;
  /** The route entry's name, for named entries. */
  routeName?: string | symbol | null;
  userType: number;
  /** The menu list: routes of the user's menu tree (`menuRoutes`). */
  menuRoutes: readonly string[];
  /** Extra open routes (named module entries); home and hello are always open. */
  openPaths?: readonly string[];
  openNames?: readonly string[];
}

export type RouteAccess = 'allowed' | 'not-found';

/**
 * Whether the current page and route may show, or must be replaced by not-found:
 * 1. a `/pc_{appCode}_tm` page is closed to user types 1 and 3;
 * 2. home, hello and the named entries are always open;
 * 3. the route must be in the menu list when the user has one (types 2 and 4) or the page is a tm page (other
 *    types are "checked against the menu list" there, and have none, so it is closed to them too);
 * 4. otherwise (spm pages of types 1 and 3, the desktop of other types) the route shows: there is no list to check.
 */
export function routeAccess(input: RouteAccessInput): RouteAccess {
  const type = Number(input.userType);
  const tmPage = tmPageAppCode(input.pagePath) !== null;
  if (tmPage && TM_CLOSED_USER_TYPES.includes(type)) return 'not-found';
  const route = normalizeRoute(input.route);
  const openPaths = [...DEFAULT_OPEN_ROUTES.paths, ...(input.openPaths ?? [])].map(normalizeRoute);
  const openNames: readonly (string | symbol)[] = [...DEFAULT_OPEN_ROUTES.names, ...(input.openNames ?? [])];
  if (openPaths.includes(route)) return 'allowed';
  if (input.routeName != null && openNames.includes(input.routeName)) return 'allowed';
  if (!tmPage && !loadsMenuTree(type)) return 'allowed';
  return input.menuRoutes.map(normalizeRoute).includes(route) ? 'allowed' : 'not-found';
}
