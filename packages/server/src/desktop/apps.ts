/**
 * A user's desktop apps (spec part 1 §3 "Application icon item", §6 "App grouping and visibility"): the apps the
 * unit has, for the user's type, in the user's saved order. Hidden apps (updateStatus 0) are kept in the answer;
 * the client hides them, as the spec says.
 */
import type { Database } from 'better-sqlite3';
import type { UserRecord } from '../auth/session-user.ts';
import type { JsonSchema } from '../http/envelope.ts';

/** The wire shape of an icon item. */
export interface IconItem {
  code: string;
  zname: string;
  name: string;
  englishName: string;
  shortName: string;
  englishShortName: string;
  imgPath: string;
  imgGrayPath: string;
  imgCartoonPath: string;
  iconImg: string;
  menuRoute: string;
  serverId: string;
  deployPath: string;
  frontUserType: string;
  limitUserType: string;
  updateStatus: number;
  appType: number;
  unReadCodeCount: number;
  categoryCode: string;
}

/** A row of the apps query: the icon item as stored, with its category and the orders to sort by. */
type AppRow = Omit<IconItem, 'unReadCodeCount'> & {
  categoryName: string;
  categoryEnName: string;
  categorySort: number;
  sort: number;
  userSort: number | null;
};

export interface IconGroup {
  code: string;
  name: string;
  englishName: string;
  iconVMs: IconItem[];
}

const SELECT_APPS = `
  SELECT a.code, a.zname, a.name, a.english_name AS englishName, a.short_name AS shortName,
         a.english_short_name AS englishShortName, a.img_path AS imgPath, a.img_gray_path AS imgGrayPath,
         a.img_cartoon_path AS imgCartoonPath, a.icon_img AS iconImg, a.menu_route AS menuRoute,
         a.server_id AS serverId, a.deploy_path AS deployPath, a.front_user_type AS frontUserType,
         a.limit_user_type AS limitUserType, a.update_status AS updateStatus, a.app_type AS appType,
         a.category_code AS categoryCode, c.name AS categoryName, c.en_name AS categoryEnName,
         c.sort AS categorySort, a.sort, o.sort AS userSort
  FROM apps a
  JOIN unit_apps ua ON ua.app_code = a.code AND ua.unit_id = ?
  JOIN app_categories c ON c.code = a.category_code
  LEFT JOIN user_app_order o ON o.app_code = a.code AND o.user_id = ?
  WHERE a.app_type = ?`;

/** Whether a comma list of user types (`"2,3,4"`) names a type. */
export const listsUserType = (list: string, type: number): boolean =>
  list
    .split(',')
    .map((part) => part.trim())
    .includes(String(type));

/**
 * Whether the desktop of a user of this type shows the app. Type 1 is the unit's own (area or official) account
 * and gets every app of its unit; the client then hides `base` and `edu` for non-school units (spec §6). Every
 * other type gets the apps whose frontUserType names it.
 */
export const showsApp = (app: { frontUserType: string }, userType: number): boolean =>
  userType === 1 || listsUserType(app.frontUserType, userType);

/** Order: category, then the user's saved order, then the default order (apps not in the saved order last). */
function compareApps(a: AppRow, b: AppRow): number {
  if (a.categorySort !== b.categorySort) return a.categorySort - b.categorySort;
  const aSaved = a.userSort ?? Number.POSITIVE_INFINITY;
  const bSaved = b.userSort ?? Number.POSITIVE_INFINITY;
  if (aSaved !== bSaved) return aSaved < bSaved ? -1 : 1;
  return a.sort - b.sort;
}

function desktopRows(db: Database, user: UserRecord, appType = 1): AppRow[] {
  const rows = db.prepare(SELECT_APPS).all(user.unitId, user.id, appType) as AppRow[];
  return rows.filter((row) => showsApp(row, user.type)).sort(compareApps);
}

/** Unread messages plus open pop-up to-dos of a user, per module code (spec: unReadCodeCount). */
export function unreadByCode(db: Database, userId: number): Map<string, number> {
  const rows = db
    .prepare(
      `SELECT code, SUM(n) AS num FROM (
         SELECT module AS code, COUNT(*) AS n FROM messages WHERE user_id = ? AND read_at IS NULL GROUP BY module
         UNION ALL
         SELECT module AS code, COUNT(*) AS n FROM popup_todos WHERE user_id = ? AND handled_at IS NULL GROUP BY module
       ) GROUP BY code ORDER BY code`,
    )
    .all(userId, userId) as { code: string; num: number }[];
  return new Map(rows.map((row) => [row.code, row.num]));
}

