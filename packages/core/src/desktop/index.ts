/** Portal shell: desktop icons, header, reorder, recent apps, left menu and their calls (spec part 1 §2, §3, §6). */
export {
  parseUserTypes,
  fromWireIcon,
  fromWireIconGroups,
  isSchoolUnit,
  SCHOOL_ONLY_APP_CODES,
  isIconVisible,
  isGroupedDesktop,
  visibleIcons,
  desktopIcons,
  canReorderIcons,
  mergeUnreadCounts,
  mergeGroupUnreadCounts,
  iconLabel,
  iconImage,
  iconFallbackText,
  type AppIcon,
  type IconGroup,
  type IconUser,
  type DesktopIcons,
} from './icons.ts';
export { titleFontSize, badgeText, headerIcons, headerPanelWidth } from './header.ts';
export { moveItem, moveBy, moveIconInGroup, iconOrder } from './reorder.ts';
export {
  recentAppsKey,
  normalizeRecentApps,
  readRecentApps,
  recordRecentApp,
  mergeRecentApps,
  recentIcons,
  type RecentApp,
} from './recent.ts';
export {
  DEFAULT_LEFT_MENU,
  leftMenuKey,
  readLeftMenu,
  writeLeftMenu,
  toggleLeftMenu,
  toggleLeftMenuLock,
  updateLeftMenu,
  type LeftMenuState,
} from './left-menu.ts';
export {
  DESKTOP_PATHS,
  DESKTOP_APP_TYPE,
  getAppIconGroups,
  saveIconOrder,
  getUnreadCodeCounts,
  getUnhandledCounts,
  appAccessRecord,
  recordAppAccess,
  getRecentApps,
  iconEntryUrl,
  getHelpKey,
  type UnreadCodeCount,
  type UnhandledCounts,
} from './api.ts';
