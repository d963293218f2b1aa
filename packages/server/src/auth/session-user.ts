/** The session user of spec part 1 §3, as login, relogin, me and switch/login return it. */
import type { WireSessionUser } from '@edu-portal/core';
import type { Database } from 'better-sqlite3';
import { ADMIN_ROLE, ADMIN_ROLE_PROJECT } from '../config.ts';
import type { JsonSchema } from '../http/envelope.ts';
import { fileUrl, unitLogoUrl } from '../storage-paths.ts';

/** A users row joined with its unit, as the server itself uses it. */
export interface UserRecord {
  id: number;
  loginName: string;
  passwordHash: string;
  realName: string;
  type: number;
  unitId: number;
  sex: number;
  avatarFileId: number | null;
  pairedUserId: number | null;
  status: number;
  superman: number;
  unitType: number;
  unitName: string;
  unitEnName: string;
  unitStatus: number;
  unitShardingCode: string;
  campusUnits: string;
}

const SELECT_USER = `
  SELECT u.id, u.login_name AS loginName, u.password_hash AS passwordHash, u.real_name AS realName, u.type,
         u.unit_id AS unitId, u.sex, u.avatar_file_id AS avatarFileId, u.paired_user_id AS pairedUserId,
         u.status, u.superman, n.type AS unitType, n.name AS unitName, n.en_name AS unitEnName,
         n.status AS unitStatus, n.sharding_code AS unitShardingCode, n.campus_units AS campusUnits
  FROM users u JOIN units n ON n.id = u.unit_id`;

export function findUserById(db: Database, id: number): UserRecord | undefined {
  return db.prepare(`${SELECT_USER} WHERE u.id = ?`).get(id) as UserRecord | undefined;
}

/** The user a device's client id signs in (`user_clients`), if any. */
export function findUserByClientId(db: Database, clientId: string): UserRecord | undefined {
  const row = db.prepare('SELECT user_id FROM user_clients WHERE client_id = ?').get(clientId) as
    { user_id: number } | undefined;
  return row && findUserById(db, row.user_id);
}

export function findUserByLoginName(db: Database, loginName: string): UserRecord | undefined {
  return db.prepare(`${SELECT_USER} WHERE u.login_name = ?`).get(loginName) as UserRecord | undefined;
}

export function hasRole(db: Database, userId: number, role = ADMIN_ROLE, project = ADMIN_ROLE_PROJECT): boolean {
  return !!db
    .prepare('SELECT 1 FROM user_roles WHERE user_id = ? AND role_code = ? AND project_code = ?')
    .get(userId, role, project);
}

/** A user may sign in only while both the account and its unit are active. */
export const isActive = (user: UserRecord): boolean => user.status === 1 && user.unitStatus === 1;

/**
 * The school year and term in force: the year starts in September, term 1 runs September to January and
 * term 2 February to August (the Chinese school calendar).
 */
export function schoolYearAndTerm(now: number): { year: string; term: string } {
  const date = new Date(now);
  const month = date.getMonth() + 1;
  const startYear = month >= 9 ? date.getFullYear() : date.getFullYear() - 1;
  return { year: String(startYear), term: month >= 9 || month === 1 ? '1' : '2' };
}

/** The wire shape, declared once in core: ids are strings (longs on the original back end), types and flags numbers. */
export function toSessionUser(user: UserRecord, accessToken: string, now: number): WireSessionUser {
  const { year, term } = schoolYearAndTerm(now);
  const parentId = user.type === 3 ? user.id : user.pairedUserId;
  return {
    userId: String(user.id),
    userType: user.type,
    realName: user.realName,
    loginName: user.loginName,
    avatar: user.avatarFileId === null ? '' : String(user.avatarFileId),
    unitId: String(user.unitId),
    unitType: user.unitType,
    unitName: user.unitName,
    unitEnName: user.unitEnName,
    unitImgPath: unitLogoUrl(user.unitId),
    userImgPath: user.avatarFileId === null ? '' : fileUrl(user.avatarFileId),
    unitStatus: user.unitStatus,
    userStatus: user.status,
    unitShardingCode: user.unitShardingCode,
    parentId: parentId === null ? '' : String(parentId),
    superman: user.superman === 1,
    accessToken,
    sex: user.sex,
    year,
    term,
    campusUnits: user.campusUnits,
  };
}

export const sessionUserSchema: JsonSchema = {
  type: 'object',
  description: 'The session user (spec part 1 §3 "Session and user state")',
  properties: {
    userId: { type: 'string' },
    userType: { type: 'integer', description: '1 area, 2 teacher, 3 parent, 4 like a teacher, 5 student' },
    realName: { type: 'string' },
    loginName: { type: 'string' },
    avatar: { type: 'string', description: 'File id of the avatar, empty when none' },
    unitId: { type: 'string' },
    unitType: { type: 'integer', description: '1 area, 2 school' },
    unitName: { type: 'string' },
    unitEnName: { type: 'string' },
    unitImgPath: { type: 'string' },
    userImgPath: { type: 'string' },
    unitStatus: { type: 'integer' },
    userStatus: { type: 'integer' },
    unitShardingCode: { type: 'string' },
    parentId: { type: 'string' },
    superman: { type: 'boolean' },
    accessToken: { type: 'string' },
    sex: { type: 'integer', description: '1 boy, 2 girl, otherwise unknown' },
    year: { type: 'string' },
    term: { type: 'string' },
    campusUnits: { type: 'string', description: 'JSON list of campus units' },
  },
  required: ['userId', 'userType', 'realName', 'loginName', 'unitId', 'unitType', 'accessToken', 'campusUnits'],
};
