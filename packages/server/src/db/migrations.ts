/**
 * Numbered schema migrations. Each runs once, in order, inside a transaction, and is recorded in `migrations`.
 * Never edit a migration that has shipped: add the next number instead.
 *
 * Migration 1 holds the tables of the whole of spec part 1 (portal, login, session, desktop), so later issues
 * only add routes. Ids are integers here and strings on the wire. Times are epoch milliseconds.
 */
import type { Database } from 'better-sqlite3';

export interface Migration {
  id: number;
  name: string;
  up(db: Database): void;
}

const initialSchema = `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

-- Stored files: unit logos, app icons, avatars, record-filing badges, later uploads.
CREATE TABLE files (
  id            INTEGER PRIMARY KEY,
  name          TEXT NOT NULL,
  mime          TEXT NOT NULL,
  size          INTEGER NOT NULL,
  md5           TEXT NOT NULL,
  storage_path  TEXT NOT NULL,          -- relative to <dataDir>/storage
  server_id     TEXT NOT NULL DEFAULT 'base',
  is_public     INTEGER NOT NULL DEFAULT 0,  -- logos and icons are shown before login
  owner_user_id INTEGER,
  created_at    INTEGER NOT NULL
);

-- Unit type 1 is an area, 2 a school (spec part 1 §1).
CREATE TABLE units (
  id               INTEGER PRIMARY KEY,
  type             INTEGER NOT NULL CHECK (type IN (1, 2)),
  name             TEXT NOT NULL,
  en_name          TEXT NOT NULL,
  parent_unit_id   INTEGER REFERENCES units(id),
  logo_file_id     INTEGER REFERENCES files(id),
  sharding_code    TEXT NOT NULL,
  status           INTEGER NOT NULL DEFAULT 1,
  style_layout     TEXT NOT NULL DEFAULT 'top' CHECK (style_layout IN ('top', 'left')),
  campus_units     TEXT NOT NULL DEFAULT '[]',   -- JSON list, sent as a string (spec: campusUnits)
  is_vocational    INTEGER NOT NULL DEFAULT 0,   -- iszx
  have_institute   INTEGER NOT NULL DEFAULT 0,   -- unitHaveInstitute
  help_key         TEXT NOT NULL DEFAULT '',
  message_config   TEXT NOT NULL DEFAULT '{"pcOpen":true}',
  created_at       INTEGER NOT NULL
);

-- Which unit a login page host belongs to (GET /api/uaa/oauth/login/config?url=host).
CREATE TABLE unit_hosts (
  host    TEXT PRIMARY KEY,
  unit_id INTEGER NOT NULL REFERENCES units(id)
);

-- Login and unit configuration. unit_id 0 is the product default used for hosts of no unit.
CREATE TABLE unit_configs (
  unit_id        INTEGER PRIMARY KEY,
  footer         TEXT NOT NULL DEFAULT '',
  link           TEXT NOT NULL DEFAULT '',
  decoration_set TEXT NOT NULL            -- JSON string {defaultLanguage, footerMsg}
);

-- User types: 1 area/official, 2 teacher, 3 parent, 4 like a teacher, 5 student.
CREATE TABLE users (
  id              INTEGER PRIMARY KEY,
  login_name      TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash   TEXT NOT NULL,          -- scrypt$N$salt$hash
  real_name       TEXT NOT NULL,
  type            INTEGER NOT NULL,
  unit_id         INTEGER NOT NULL REFERENCES units(id),
  sex             INTEGER NOT NULL DEFAULT 0,   -- 1 boy, 2 girl, else default avatar
  avatar_file_id  INTEGER REFERENCES files(id),
  paired_user_id  INTEGER REFERENCES users(id), -- teacher <-> parent identity of the same person
  status          INTEGER NOT NULL DEFAULT 1,
  superman        INTEGER NOT NULL DEFAULT 0,
  phone           TEXT NOT NULL DEFAULT '',
  created_at      INTEGER NOT NULL
);

CREATE TABLE user_roles (
  user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role_code    TEXT NOT NULL,
  project_code TEXT NOT NULL,
  PRIMARY KEY (user_id, role_code, project_code)
);

-- Client ids for POST /api/uaa/oauth/login_user_client (the app logs in as a bound user).
CREATE TABLE user_clients (
  client_id  TEXT PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name       TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL
);

-- One row per login. Only SHA-256 digests of the tokens are kept, so a copy of the database opens no session.
CREATE TABLE sessions (
  id                 INTEGER PRIMARY KEY,
  user_id            INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  access_hash        TEXT NOT NULL UNIQUE,
  access_expires_at  INTEGER NOT NULL,
  refresh_hash       TEXT NOT NULL UNIQUE,
  refresh_expires_at INTEGER NOT NULL,
  created_at         INTEGER NOT NULL,
  refreshed_at       INTEGER
);
CREATE INDEX sessions_user ON sessions(user_id);

-- One-time login tickets (spec part 1 §4 login flow step 3).
CREATE TABLE login_tickets (
  ticket     TEXT PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  used_at    INTEGER
);

-- Third-party login providers shown on a unit's login box.
CREATE TABLE social_providers (
  provider_id             TEXT NOT NULL,
  unit_id                 INTEGER NOT NULL REFERENCES units(id),
  provider_app_id         TEXT NOT NULL,
  provider_application_id TEXT NOT NULL DEFAULT '',
  provider_app_login_url  TEXT NOT NULL DEFAULT '',
  logo                    TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (provider_id, unit_id)
);

CREATE TABLE app_categories (
  code    TEXT PRIMARY KEY,
  name    TEXT NOT NULL,
  en_name TEXT NOT NULL,
  sort    INTEGER NOT NULL
);

-- Application icon items (spec part 1 §3), wire names in comments where they differ.
CREATE TABLE apps (
  code                TEXT PRIMARY KEY,
  zname               TEXT NOT NULL,
  name                TEXT NOT NULL,
  english_name        TEXT NOT NULL,       -- englishName
  short_name          TEXT NOT NULL,       -- shortName
  english_short_name  TEXT NOT NULL,       -- englishShortName
  img_path            TEXT NOT NULL,       -- imgPath
  img_gray_path       TEXT NOT NULL,       -- imgGrayPath
  img_cartoon_path    TEXT NOT NULL,       -- imgCartoonPath
  icon_img            TEXT NOT NULL,       -- iconImg (small monochrome glyph for the header)
  menu_route          TEXT NOT NULL,       -- menuRoute
  server_id           TEXT NOT NULL DEFAULT 'base',  -- serverId
  deploy_path         TEXT NOT NULL DEFAULT 'pages', -- deployPath
  front_user_type     TEXT NOT NULL,       -- frontUserType, comma list of user types shown the icon
  limit_user_type     TEXT NOT NULL,       -- limitUserType, comma list of user types allowed in
  update_status       INTEGER NOT NULL DEFAULT 1,    -- updateStatus, 0 hidden
  app_type            INTEGER NOT NULL DEFAULT 1,    -- appType
  category_code       TEXT NOT NULL REFERENCES app_categories(code),
  sort                INTEGER NOT NULL
);

-- Which apps a unit has bought.
CREATE TABLE unit_apps (
  unit_id  INTEGER NOT NULL REFERENCES units(id),
  app_code TEXT NOT NULL REFERENCES apps(code),
  PRIMARY KEY (unit_id, app_code)
);

-- A user's own icon order (drag to reorder, types 2 and 4).
CREATE TABLE user_app_order (
  user_id  INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  app_code TEXT NOT NULL REFERENCES apps(code),
  sort     INTEGER NOT NULL,
  PRIMARY KEY (user_id, app_code)
);

-- POST /api/base/user_access_detail; also feeds the recent-apps list (at most 10 per user).
CREATE TABLE user_access_details (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_type   INTEGER NOT NULL,
  unit_id     INTEGER NOT NULL,
  res_id      TEXT NOT NULL,
  res_name    TEXT NOT NULL,
  type        INTEGER NOT NULL DEFAULT 1,
  accessed_at INTEGER NOT NULL
);
CREATE INDEX user_access_details_user ON user_access_details(user_id, accessed_at);

-- Menu tree nodes per app. resource_type 2 is a route (menu_route); required_role limits a node to a role.
CREATE TABLE menu_nodes (
  id              INTEGER PRIMARY KEY,
  parent_id       INTEGER REFERENCES menu_nodes(id),
  aplication_code TEXT NOT NULL REFERENCES apps(code),  -- wire name aplicationCode, spelt as the spec
  code            TEXT NOT NULL UNIQUE,
  name            TEXT NOT NULL,
  en_name         TEXT NOT NULL,
  resource_type   INTEGER NOT NULL,
  menu_route      TEXT NOT NULL DEFAULT '',
  user_types      TEXT NOT NULL DEFAULT '2,4',
  required_role   TEXT,
  sort            INTEGER NOT NULL
);

-- Desktop messages per user (spec part 1 §3 "Message").
CREATE TABLE messages (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  message_meno  TEXT NOT NULL,               -- messageMeno
  message_date  INTEGER NOT NULL,            -- messageDate
  module        TEXT NOT NULL,
  importance    INTEGER NOT NULL CHECK (importance BETWEEN 1 AND 5),
  url           TEXT NOT NULL DEFAULT '',
  open_way      INTEGER NOT NULL DEFAULT 0,  -- openWay, 1 opens the module-expiry dialog
  content       TEXT NOT NULL DEFAULT '',    -- JSON list [{code, endTime}] when open_way is 1
  read_at       INTEGER
);
CREATE INDEX messages_user ON messages(user_id, read_at);

-- Pop-up to-do reminders (three a page on the desktop).
CREATE TABLE popup_todos (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title       TEXT NOT NULL,
  content     TEXT NOT NULL,
  module      TEXT NOT NULL,
  url         TEXT NOT NULL DEFAULT '',
  importance  INTEGER NOT NULL DEFAULT 3,
  created_at  INTEGER NOT NULL,
  handled_at  INTEGER
);
CREATE INDEX popup_todos_user ON popup_todos(user_id, handled_at);

-- Module licences per unit; status is derived from end_time (spec part 1 §4 "Module expiry status").
CREATE TABLE module_licences (
  unit_id   INTEGER NOT NULL REFERENCES units(id),
  code      TEXT NOT NULL,
  name      TEXT NOT NULL,
  en_name   TEXT NOT NULL,
  server_id TEXT NOT NULL DEFAULT 'base',
  end_time  INTEGER NOT NULL,
  PRIMARY KEY (unit_id, code)
);

-- Students; a student account (user type 5) links through user_id.
CREATE TABLE students (
  id         INTEGER PRIMARY KEY,
  unit_id    INTEGER NOT NULL REFERENCES units(id),
  user_id    INTEGER REFERENCES users(id),
  real_name  TEXT NOT NULL,
  sex        INTEGER NOT NULL DEFAULT 0,
  grade_name TEXT NOT NULL,
  class_name TEXT NOT NULL,
  status     INTEGER NOT NULL DEFAULT 1    -- only status 1 children are offered to parents
);

CREATE TABLE parent_children (
  parent_user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  student_id     INTEGER NOT NULL REFERENCES students(id) ON DELETE CASCADE,
  relation       TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (parent_user_id, student_id)
);

-- The child a parent is currently viewing.
CREATE TABLE parent_current_child (
  parent_user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  student_id     INTEGER NOT NULL REFERENCES students(id) ON DELETE CASCADE
);

-- Version records for the about dialog (metto is a JSON list [{cn, en}], spelt as the spec).
CREATE TABLE versions (
  id                 INTEGER PRIMARY KEY,
  app_code           TEXT NOT NULL DEFAULT 'desktop',
  version            TEXT NOT NULL,
  date               TEXT NOT NULL,
  metto              TEXT NOT NULL,
  server_version     TEXT NOT NULL DEFAULT '',
  web_code_version   TEXT NOT NULL DEFAULT ''
);

-- Themes: a user's own {theme, lang}, and the unit default an admin synced to everyone.
CREATE TABLE user_themes (
  user_id    INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  theme      TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE unit_themes (
  unit_id    INTEGER PRIMARY KEY REFERENCES units(id),
  theme      TEXT NOT NULL,
  updated_by INTEGER REFERENCES users(id),
  updated_at INTEGER NOT NULL
);
`;

