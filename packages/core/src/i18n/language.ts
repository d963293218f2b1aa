/** The language in force, shared by core, elements and hosts (spec part 1 §4 "Language"). */
import { DEFAULT_LANG, isLang, type Lang } from './langs.ts';

export { DEFAULT_LANG, LANGS, isLang, type Lang } from './langs.ts';

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
