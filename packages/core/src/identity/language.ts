/**
 * The header's language dropdown (spec part 1 §1, §2 "Header", §4 "Language", §5 "Switching"). The choice itself
 * is `chooseLanguage` (stored per the spec, ignored when unchanged); this adds the options and keeps the server's
 * theme setting `{theme, lang}` in step.
 */
import { saveThemeSetting } from '../desktop/api.ts';
import { client as defaultClient, type Client } from '../http/client.ts';
import { LANGS, getLanguage, type Lang } from '../i18n/language.ts';
import { chooseLanguage, readChosenLanguage } from '../i18n/resolve.ts';
import type { Layout } from '../theme/constants.ts';

/** Each language named in itself, so a reader finds their own whatever language is shown. */
export const LANGUAGE_NAMES: Readonly<Record<Lang, string>> = {
  'zh-CN': '简体中文',
  en: 'English',
  'zh-HK': '繁體中文',
};

export interface LanguageOption {
  value: Lang;
  name: string;
  current: boolean;
}

export function languageOptions(current: Lang = getLanguage()): LanguageOption[] {
  return LANGS.map((value) => ({ value, name: LANGUAGE_NAMES[value], current: value === current }));
}

export interface ChangeLanguageOptions {
  /**
   * Also save `{theme, lang, layout}` with `settheme` (type color) so the server's setting follows; pass
   * `currentThemeChoice(snapshot)` so theme and layout stay what they are.
   */
  saveWith?: { theme: string; layout?: Layout | null } | null;
  client?: Client;
}

/**
 * Picks a language: false (nothing changes, no call) when it already is the language in force. Otherwise it is
 * put in force at once; the server save, when asked for, runs after and its failure does not undo the choice.
 */
export async function changeLanguage(
  lang: Lang,
  { saveWith, client = defaultClient }: ChangeLanguageOptions = {},
): Promise<boolean> {
  if (!chooseLanguage(lang)) return false;
  if (saveWith) {
    try {
      await saveThemeSetting({ theme: saveWith.theme, lang, layout: saveWith.layout }, 'color', client);
    } catch {
      // Shown by the client; the device keeps the choice.
    }
  }
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