/**
 * Migration 2: the remaining login calls. One-time tickets, social codes and SSO codes share one
 * \`grants\` table, so migration 1's \`login_tickets\` goes.
 */
const loginCallsSchema = `
DROP TABLE login_tickets;

-- The login box lists a unit's providers in this order.
ALTER TABLE social_providers ADD COLUMN sort INTEGER NOT NULL DEFAULT 0;

-- Third-party accounts known to the development social provider. user_id NULL: not bound to an account yet.
CREATE TABLE social_identities (
  id          INTEGER PRIMARY KEY,
  provider_id TEXT NOT NULL,              -- weixin, work-weixin, dingtalk
  openid      TEXT NOT NULL,
  unionid     TEXT NOT NULL DEFAULT '',
  nickname    TEXT NOT NULL,
  user_id     INTEGER REFERENCES users(id) ON DELETE SET NULL,
  bound_at    INTEGER,
  UNIQUE (provider_id, openid)
);
-- An account has at most one identity per provider.
CREATE UNIQUE INDEX social_identities_user ON social_identities(provider_id, user_id) WHERE user_id IS NOT NULL;

-- Short-lived grants, kept as SHA-256 digests like session tokens: login tickets, social codes and tokens,
-- pending social binds, SSO authorization codes. used_at marks a one-time grant spent.
CREATE TABLE grants (
  hash        TEXT PRIMARY KEY,
  kind        TEXT NOT NULL CHECK (kind IN ('ticket', 'social_code', 'social_token', 'social_bind', 'sso_code')),
  user_id     INTEGER REFERENCES users(id) ON DELETE CASCADE,
  identity_id INTEGER REFERENCES social_identities(id) ON DELETE CASCADE,
  data        TEXT NOT NULL DEFAULT '{}',  -- JSON: state, client id, redirect entry, scope
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER NOT NULL,
  used_at     INTEGER
);
CREATE INDEX grants_expiry ON grants(expires_at);
CREATE INDEX grants_identity ON grants(identity_id, kind);

-- Applications that sign their users in through the portal (POST /api/uaa/shiyue_webauth).
CREATE TABLE sso_clients (
  client_id     TEXT PRIMARY KEY,
  name          TEXT NOT NULL,
  en_name       TEXT NOT NULL,
  secret_hash   TEXT NOT NULL,            -- scrypt, like passwords
  redirect_uris TEXT NOT NULL,            -- JSON list; an entry starting with / is a path on the portal's origin
  scopes        TEXT NOT NULL DEFAULT 'base',  -- space-separated scopes the client may ask for
  created_at    INTEGER NOT NULL
);

-- Login addresses of external apps (GET /api/sso/select/login/url?appCode=).
CREATE TABLE external_apps (
  app_code  TEXT PRIMARY KEY,
  name      TEXT NOT NULL,
  en_name   TEXT NOT NULL,
  login_url TEXT NOT NULL
);
`;

