/** Portal shell: permissions (spec part 1 §2, §6; part 2 §2, §6). */
export {
  ROUTE_RESOURCE_TYPE,
  fromWireMenuTree,
  withoutAreaPart,
  buildCodeKeys,
  codeList,
  hasAnyCode,
  normalizeRoute,
  menuRoutes,
  type MenuNode,
  type WireMenuNode,
  type CodeKeys,
} from './menu.ts';
export {
  MENU_TREE_USER_TYPES,
  TM_CLOSED_USER_TYPES,
  DEFAULT_OPEN_ROUTES,
  loadsMenuTree,
  filterRoutes,
  permittedRoutes,
  tmPageAppCode,
  routeAccess,
  type PermissionRoute,
  type CodeCheck,
  type RouteAccessInput,
  type RouteAccess,
} from './routes.ts';
export {
  createPermissionStore,
  permissions,
  type PermissionStatus,
  type PermissionSnapshot,
  type PermissionStore,
  type PermissionStoreOptions,
} from './store.ts';
export { PERMISSION_PATHS, getMenuTree, hasRole, isAdmin } from './api.ts';