function toIconItem(row: AppRow, unread: Map<string, number>): IconItem {
  return {
    code: row.code,
    zname: row.zname,
    name: row.name,
    englishName: row.englishName,
    shortName: row.shortName,
    englishShortName: row.englishShortName,
    imgPath: row.imgPath,
    imgGrayPath: row.imgGrayPath,
    imgCartoonPath: row.imgCartoonPath,
    iconImg: row.iconImg,
    menuRoute: row.menuRoute,
    serverId: row.serverId,
    deployPath: row.deployPath,
    frontUserType: row.frontUserType,
    limitUserType: row.limitUserType,
    updateStatus: row.updateStatus,
    appType: row.appType,
    unReadCodeCount: unread.get(row.code) ?? 0,
    categoryCode: row.categoryCode,
  };
}

/** The icons of a user's desktop, flat, in display order. */
export function desktopIcons(db: Database, user: UserRecord, appType = 1): IconItem[] {
  const unread = unreadByCode(db, user.id);
  return desktopRows(db, user, appType).map((row) => toIconItem(row, unread));
}

/** The icons grouped by category (spec: desktop icon group `{code, iconVMs}`), groups in category order. */
export function desktopGroups(db: Database, user: UserRecord, appType = 1): IconGroup[] {
  const unread = unreadByCode(db, user.id);
  const groups: IconGroup[] = [];
  for (const row of desktopRows(db, user, appType)) {
    let group = groups.at(-1);
    if (!group || group.code !== row.categoryCode) {
      group = { code: row.categoryCode, name: row.categoryName, englishName: row.categoryEnName, iconVMs: [] };
      groups.push(group);
    }
    group.iconVMs.push(toIconItem(row, unread));
  }
  return groups;
}

/** Replaces a user's saved order: the given codes first, in that order; the others keep the default order. */
export function saveIconOrder(db: Database, userId: number, codes: readonly string[]): void {
  db.transaction(() => {
    db.prepare('DELETE FROM user_app_order WHERE user_id = ?').run(userId);
    const insert = db.prepare('INSERT INTO user_app_order (user_id, app_code, sort) VALUES (?, ?, ?)');
    codes.forEach((code, index) => insert.run(userId, code, index + 1));
  })();
}

export const iconItemSchema: JsonSchema = {
  type: 'object',
  description: 'Application icon item (spec part 1 §3); image paths are served by /api/storage/show/{fileId}',
  properties: {
    code: { type: 'string' },
    zname: { type: 'string', description: 'Display name' },
    name: { type: 'string' },
    englishName: { type: 'string' },
    shortName: { type: 'string' },
    englishShortName: { type: 'string' },
    imgPath: { type: 'string' },
    imgGrayPath: { type: 'string' },
    imgCartoonPath: { type: 'string' },
    iconImg: { type: 'string', description: 'Small monochrome glyph for the header' },
    menuRoute: { type: 'string' },
    serverId: { type: 'string' },
    deployPath: { type: 'string' },
    frontUserType: { type: 'string', description: 'Comma list of the user types shown the icon' },
    limitUserType: { type: 'string', description: 'Comma list of the user types allowed in' },
    updateStatus: { type: 'integer', description: '0 hidden' },
    appType: { type: 'integer' },
    unReadCodeCount: { type: 'integer', description: "Unread messages and open to-dos of the app's module" },
    categoryCode: { type: 'string' },
  },
  required: ['code', 'zname', 'imgPath', 'imgGrayPath', 'imgCartoonPath', 'menuRoute', 'updateStatus', 'appType'],
};

export const iconGroupSchema: JsonSchema = {
  type: 'object',
  description: 'Desktop icon group (spec part 1 §3)',
  properties: {
    code: { type: 'string' },
    name: { type: 'string' },
    englishName: { type: 'string' },
    iconVMs: { type: 'array', items: iconItemSchema },
  },
  required: ['code', 'iconVMs'],
};
