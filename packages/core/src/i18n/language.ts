/** The language in force, shared by core, elements and hosts (spec part 1 §4 "Language"). */
export type Lang = 'zh-CN' | 'en' | 'zh-HK';

export const LANGS: readonly Lang[] = ['zh-CN', 'en', 'zh-HK'];
export const DEFAULT_LANG: Lang = 'zh-CN';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

type Listener = (lang: Lang) => void;
const listeners = new Set<Listener>();
let current: Lang = DEFAULT_LANG;

export function getLanguage(): Lang {
  return current;
}

/** Sets the language in force and tells every subscriber; a value equal to the current one is ignored. */
export function setLanguage(lang: Lang): void {
  if (!isLang(lang) || lang === current) return;
  current = lang;
  for (const listener of [...listeners]) listener(lang);
}

export function subscribeLanguage(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
