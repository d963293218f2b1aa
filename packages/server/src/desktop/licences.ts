/**
 * Module licences per unit (spec part 1 §3 "Module expiry entry", §4 "Module expiry status", §6 "Module licence").
 * A licence is in force while its end time is in the future by the server clock.
 */
import type { Database } from 'better-sqlite3';
import { EXPIRING_SOON_MS } from '../config.ts';
import type { JsonSchema } from '../http/envelope.ts';

export interface ModuleEntry {
  code: string;
  name: string;
  englishName: string;
  serverId: string;
  endTime: number;
  /** 1 in use, 2 expiring soon (within 90 days), 3 expired. */
  status: 1 | 2 | 3;
}

export function expiryStatus(endTime: number, now: number): 1 | 2 | 3 {
  if (endTime < now) return 3;
  if (endTime - now <= EXPIRING_SOON_MS) return 2;
  return 1;
}

/** The unit's licensed modules, ordered expired, expiring, in use (spec §4), then by end time and code. */
export function unitModules(db: Database, unitId: number, now: number): ModuleEntry[] {
  const rows = db
    .prepare(
      `SELECT code, name, en_name AS englishName, server_id AS serverId, end_time AS endTime
       FROM module_licences WHERE unit_id = ?`,
    )
    .all(unitId) as Omit<ModuleEntry, 'status'>[];
  return rows
    .map((row) => ({ ...row, status: expiryStatus(row.endTime, now) }))
    .sort((a, b) => b.status - a.status || a.endTime - b.endTime || a.code.localeCompare(b.code));
}

/**
 * Whether a unit may use a module. A module with a licence record is usable while the licence is in force. A
 * module without one is not licence-controlled: usable when the unit has an app of that code or served by that
 * server id. Anything else is not the unit's: false.
 */
export function moduleLicensed(db: Database, unitId: number, code: string, now: number): boolean {
  const licence = db
    .prepare('SELECT end_time AS endTime FROM module_licences WHERE unit_id = ? AND code = ?')
    .get(unitId, code) as { endTime: number } | undefined;
  if (licence) return licence.endTime > now;
  return !!db
    .prepare(
      `SELECT 1 FROM unit_apps ua JOIN apps a ON a.code = ua.app_code
       WHERE ua.unit_id = ? AND (a.code = ? OR a.server_id = ?) LIMIT 1`,
    )
    .get(unitId, code, code);
}

/** Whether the unit's platform licence holds: the unit is active and at least one of its licences is in force. */
export function unitLicensed(db: Database, unitId: number, now: number): boolean {
  const unit = db.prepare('SELECT status FROM units WHERE id = ?').get(unitId) as { status: number } | undefined;
  if (!unit || unit.status !== 1) return false;
  return !!db.prepare('SELECT 1 FROM module_licences WHERE unit_id = ? AND end_time > ? LIMIT 1').get(unitId, now);
}

export const moduleEntrySchema: JsonSchema = {
  type: 'object',
  description: 'Module expiry entry (spec part 1 §3) with its derived status',
  properties: {
    code: { type: 'string' },
    name: { type: 'string' },
    englishName: { type: 'string' },
    serverId: { type: 'string' },
    endTime: { type: 'integer', description: 'Epoch milliseconds' },
    status: { type: 'integer', enum: [1, 2, 3], description: '1 in use, 2 expiring within 90 days, 3 expired' },
  },
  required: ['code', 'name', 'englishName', 'serverId', 'endTime', 'status'],
};