/**
 * Migration 3: session families. Every session derived from one login (refreshes keep the row; a relogin
 * makes a new row) shares the family of that login, so logout and reuse detection end all of them together.
 */
const sessionFamiliesSchema = `
ALTER TABLE sessions ADD COLUMN family_id INTEGER;
UPDATE sessions SET family_id = id;
CREATE INDEX sessions_family ON sessions(family_id);
-- The access token a rotation replaced stays valid for the overlap (at most until it would have expired anyway),
-- so requests another tab sent with it just before still pass.
ALTER TABLE sessions ADD COLUMN prev_access_hash TEXT;
ALTER TABLE sessions ADD COLUMN prev_access_until INTEGER;
CREATE INDEX sessions_prev_access ON sessions(prev_access_hash);

-- Refresh tokens already rotated away (digests). Presenting one again, after the short overlap for the token just
-- rotated, is reuse of a copy: the whole family ends.
CREATE TABLE retired_refresh_tokens (
  hash       TEXT PRIMARY KEY,
  family_id  INTEGER NOT NULL,
  retired_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX retired_refresh_family ON retired_refresh_tokens(family_id);
`;

/**
 * Migration 5: handover tokens. The `accessToken` a login answer gives the page is not the access
 * token of the cookie but a 5-minute, one-use token bound to its session row, good only for `relogin`; it dies with
 * the session's family at logout.
 */
