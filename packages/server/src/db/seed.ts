/**
 * Seeds the database with the demo data of seed-data.ts, in stages that each run once: `meta.seeded_at` records
 * the portal data, `meta.seeded_login_at` the login providers, social identities and SSO clients of the login calls, so a
 * database seeded before a stage existed gets it on its next start, and a second start neither seeds again nor
 * fails. Files (logos, icons, avatar, badge) are written under `storage/seed/`.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { ADMIN_ROLE, ADMIN_ROLE_PROJECT, DEMO_PASSWORD, EXPIRING_SOON_MS } from '../config.ts';
import { hashPassword } from '../auth/passwords.ts';
import { seedVoiceSkills } from '../speech/skills.ts';
import { fileUrl } from '../storage-paths.ts';
import { appIconSvg, avatarSvg, providerLogoSvg, recordBadgeSvg, unitLogoSvg, type IconVariant } from './seed-art.ts';
import {
  APPS,
  CATEGORIES,
  CURRENT_CHILD,
  DEMO_LMS,
  DEV_SOCIAL_AUTHORIZE_PATH,
  EXTERNAL_APPS,
  MENUS,
  MESSAGES,
  MODULE_LICENCES,
  SCHOOL_UNIT,
  POPUP_TODOS,
  SOCIAL_IDENTITIES,
  SOCIAL_PROVIDERS,
  STUDENTS,
  UNIT_APPS,
  UNITS,
  USER_APP_ORDER,
  USER_CLIENTS,
  USER_THEMES,
  USERS,
  VERSIONS,
  unitConfigs,
  type SeedMenuNode,
} from './seed-data.ts';

const SEED_MARK = 'seeded_at';
const LOGIN_SEED_MARK = 'seeded_login_at';
const VOICE_SEED_MARK = 'seeded_voice_at';
const SEED_MARKS = [SEED_MARK, LOGIN_SEED_MARK, VOICE_SEED_MARK];

const hasMark = (db: Database, mark: string): boolean => !!db.prepare('SELECT 1 FROM meta WHERE key = ?').get(mark);

/** Whether every seed stage has run. */
export function isSeeded(db: Database): boolean {
  return SEED_MARKS.every((mark) => hasMark(db, mark));
}

const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Writes seed SVGs to `storage/seed/` and records them in `files`; each call answers the new file id. */
function svgStore(db: Database, storageDir: string, now: number) {
  const seedDir = join(storageDir, 'seed');
  mkdirSync(seedDir, { recursive: true });
  const insertFile = db.prepare(
    `INSERT INTO files (name, mime, size, md5, storage_path, is_public, owner_user_id, created_at)
     VALUES (?, 'image/svg+xml', ?, ?, ?, ?, ?, ?)`,
  );
  return (name: string, content: string, isPublic = true, ownerUserId: number | null = null): number => {
    const bytes = Buffer.from(content, 'utf8');
    writeFileSync(join(seedDir, name), bytes);
    const md5 = createHash('md5').update(bytes).digest('hex');
    return Number(
      insertFile.run(name, bytes.length, md5, `seed/${name}`, isPublic ? 1 : 0, ownerUserId, now).lastInsertRowid,
    );
  };
}

/** Runs the seed stages this database has not had yet. */
export function seed(db: Database, storageDir: string, now: number): void {
  if (!hasMark(db, SEED_MARK)) seedPortal(db, storageDir, now);
  if (!hasMark(db, LOGIN_SEED_MARK)) seedLogin(db, storageDir, now);
  if (!hasMark(db, VOICE_SEED_MARK)) seedVoice(db, now);
}

/** The voice skills, from the apps (every app by its names, and a few desktop phrases). */
function seedVoice(db: Database, now: number): void {
  db.transaction(() => {
    seedVoiceSkills(db);
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(VOICE_SEED_MARK, String(now));
  })();
}

/**
 * More staff of the school unit (test hook `people`): a clock-in terminal test needs more different people than the
 * demo accounts. Each signs in with the demo password; the next reseed removes them.
 */
export function addSchoolStaff(db: Database, count: number, now: number): { userId: number; loginName: string }[] {
  const { next } = db.prepare('SELECT MAX(id) + 1 AS next FROM users').get() as { next: number };
  const insert = db.prepare(
    `INSERT INTO users (id, login_name, password_hash, real_name, type, unit_id, sex, created_at)
     VALUES (?, ?, ?, ?, 4, ?, ?, ?)`,
  );
  const hash = hashPassword(DEMO_PASSWORD);
  return db.transaction(() =>
    Array.from({ length: count }, (_, i) => {
      const userId = next + i;
      const loginName = `staff-${userId}`;
      insert.run(userId, loginName, hash, `职工${userId}`, SCHOOL_UNIT.id, 1 + (i % 2), now);
      return { userId, loginName };
    }),
  )();
}

