/** The languages of the kit (spec part 1 §4 "Language"): pure values, shared with the reference server. */
export type Lang = 'zh-CN' | 'en' | 'zh-HK';

export const LANGS: readonly Lang[] = ['zh-CN', 'en', 'zh-HK'];
export const DEFAULT_LANG: Lang = 'zh-CN';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * A BCP 47 tag (`<html lang>`, `navigator.languages`) as a kit language: any English is en, traditional Chinese
 * (zh-Hant, zh-HK, zh-TW, zh-MO) is zh-HK, other Chinese zh-CN; null for every other language.
 */
export function langOfTag(tag: unknown): Lang | null {
  const match = /^(?:(en)|zh(-(hant|hk|tw|mo))?)(?![a-z])/i.exec(String(tag));
  return match ? (match[1] ? 'en' : match[2] ? 'zh-HK' : 'zh-CN') : null;
}
