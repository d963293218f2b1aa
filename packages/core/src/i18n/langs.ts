/** The languages of the kit (spec part 1 §4 "Language"): pure values, shared with the reference server. */
export type Lang = 'zh-CN' | 'en' | 'zh-HK';

export const LANGS: readonly Lang[] = ['zh-CN', 'en', 'zh-HK'];
export const DEFAULT_LANG: Lang = 'zh-CN';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}
