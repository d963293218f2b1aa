/** Opens `<dataDir>/portal.db`, brings its schema up to date and seeds it on first start. */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrations.ts';
import { isSeeded, seed } from './seed.ts';

export interface OpenedDatabase {
  db: Database.Database;
  storageDir: string;
  /** Migration ids applied by this start (empty on a database already up to date). */
  migrated: number[];
  /** Whether this start seeded the demo data. */
  seeded: boolean;
}

export function openDatabase(dataDir: string, now: number): OpenedDatabase {
  const root = resolve(dataDir);
  const storageDir = join(root, 'storage');
  mkdirSync(storageDir, { recursive: true });
  const db = new Database(join(root, 'portal.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  const migrated = migrate(db);
  const seeded = !isSeeded(db);
  if (seeded) seed(db, storageDir, now);
  return { db, storageDir, migrated, seeded };
}
