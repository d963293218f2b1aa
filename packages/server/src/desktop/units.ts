/** A unit's flags for the base calls (spec part 1 §7: vocational school, institutes, help-centre key). */
import type { Database } from 'better-sqlite3';

export interface UnitFlags {
  is_vocational: number;
  have_institute: number;
  help_key: string;
}

export function unitFlags(db: Database, unitId: number): UnitFlags {
  return db.prepare('SELECT is_vocational, have_institute, help_key FROM units WHERE id = ?').get(unitId) as UnitFlags;
}
