/**
 * Voice skills (spec part 2 §7 "Voice": `POST /api/base/find_by_vocabulary`): a recognised phrase → the page it
 * opens. Every app opens by "打开{name}" or "open {English name}" (short names too); a few phrases open a place on
 * the desktop (messages, theme, the desktop itself). Logging out is never a skill. The answer is a page the user
 * may open: deny by default, only apps on the user's own desktop that the user's type may enter.
 */
import type { Database } from 'better-sqlite3';
import { Converter } from 'opencc-js/t2cn';
import { IGNORED_APP_CODES, SCHOOL_ONLY_APP_CODES } from '@edu-portal/core/constants.ts';
import type { UserRecord } from '../auth/session-user.ts';
import { desktopIcons, listsUserType, type IconItem } from '../desktop/apps.ts';

export type SkillTarget = 'messages' | 'theme' | 'desktop';

/** Trailing punctuation of any width (。，！？.,!? and the like), ignored when matching. */
const TRAILING_PUNCTUATION = /[\p{P}\p{S}\s]+$/u;

/**
 * Traditional → simplified (OpenCC, the converter the kit loads for zh-HK in the other direction): Hong Kong and
 * Taiwan forms both, so "打開作業管理" and "開啟訊息" find the skills seeded in simplified characters.
 */
const fromHongKong = Converter({ from: 'hk', to: 'cn' });
const fromTaiwan = Converter({ from: 'tw', to: 'cn' });
const HAN = /\p{Script=Han}/u;

/**
 * The matching key of a phrase: full-width forms folded to half width (NFKC), traditional characters to simplified,
 * lower case, no spaces anywhere, no trailing punctuation. "打开 作业管理！", "打開作業管理" and "打开作业管理" match; so
 * do "Open Homework." and "ｏｐｅｎ ｈｏｍｅｗｏｒｋ".
 */
export function skillKey(phrase: string): string {
  const folded = phrase.normalize('NFKC');
  const simplified = HAN.test(folded) ? fromTaiwan(fromHongKong(folded)) : folded;
  return simplified.toLowerCase().replace(TRAILING_PUNCTUATION, '').replace(/\s+/g, '');
}

/** The desktop phrases, per target: Chinese and English. */
const NAVIGATION: Record<SkillTarget, { zh: string[]; en: string[] }> = {
  messages: { zh: ['打开消息', '查看消息', '我的消息'], en: ['open messages', 'show messages', 'my messages'] },
  theme: { zh: ['打开主题', '更换主题', '切换主题', '主题设置'], en: ['open theme', 'change theme', 'theme settings'] },
  desktop: { zh: ['打开桌面', '回到桌面', '返回首页'], en: ['open desktop', 'go to desktop', 'go home'] },
};

interface AppNames {
  code: string;
  name: string;
  shortName: string;
  englishName: string;
  englishShortName: string;
}

/** Seeds the skills from the apps table (a seed stage; see db/seed.ts). */
export function seedVoiceSkills(db: Database): void {
  const insert = db.prepare(
    'INSERT INTO voice_skills (lang, phrase, match_key, app_code, target) VALUES (?, ?, ?, ?, ?)',
  );
  const add = (lang: 'zh' | 'en', phrase: string, appCode: string | null, target: SkillTarget | null) => {
    insert.run(lang, phrase, skillKey(phrase), appCode, target);
  };
  const apps = db
    .prepare(
      `SELECT code, name, short_name AS shortName, english_name AS englishName,
              english_short_name AS englishShortName FROM apps ORDER BY sort, code`,
    )
    .all() as AppNames[];
  for (const app of apps) {
    for (const name of new Set([app.name, app.shortName].filter(Boolean))) add('zh', `打开${name}`, app.code, null);
    for (const name of new Set([app.englishName, app.englishShortName].filter(Boolean))) {
      add('en', `open ${name}`, app.code, null);
    }
  }
  for (const [target, phrases] of Object.entries(NAVIGATION) as [SkillTarget, { zh: string[]; en: string[] }][]) {
    for (const phrase of phrases.zh) add('zh', phrase, null, target);
    for (const phrase of phrases.en) add('en', phrase, null, target);
  }
}

/**
 * The apps a user may open: on the user's desktop and shown there as the client shows it (not hidden, not an
 * ignored code, base and edu only in schools; core's `isIconVisible`), and allowing the user's type in.
 */
export function openableApps(db: Database, user: UserRecord): IconItem[] {
  return desktopIcons(db, user).filter(
    (icon) =>
      icon.updateStatus !== 0 &&
      !IGNORED_APP_CODES.includes(icon.code) &&
      (user.unitType === 2 || !SCHOOL_ONLY_APP_CODES.includes(icon.code)) &&
      listsUserType(icon.limitUserType, user.type),
  );
}

export interface SkillMatch {
  /** The page to open, or null: no skill, or one the user may not use. */
  url: string | null;
  /** The app the phrase opens, or the desktop target; null with no url. */
  code: string | null;
}

export interface SkillContext {
  /** `Sy-Device`: a mobile device gets the mobile pages. */
  device: 'pc' | 'mobile';
}

/** A plain path segment (server data never steers a path elsewhere). */
const SEGMENT = /^[A-Za-z0-9_-]+$/;

/**
 * The production entry page of an app, as core's `appEntryUrl` builds it and the server serves it
 * (http/host-pages.ts): `/{deployPath}/{serverId}/{pc|mobile}_{code}_{tm|spm}/index.html`, id path `spm` for user
 * types 1 and 3. Null when a part is not a plain name.
 */
function appPage(app: IconItem, user: UserRecord, device: 'pc' | 'mobile'): string | null {
  const serverId = app.serverId || 'base';
  const idPath = user.type === 1 || user.type === 3 ? 'spm' : 'tm';
  if (![app.code, serverId, app.deployPath].every((part) => SEGMENT.test(part))) return null;
  return `/${app.deployPath}/${serverId}/${device}_${app.code}_${idPath}/index.html`;
}

/** The desktop home (core's `homeTarget` in production): the area desktop for area units on a PC. */
function desktopHome(user: UserRecord, device: 'pc' | 'mobile'): string {
  if (device === 'mobile') return '/pages/base/mobile_desktop_all/index.html';
  return user.unitType === 1 ? '/area/areaBase/pc_areaDesktop_all/index.html' : '/pages/base/pc_desktop_all/index.html';
}

/** The phrase's skill for this user, or `{url: null}` (deny by default). */
export function findSkill(db: Database, user: UserRecord, vocabulary: string, context: SkillContext): SkillMatch {
  const none: SkillMatch = { url: null, code: null };
  const key = skillKey(vocabulary);
  if (!key) return none;
  const skills = db
    .prepare('SELECT app_code AS appCode, target FROM voice_skills WHERE match_key = ? ORDER BY id')
    .all(key) as { appCode: string | null; target: SkillTarget | null }[];
  if (!skills.length) return none;
  const icons = openableApps(db, user);
  for (const skill of skills) {
    if (skill.target) {
      const home = desktopHome(user, context.device);
      return { url: skill.target === 'desktop' ? home : `${home}?open=${skill.target}`, code: skill.target };
    }
    const icon = icons.find((candidate) => candidate.code === skill.appCode);
    if (!icon) continue;
    const url = appPage(icon, user, context.device);
    if (url) return { url, code: icon.code };
  }
  return none;
}