const handoverTokensSchema = `
CREATE TABLE handover_tokens (
  hash       TEXT PRIMARY KEY,
  session_id INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX handover_session ON handover_tokens(session_id);
CREATE INDEX handover_expiry ON handover_tokens(expires_at);
`;

/**
 * Migration 6: voice commands. Skills map a spoken phrase (kept as its matching key) to an app or a
 * navigation target; the development speech gateway's short-lived tokens (SHA-256 digests, like session tokens) and
 * each user's configured transcript live beside them.
 */
const voiceSchema = `
CREATE TABLE voice_skills (
  id         INTEGER PRIMARY KEY,
  lang       TEXT NOT NULL CHECK (lang IN ('zh', 'en')),
  phrase     TEXT NOT NULL,               -- as a user says it: 打开作业管理, open Homework
  match_key  TEXT NOT NULL,               -- the phrase normalised for matching (speech/skills.ts)
  app_code   TEXT REFERENCES apps(code) ON DELETE CASCADE,  -- opens this app's entry page …
  target     TEXT CHECK (target IN ('messages', 'theme', 'desktop')),  -- … or a place on the desktop
  CHECK ((app_code IS NULL) <> (target IS NULL))
);
CREATE INDEX voice_skills_match ON voice_skills(match_key);

CREATE TABLE speech_tokens (
  hash       TEXT PRIMARY KEY,
  user_id    INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  language   TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX speech_tokens_expiry ON speech_tokens(expires_at);

-- What the development gateway answers a user's speech with (set from the demo page or a test hook).
CREATE TABLE speech_dev_transcripts (
  user_id    INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  transcript TEXT NOT NULL,
  updated_at INTEGER NOT NULL
);
`;

