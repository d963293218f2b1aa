/** Which language is in force, and remembering the user's choice (spec part 1 §4 "Language"). */
import { STORAGE_KEYS } from '../constants.ts';
import { writeString } from '../platform/storage.ts';
import {
  DEFAULT_LANG,
  isLang,
  pageLanguage,
  readChosenLanguage,
  setLanguage,
  getLanguage,
  type Lang,
} from './language.ts';

export { readChosenLanguage } from './language.ts';

export interface LanguageSources {
  /** The user's stored choice (`PH_MY_SET_LANG`). */
  stored?: string | null;
  /** The login configuration's `decorationSet.defaultLanguage`. */
  loginConfigDefault?: string | null;
  /** The page's own language (`<html lang>`, then the browser's languages): see `pageLanguage`. */
  page?: string | null;
}

/**
 * The stored choice wins, then the login-configuration default, then the page's language, then zh-CN. Unknown values
 * are skipped. The spec's order (choice, login configuration, zh-CN) holds; the page's language only stands in for
 * the final zh-CN, so an English page without either speaks English.
 */
export function resolveLanguage({ stored, loginConfigDefault, page }: LanguageSources = {}): Lang {
  if (isLang(stored)) return stored;
  if (isLang(loginConfigDefault)) return loginConfigDefault;
  if (isLang(page)) return page;
  return DEFAULT_LANG;
}

/**
 * Resolves the language from storage, the login configuration and the page, puts it in force and mirrors it to `lang`
 * (legacy pages read that key). The user's choice itself is not written: only `chooseLanguage` does that.
 */
export function initLanguage(loginConfigDefault?: string | null): Lang {
  const lang = resolveLanguage({ stored: readChosenLanguage(), loginConfigDefault, page: pageLanguage() });
  setLanguage(lang);
  writeString('local', STORAGE_KEYS.language, lang);
  return lang;
}

/**
 * The user picks a language: remembered under `PH_MY_SET_LANG` and `lang`, then put in force. Returns false when it
 * already is the language in force: the switch is then ignored (spec part 1 §5 "Switching"), though the choice is
 * still remembered so that a later login-configuration default does not override it.
 */
export function chooseLanguage(lang: Lang): boolean {
  if (!isLang(lang)) return false;
  writeString('local', STORAGE_KEYS.chosenLanguage, lang);
  writeString('local', STORAGE_KEYS.language, lang);
  if (lang === getLanguage()) return false;
  setLanguage(lang);
  return true;
}

/**
 * The language of a saved theme setting applies only when this device has no choice of its own: the stored choice
 * wins (spec §4). Returns the language to put in force, or null.
 */
export function languageFromSetting(settingLang: Lang | null): Lang | null {
  if (!settingLang || readChosenLanguage()) return null;
  return settingLang === getLanguage() ? null : settingLang;
}
