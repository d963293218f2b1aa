/**
 * What the about dialog shows of versions without loading them: a version note in the language in force and the
 * copyright years. The version calls themselves (`api.ts`) load when the dialog opens (size budgets).
 */
import type { Lang } from '../i18n/language.ts';
import { getLanguage } from '../i18n/language.ts';
import { serverText } from '../i18n/server-text.ts';

/** One note of a version, in both languages of the wire (`{cn, en}`). */
export interface VersionNote {
  cn: string;
  en: string;
}

/** The note in `lang`: English for `en`, the Chinese text otherwise; either falls back to the other. */
export function versionNoteText(note: VersionNote, lang: Lang = getLanguage()): string {
  return serverText(note.cn, note.en, lang);
}

/** Years for a copyright line, `2019-2026`; a single year when the start is this year or later. */
export function copyrightYears(startYear: number | null | undefined, now: Date = new Date()): string {
  const current = now.getFullYear();
  if (!startYear || !Number.isFinite(startYear) || startYear >= current) return String(current);
  return `${startYear}-${current}`;
}