const faceSchema = `
-- One enrolled face per user (spec part 2 §3 user face record): the photo file (a JPEG under <storage>/faces), when
-- it was collected, and its 128-d descriptor (JSON array) computed on the server.
CREATE TABLE user_faces (
  user_id       INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  file_name     TEXT NOT NULL,
  descriptor    TEXT NOT NULL,
  register_time INTEGER NOT NULL
);

-- Face clock-ins: who was recognised, when, by which signed-in terminal, and how close the match was.
CREATE TABLE face_clockings (
  id          INTEGER PRIMARY KEY,
  user_id     INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  clocked_at  INTEGER NOT NULL,
  terminal_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
  distance    REAL NOT NULL
);
CREATE INDEX face_clockings_user ON face_clockings(user_id, clocked_at);
`;

/**
 * What a login may hand out dies with it: login tickets issued by a session and speech tokens carry the session's
 * family, so logout (which ends the family) ends them too; `login_at` is when the family's first login happened,
 * for the absolute session lifetime beside the sliding one.
 */
const loginBoundSchema = `
ALTER TABLE sessions ADD COLUMN login_at INTEGER;
UPDATE sessions SET login_at = created_at;
ALTER TABLE grants ADD COLUMN family_id INTEGER;
CREATE INDEX grants_family ON grants(family_id);
ALTER TABLE speech_tokens ADD COLUMN family_id INTEGER;
CREATE INDEX speech_tokens_family ON speech_tokens(family_id);
`;

