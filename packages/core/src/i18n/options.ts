/** The header's language dropdown (spec part 1 §1, §2 "Header"): each language named in itself. */
import { LANGS, getLanguage, type Lang } from './language.ts';

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
