/**
 * Enrolled faces and clock-ins (docs/decisions.md "Face"): every query of `user_faces` and `face_clockings`. The
 * photo files themselves are the face plugin's (it writes and removes them beside these rows).
 */
import type { ServerContext } from '../context.ts';
import type { Candidate } from './matching.ts';

export interface FaceRecordRow {
  fileName: string;
  registerTime: number;
}

export function createFaceRepository(ctx: ServerContext) {
  const { db } = ctx;
  return {
    /**
     * Enrolled faces: of active users (`unitId` narrows to one unit, a clock-in terminal's), or with `everyone`, of
     * every account, disabled ones too (enrolment must not take a face a disabled account may get back).
     */
    candidates({ unitId, everyone = false }: { unitId?: number; everyone?: boolean } = {}): Candidate[] {
      const where = [everyone ? '1 = 1' : 'u.status = 1', unitId === undefined ? '1 = 1' : 'u.unit_id = ?'];
      const rows = db
        .prepare(
          `SELECT f.user_id AS userId, f.descriptor AS descriptor FROM user_faces f JOIN users u ON u.id = f.user_id
           WHERE ${where.join(' AND ')}`,
        )
        .all(...(unitId === undefined ? [] : [unitId])) as { userId: number; descriptor: string }[];
      return rows.map((row) => ({ userId: row.userId, descriptor: JSON.parse(row.descriptor) as number[] }));
    },

    /** The user's enrolled photo file and when it was enrolled, if any. */
    record(userId: number): FaceRecordRow | undefined {
      return db
        .prepare('SELECT file_name AS fileName, register_time AS registerTime FROM user_faces WHERE user_id = ?')
        .get(userId) as FaceRecordRow | undefined;
    },

    /** Enrols (or replaces) the user's face: photo file, descriptor and time. */
    enrol(userId: number, fileName: string, descriptor: readonly number[], registerTime: number): void {
      db.prepare(
        `INSERT INTO user_faces (user_id, file_name, descriptor, register_time) VALUES (?, ?, ?, ?)
         ON CONFLICT(user_id) DO UPDATE SET file_name = excluded.file_name, descriptor = excluded.descriptor,
         register_time = excluded.register_time`,
      ).run(userId, fileName, JSON.stringify(descriptor), registerTime);
    },

    /** Records a clock-in at a terminal; its id. */
    clockIn(userId: number, clockedAt: number, terminalId: number, distance: number): number {
      const { lastInsertRowid } = db
        .prepare('INSERT INTO face_clockings (user_id, clocked_at, terminal_id, distance) VALUES (?, ?, ?, ?)')
        .run(userId, clockedAt, terminalId, distance);
      return Number(lastInsertRowid);
    },
  };
}
