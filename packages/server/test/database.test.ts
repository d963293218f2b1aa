/** Migrations, seed and password storage. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import Database from 'better-sqlite3';
import { openDatabase } from '../src/db/database.ts';
import { migrate, MIGRATIONS } from '../src/db/migrations.ts';
import { startServer, tempDataDir, PASSWORD, type RunningServer } from './helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

describe('migrations and first-start seed', () => {
  const dataDir = tempDataDir();
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates the data directory, migrates and seeds once; a second start changes nothing', () => {
    const first = openDatabase(join(dataDir, 'nested', 'data'), Date.now());
    assert.deepEqual(
      first.migrated,
      MIGRATIONS.map((m) => m.id),
    );
    assert.equal(first.seeded, true);
    const count = (db: Database.Database, table: string) =>
      (db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    const tables = [
      'users',
      'units',
      'apps',
      'messages',
      'popup_todos',
      'module_licences',
      'students',
      'files',
      'versions',
    ];
    const before = Object.fromEntries(tables.map((t) => [t, count(first.db, t)]));
    const seededAt = first.db.prepare("SELECT value FROM meta WHERE key = 'seeded_at'").get();
    first.db.close();

    const second = openDatabase(join(dataDir, 'nested', 'data'), Date.now() + DAY);
    assert.deepEqual(second.migrated, []);
    assert.equal(second.seeded, false);
    assert.deepEqual(Object.fromEntries(tables.map((t) => [t, count(second.db, t)])), before);
    assert.deepEqual(second.db.prepare("SELECT value FROM meta WHERE key = 'seeded_at'").get(), seededAt);
    assert.deepEqual(
      second.db
        .prepare('SELECT id FROM migrations ORDER BY id')
        .all()
        .map((row) => (row as { id: number }).id),
      MIGRATIONS.map((m) => m.id),
    );
    second.db.close();
  });

  it('applies only migrations it has not recorded, each in a transaction', () => {
    const db = new Database(':memory:');
    const applied: number[] = [];
    const plan = [
      {
        id: 2,
        name: 'second',
        up: (d: Database.Database) => {
          applied.push(2);
          d.exec('CREATE TABLE b (x)');
        },
      },
      {
        id: 1,
        name: 'first',
        up: (d: Database.Database) => {
          applied.push(1);
          d.exec('CREATE TABLE a (x)');
        },
      },
    ];
    assert.deepEqual(migrate(db, plan), [1, 2]);
    assert.deepEqual(applied, [1, 2], 'in id order');
    assert.deepEqual(migrate(db, plan), []);
    const broken = [
      ...plan,
      {
        id: 3,
        name: 'broken',
        up: (d: Database.Database) => {
          d.exec('CREATE TABLE c (x)');
          throw new Error('boom');
        },
      },
    ];
    assert.throws(() => migrate(db, broken), /boom/);
    assert.equal(db.prepare("SELECT name FROM sqlite_master WHERE name = 'c'").get(), undefined, 'rolled back');
    assert.deepEqual(migrate(db, plan), []);
    db.close();
  });

  it('starts a server twice on the same data directory', async () => {
    const shared = tempDataDir();
    try {
      const one = await startServer({ dataDir: shared });
      await one.close();
      const two = await startServer({ dataDir: shared });
      const users = (two.app.portal.db.prepare('SELECT COUNT(*) AS n FROM users').get() as { n: number }).n;
      assert.equal(users, 7);
      await two.close();
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  });
});

describe('seed content', () => {
  let server: RunningServer;
  let db: Database.Database;
  const seededAt = Date.now();
  before(async () => {
    server = await startServer({ now: () => seededAt });
    db = server.app.portal.db;
  });
  after(() => server.close());

  const all = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[];
  const one = <T>(sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T;

  it('stores passwords as scrypt hashes with distinct salts, never in plain text', () => {
    const hashes = all<{ password_hash: string }>('SELECT password_hash FROM users').map((row) => row.password_hash);
    assert.equal(hashes.length, 7);
    for (const hash of hashes) assert.match(hash, /^scrypt\$\d+\$[0-9a-f]{32}\$[0-9a-f]{64}$/);
    assert.equal(new Set(hashes.map((h) => h.split('$')[2])).size, hashes.length, 'a random salt each');
    db.pragma('wal_checkpoint(TRUNCATE)');
    for (const file of readdirSync(server.dataDir).filter((name) => name.startsWith('portal.db'))) {
      assert.ok(
        !readFileSync(join(server.dataDir, file)).includes(Buffer.from(PASSWORD)),
        `${file} holds no plain password`,
      );
    }
  });

  it('has the demo accounts the issue names', () => {
    const users = all<{ login_name: string; type: number; unit_type: number; paired: string | null }>(
      `SELECT u.login_name, u.type, n.type AS unit_type, p.login_name AS paired
       FROM users u JOIN units n ON n.id = u.unit_id LEFT JOIN users p ON p.id = u.paired_user_id`,
    );
    const byName = Object.fromEntries(users.map((u) => [u.login_name, u]));
    assert.equal(byName.teacher1?.type, 2);
    assert.equal(byName.teacher1?.unit_type, 2);
    const pairedParent = byName[byName.teacher1!.paired!]!;
    assert.equal(pairedParent.type, 3);
    assert.equal(pairedParent.paired, 'teacher1');
    assert.equal(byName.parent1?.type, 3);
    assert.equal(byName.area1?.type, 1);
    assert.equal(byName.area1?.unit_type, 1);
    assert.equal(byName.staff4?.type, 4);
    assert.equal(byName.student1?.type, 5);
    const admins = all<{ login_name: string }>(
      "SELECT u.login_name FROM user_roles r JOIN users u ON u.id = r.user_id WHERE r.role_code = 'XX_SYS_' AND r.project_code = 'base'",
    );
    assert.deepEqual(
      admins.map((a) => a.login_name),
      ['admin1'],
    );
    assert.ok(one('SELECT 1 FROM user_clients WHERE client_id = ?', 'demo-client-teacher1'));
  });

  it('gives parent1 two active children in different grades and classes, and the paired parent a child', () => {
    const children = all<{ grade_name: string; class_name: string }>(
      `SELECT s.grade_name, s.class_name FROM parent_children pc JOIN students s ON s.id = pc.student_id
       JOIN users u ON u.id = pc.parent_user_id WHERE u.login_name = 'parent1' AND s.status = 1`,
    );
    assert.equal(children.length, 2);
    assert.notEqual(children[0]!.grade_name, children[1]!.grade_name);
    assert.notEqual(children[0]!.class_name, children[1]!.class_name);
    const paired = one<{ n: number }>(
      `SELECT COUNT(*) AS n FROM parent_children pc JOIN users u ON u.id = pc.parent_user_id
       JOIN users t ON t.paired_user_id = u.id WHERE t.login_name = 'teacher1'`,
    );
    assert.ok(paired.n >= 1);
  });

  it('has apps in several categories with all icon variants, two hidden, base and edu among them', () => {
    const apps = all<Record<string, string | number>>('SELECT * FROM apps');
    assert.ok(apps.length >= 14);
    assert.ok(new Set(apps.map((a) => a.category_code)).size >= 3);
    assert.equal(apps.filter((a) => a.update_status === 0).length, 2);
    for (const code of ['base', 'edu'])
      assert.ok(
        apps.some((a) => a.code === code),
        code,
      );
    for (const app of apps) {
      for (const column of ['img_path', 'img_gray_path', 'img_cartoon_path', 'icon_img']) {
        assert.match(String(app[column]), /^\/api\/storage\/show\/\d+$/, `${app.code} ${column}`);
      }
    }
  });

  it('has a menu tree with route nodes and an area-middle code', () => {
    const nodes = all<{ code: string; resource_type: number; menu_route: string; parent_id: number | null }>(
      'SELECT * FROM menu_nodes',
    );
    assert.ok(nodes.some((n) => n.code === 'base_area_report' && n.resource_type === 2));
    assert.ok(nodes.filter((n) => n.resource_type === 2).every((n) => n.menu_route.startsWith('/')));
    assert.ok(
      nodes.some((n) => n.parent_id !== null),
      'nested nodes',
    );
  });

  it('has messages of every importance and an openWay 1 message listing modules', () => {
    const importances = all<{ importance: number }>('SELECT DISTINCT importance FROM messages ORDER BY importance');
    assert.deepEqual(
      importances.map((m) => m.importance),
      [1, 2, 3, 4, 5],
    );
    const expiry = one<{ content: string }>(
      "SELECT content FROM messages m JOIN users u ON u.id = m.user_id WHERE u.login_name = 'teacher1' AND open_way = 1",
    );
    const modules = JSON.parse(expiry.content) as { code: string; endTime: number }[];
    assert.ok(modules.length >= 2);
    for (const module of modules) {
      assert.equal(typeof module.code, 'string');
      assert.equal(typeof module.endTime, 'number');
    }
  });

  it('has at least seven pop-up to-dos for teacher1', () => {
    const todos = one<{ n: number }>(
      "SELECT COUNT(*) AS n FROM popup_todos t JOIN users u ON u.id = t.user_id WHERE u.login_name = 'teacher1'",
    );
    assert.ok(todos.n >= 7);
  });

  it('has licences expired, expiring within 90 days and in use, relative to the seed moment', () => {
    const ends = all<{ end_time: number }>(
      'SELECT end_time FROM module_licences WHERE unit_id = (SELECT unit_id FROM users WHERE login_name = ?)',
      'teacher1',
    ).map((row) => row.end_time - seededAt);
    assert.ok(
      ends.some((delta) => delta < 0),
      'expired',
    );
    assert.ok(
      ends.some((delta) => delta >= 0 && delta <= 90 * DAY),
      'expiring',
    );
    assert.ok(
      ends.some((delta) => delta > 90 * DAY),
      'in use',
    );
  });

  it('has version records with bilingual metto and a login configuration per unit', () => {
    const versions = all<{ version: string; metto: string }>('SELECT version, metto FROM versions');
    assert.ok(versions.length >= 2);
    for (const version of versions) {
      for (const note of JSON.parse(version.metto) as { cn: string; en: string }[]) assert.ok(note.cn && note.en);
    }
    const configs = all<{ unit_id: number }>('SELECT unit_id FROM unit_configs');
    assert.ok(configs.length >= 3);
  });
});