/**
 * Empties every data table and seeds again (test hook `reseed`): end-to-end tests that mark messages read, save
 * themes or reorder icons start each from the seeded data. The schema and its migration record stay.
 */
export function reseed(db: Database, storageDir: string, now: number): void {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'migrations'",
    )
    .all()
    .map((row) => (row as { name: string }).name);
  db.pragma('foreign_keys = OFF');
  try {
    db.transaction(() => {
      for (const table of tables) db.prepare(`DELETE FROM "${table}"`).run();
      if (db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_sequence'").get()) {
        db.prepare('DELETE FROM sqlite_sequence').run();
      }
    })();
  } finally {
    db.pragma('foreign_keys = ON');
  }
  seed(db, storageDir, now);
}

/** The school's login providers with their logos, social identities, the SSO client and external app. */
function seedLogin(db: Database, storageDir: string, now: number): void {
  const storeSvg = svgStore(db, storageDir, now);
  db.transaction(() => {
    const insertProvider = db.prepare(
      `INSERT INTO social_providers (provider_id, unit_id, provider_app_id, provider_application_id,
         provider_app_login_url, logo, sort) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    const logos = new Map<string, string>();
    for (const [index, provider] of SOCIAL_PROVIDERS.entries()) {
      if (!logos.has(provider.providerId)) {
        const logo = storeSvg(`social-${provider.providerId}.svg`, providerLogoSvg(provider.providerId));
        logos.set(provider.providerId, fileUrl(logo));
      }
      insertProvider.run(
        provider.providerId,
        provider.unitId,
        provider.providerAppId,
        provider.providerApplicationId,
        `${DEV_SOCIAL_AUTHORIZE_PATH}?provider=${encodeURIComponent(provider.providerId)}`,
        logos.get(provider.providerId),
        index + 1,
      );
    }
    const insertIdentity = db.prepare(
      `INSERT INTO social_identities (provider_id, openid, unionid, nickname, user_id, bound_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
    for (const identity of SOCIAL_IDENTITIES) {
      insertIdentity.run(
        identity.providerId,
        identity.openid,
        identity.unionid,
        identity.nickname,
        identity.userId,
        identity.userId === null ? null : now,
      );
    }
    db.prepare(
      `INSERT INTO sso_clients (client_id, name, en_name, secret_hash, redirect_uris, scopes, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      DEMO_LMS.clientId,
      DEMO_LMS.name,
      DEMO_LMS.enName,
      hashPassword(DEMO_LMS.secret),
      JSON.stringify([DEMO_LMS.callbackPath]),
      DEMO_LMS.scopes,
      now,
    );
    const insertExternal = db.prepare(
      'INSERT INTO external_apps (app_code, name, en_name, login_url) VALUES (?, ?, ?, ?)',
    );
    for (const app of EXTERNAL_APPS) insertExternal.run(app.appCode, app.name, app.enName, app.loginUrl);
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(LOGIN_SEED_MARK, String(now));
  })();
}

/** What each stage of the portal seed writes with: the database, the seed moment, and the store of seed pictures. */
interface Seeding {
  db: Database;
  now: number;
  storeSvg: ReturnType<typeof svgStore>;
}

function seedPortal(db: Database, storageDir: string, now: number): void {
  const storeSvg = svgStore(db, storageDir, now);

  const seeding: Seeding = { db, now, storeSvg };
  db.transaction(() => {
    seedUnits(seeding);
    seedUsers(seeding);
    seedApps(seeding);
    seedMenus(seeding);
    seedMessagesAndTodos(seeding);
    seedLicences(seeding);
    seedChildren(seeding);
    seedVersionsAndThemes(seeding);
    db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)').run(SEED_MARK, String(now));
  })();
}

function seedUnits({ db, now, storeSvg }: Seeding) {
  const insertUnit = db.prepare(
    `INSERT INTO units (id, type, name, en_name, parent_unit_id, logo_file_id, sharding_code, style_layout,
       campus_units, help_key, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertHost = db.prepare('INSERT INTO unit_hosts (host, unit_id) VALUES (?, ?)');
  for (const unit of UNITS) {
    const logo = storeSvg(`unit-${unit.id}.svg`, unitLogoSvg(unit.glyph, unit.color));
    const parent = unit.type === 2 ? (UNITS.find((u) => u.type === 1)?.id ?? null) : null;
    insertUnit.run(
      unit.id,
      unit.type,
      unit.name,
      unit.enName,
      parent,
      logo,
      unit.shardingCode,
      unit.styleLayout,
      JSON.stringify(unit.campusUnits),
      unit.helpKey,
      now,
    );
    for (const host of unit.hosts) insertHost.run(host, unit.id);
  }
  const badgeUrl = fileUrl(storeSvg('record-badge.svg', recordBadgeSvg()));
  const insertConfig = db.prepare(
    'INSERT INTO unit_configs (unit_id, footer, link, decoration_set) VALUES (?, ?, ?, ?)',
  );
  for (const config of unitConfigs(new Date(now).getFullYear(), badgeUrl)) {
    insertConfig.run(config.unitId, config.footer, config.link, JSON.stringify(config.decorationSet));
  }
}

function seedUsers({ db, now, storeSvg }: Seeding) {
  const insertUser = db.prepare(
    `INSERT INTO users (id, login_name, password_hash, real_name, type, unit_id, sex, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const user of USERS) {
    insertUser.run(
      user.id,
      user.loginName,
      hashPassword(DEMO_PASSWORD),
      user.realName,
      user.type,
      user.unitId,
      user.sex,
      now,
    );
  }
  // Second pass: pairs and avatars refer to rows that must already exist.
  for (const user of USERS) {
    if (user.pairedWith) db.prepare('UPDATE users SET paired_user_id = ? WHERE id = ?').run(user.pairedWith, user.id);
    if (user.withAvatar) {
      const avatar = storeSvg(`avatar-${user.id}.svg`, avatarSvg('#457CD6'), false, user.id);
      db.prepare('UPDATE users SET avatar_file_id = ? WHERE id = ?').run(avatar, user.id);
    }
    if (user.admin) {
      db.prepare('INSERT INTO user_roles (user_id, role_code, project_code) VALUES (?, ?, ?)').run(
        user.id,
        ADMIN_ROLE,
        ADMIN_ROLE_PROJECT,
      );
    }
  }
  const insertClient = db.prepare(
    'INSERT INTO user_clients (client_id, user_id, name, created_at) VALUES (?, ?, ?, ?)',
  );
  for (const client of USER_CLIENTS) insertClient.run(client.clientId, client.userId, client.name, now);
}

function seedApps({ db, storeSvg }: Seeding) {
  const insertCategory = db.prepare('INSERT INTO app_categories (code, name, en_name, sort) VALUES (?, ?, ?, ?)');
  CATEGORIES.forEach((category, index) => insertCategory.run(category.code, category.name, category.enName, index + 1));
  const insertApp = db.prepare(
    `INSERT INTO apps (code, zname, name, english_name, short_name, english_short_name, img_path, img_gray_path,
       img_cartoon_path, icon_img, menu_route, server_id, deploy_path, front_user_type, limit_user_type,
       update_status, app_type, category_code, sort)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
  );
  APPS.forEach((app, index) => {
    const icon = (variant: IconVariant) =>
      fileUrl(storeSvg(`app-${app.code}-${variant}.svg`, appIconSvg(app.glyph, app.color, variant)));
    insertApp.run(
      app.code,
      app.name,
      app.name,
      app.englishName,
      app.shortName,
      app.englishShortName,
      icon('color'),
      icon('gray'),
      icon('cartoon'),
      icon('glyph'),
      app.menuRoute,
      app.serverId ?? 'base',
      app.deployPath ?? 'pages',
      app.frontUserType,
      app.limitUserType,
      app.hidden ? 0 : 1,
      app.category,
      index + 1,
    );
  });
  const insertUnitApp = db.prepare('INSERT INTO unit_apps (unit_id, app_code) VALUES (?, ?)');
  for (const [unitId, codes] of Object.entries(UNIT_APPS))
    for (const code of codes) insertUnitApp.run(Number(unitId), code);
  const insertOrder = db.prepare('INSERT INTO user_app_order (user_id, app_code, sort) VALUES (?, ?, ?)');
  for (const [userId, codes] of Object.entries(USER_APP_ORDER))
    codes.forEach((code, index) => insertOrder.run(Number(userId), code, index + 1));
}

function seedMenus({ db }: Seeding) {
  const insertNode = db.prepare(
    `INSERT INTO menu_nodes (parent_id, aplication_code, code, name, en_name, resource_type, menu_route, required_role, sort)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertTree = (appCode: string, nodes: SeedMenuNode[], parentId: number | null) =>
    nodes.forEach((node, index) => {
      const id = Number(
        insertNode.run(
          parentId,
          appCode,
          node.code,
          node.name,
          node.enName,
          node.route ? 2 : 1,
          node.route ?? '',
          node.adminOnly ? ADMIN_ROLE : null,
          index + 1,
        ).lastInsertRowid,
      );
      if (node.children) insertTree(appCode, node.children, id);
    });
  for (const [appCode, nodes] of Object.entries(MENUS)) insertTree(appCode, nodes, null);
}

function seedMessagesAndTodos({ db, now }: Seeding) {
  const insertMessage = db.prepare(
    `INSERT INTO messages (user_id, message_meno, message_date, module, importance, url, open_way, content, read_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const message of MESSAGES) {
    const user = USERS.find((u) => u.id === message.userId)!;
    // An openWay 1 message lists the unit's expired and expiring modules, as the expiry dialog shows them.
    const content =
      message.openWay === 1
        ? JSON.stringify(
            MODULE_LICENCES.filter((l) => l.unitId === user.unitId && l.endsInMs < EXPIRING_SOON_MS).map((l) => ({
              code: l.code,
              endTime: now + l.endsInMs,
            })),
          )
        : '';
    const date = now - message.ageMs;
    insertMessage.run(
      message.userId,
      message.meno,
      date,
      message.module,
      message.importance,
      message.url ?? '',
      message.openWay ?? 0,
      content,
      message.read ? date + 3600_000 : null,
    );
  }
  const insertTodo = db.prepare(
    `INSERT INTO popup_todos (user_id, title, content, module, url, importance, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const todo of POPUP_TODOS) {
    insertTodo.run(todo.userId, todo.title, todo.content, todo.module, todo.url, todo.importance, now - todo.ageMs);
  }
}

function seedLicences({ db, now }: Seeding) {
  const insertLicence = db.prepare(
    'INSERT INTO module_licences (unit_id, code, name, en_name, server_id, end_time) VALUES (?, ?, ?, ?, ?, ?)',
  );
  for (const licence of MODULE_LICENCES) {
    const serverId = APPS.find((app) => app.code === licence.code)?.serverId ?? 'base';
    insertLicence.run(licence.unitId, licence.code, licence.name, licence.enName, serverId, now + licence.endsInMs);
  }
}

function seedChildren({ db }: Seeding) {
  const insertStudent = db.prepare(
    `INSERT INTO students (id, unit_id, user_id, real_name, sex, grade_name, class_name, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertLink = db.prepare('INSERT INTO parent_children (parent_user_id, student_id, relation) VALUES (?, ?, ?)');
  const schoolId = UNITS.find((u) => u.type === 2)!.id;
  for (const student of STUDENTS) {
    insertStudent.run(
      student.id,
      schoolId,
      student.userId ?? null,
      student.realName,
      student.sex,
      student.gradeName,
      student.className,
      student.status,
    );
    for (const parentId of student.parentIds) {
      const parent = USERS.find((u) => u.id === parentId)!;
      insertLink.run(parentId, student.id, parent.sex === 2 ? '母亲' : '父亲');
    }
  }
  const insertCurrent = db.prepare('INSERT INTO parent_current_child (parent_user_id, student_id) VALUES (?, ?)');
  for (const [parentId, studentId] of Object.entries(CURRENT_CHILD)) insertCurrent.run(Number(parentId), studentId);
}

function seedVersionsAndThemes({ db, now }: Seeding) {
  const insertVersion = db.prepare(
    `INSERT INTO versions (app_code, version, date, metto, server_version, web_code_version) VALUES ('desktop', ?, ?, ?, ?, ?)`,
  );
  for (const version of VERSIONS) {
    const date = isoDate(now - version.ageDays * 24 * 3600 * 1000);
    insertVersion.run(version.version, date, JSON.stringify(version.metto), version.version, version.version);
  }
  const insertTheme = db.prepare('INSERT INTO user_themes (user_id, theme, updated_at) VALUES (?, ?, ?)');
  for (const [userId, theme] of Object.entries(USER_THEMES))
    insertTheme.run(Number(userId), JSON.stringify(theme), now);
}
