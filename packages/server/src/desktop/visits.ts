/**
 * App visits and the recent apps built from them (spec part 1 §9 "Recent apps"; `recent_apps` is ours,
 * docs/decisions.md "Desktop calls (reference server)"). Every query of `user_access_details` is here.
 */
import { RECENT_APPS_LIMIT } from '@edu-portal/core/constants.ts';
import type { UserRecord } from '../auth/session-user.ts';
import type { ServerContext } from '../context.ts';
import { desktopIcons, type IconItem } from './apps.ts';

/** Spec part 1 §9: the recent-apps list holds at most 10 per user. */
/** Visits kept per user; older rows are dropped when a visit is recorded. */
const ACCESS_LOG_KEEP = 200;

export interface AppVisit {
  /** The app code. */
  resId: string;
  resName: string;
  /** 1 an app of the desktop. */
  type: number;
}

export function createVisitRepository(ctx: ServerContext) {
  const { db } = ctx;
  return {
    /** Records that the user opened an app, keeping the user's latest 200 visits. */
    record(user: UserRecord, visit: AppVisit): void {
      db.transaction(() => {
        db.prepare(
          `INSERT INTO user_access_details (user_id, user_type, unit_id, res_id, res_name, type, accessed_at)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        ).run(user.id, user.type, user.unitId, visit.resId, visit.resName, visit.type, ctx.now());
        db.prepare(
          `DELETE FROM user_access_details WHERE user_id = ? AND id NOT IN (
             SELECT id FROM user_access_details WHERE user_id = ? ORDER BY accessed_at DESC, id DESC LIMIT ?)`,
        ).run(user.id, user.id, ACCESS_LOG_KEEP);
      })();
    },

    /** The apps still on the user's desktop, most recently opened first, at most 10, with the last opening time. */
    recentApps(user: UserRecord): (IconItem & { accessTime: number })[] {
      const icons = new Map(desktopIcons(db, user).map((icon) => [icon.code, icon]));
      const visits = db
        .prepare(
          `SELECT res_id AS code, MAX(accessed_at) AS accessTime, MAX(id) AS lastId FROM user_access_details
           WHERE user_id = ? AND type = 1 GROUP BY res_id ORDER BY accessTime DESC, lastId DESC`,
        )
        .all(user.id) as { code: string; accessTime: number }[];
      return visits
        .filter((visit) => icons.has(visit.code))
        .slice(0, RECENT_APPS_LIMIT)
        .map((visit) => ({ ...icons.get(visit.code)!, accessTime: visit.accessTime }));
    },
  };
}