/**
 * Passkeys (WebAuthn), an extension beyond the spec: a user's credentials (several devices, named, last used), and
 * the random user handle the authenticators keep, so that a discoverable credential names its owner without a user
 * name (docs/decisions.md "Passkeys").
 */
const passkeySchema = `
CREATE TABLE passkey_users (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  handle  TEXT NOT NULL UNIQUE            -- base64url of 32 random bytes, the WebAuthn user.id
);
CREATE TABLE passkeys (
  id            INTEGER PRIMARY KEY,
  user_id       INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  credential_id TEXT NOT NULL UNIQUE,     -- base64url
  public_key    BLOB NOT NULL,            -- COSE
  counter       INTEGER NOT NULL DEFAULT 0,
  transports    TEXT NOT NULL DEFAULT '[]',
  device_type   TEXT NOT NULL DEFAULT 'singleDevice',
  backed_up     INTEGER NOT NULL DEFAULT 0,
  name          TEXT NOT NULL,
  created_at    INTEGER NOT NULL,
  last_used_at  INTEGER
);
CREATE INDEX passkeys_user ON passkeys(user_id);
`;

export const MIGRATIONS: readonly Migration[] = [
  { id: 1, name: 'portal schema (spec part 1)', up: (db) => db.exec(initialSchema) },
  {
    id: 2,
    name: 'login calls: social identities, grants, SSO clients, external apps',
    up: (db) => db.exec(loginCallsSchema),
  },
  {
    id: 3,
    name: 'uploads: files looked up by content (deduplication by MD5)',
    up: (db) => db.exec('CREATE INDEX files_content ON files (md5, size)'),
  },
  { id: 4, name: 'session families and retired refresh tokens', up: (db) => db.exec(sessionFamiliesSchema) },
  { id: 5, name: 'handover tokens (relogin, help centre)', up: (db) => db.exec(handoverTokensSchema) },
  { id: 6, name: 'voice commands: skills, speech tokens, development transcripts', up: (db) => db.exec(voiceSchema) },
  { id: 7, name: 'face records and face clock-ins', up: (db) => db.exec(faceSchema) },
  {
    id: 8,
    name: 'tickets and speech tokens bound to the login, absolute session lifetime',
    up: (db) => db.exec(loginBoundSchema),
  },
  {
    id: 9,
    name: 'uploads: the folder path of a file picked or dropped with its folder',
    up: (db) => db.exec('ALTER TABLE files ADD COLUMN relative_path TEXT'),
  },
  { id: 10, name: 'passkeys: credentials and user handles', up: (db) => db.exec(passkeySchema) },
];

/** Applies the migrations not yet recorded; returns the ids it applied. Safe to call on every start. */
export function migrate(db: Database, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS migrations (
    id         INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  const applied = new Set(
    db
      .prepare('SELECT id FROM migrations')
      .all()
      .map((row) => (row as { id: number }).id),
  );
  const record = db.prepare('INSERT INTO migrations (id, name, applied_at) VALUES (?, ?, ?)');
  const ran: number[] = [];
  for (const migration of [...migrations].sort((a, b) => a.id - b.id)) {
    if (applied.has(migration.id)) continue;
    db.transaction(() => {
      migration.up(db);
      record.run(migration.id, migration.name, Date.now());
    })();
    ran.push(migration.id);
  }
  return ran;
}
