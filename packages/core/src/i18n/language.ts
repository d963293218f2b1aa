/** The language in force, shared by core, elements and hosts (spec part 1 §4 "Language"). */
import { DEFAULT_LANG, isLang, langOfTag, type Lang } from './langs.ts';
import { STORAGE_KEYS } from '../constants.ts';
import { readString } from '../platform/storage.ts';

export { DEFAULT_LANG, LANGS, isLang, langOfTag, type Lang } from './langs.ts';

type Listener = (lang: Lang) => void;
const listeners = new Set<Listener>();

/** The user's stored choice (`PH_MY_SET_LANG`), or null when none (or an unknown value) is stored. */
export function readChosenLanguage(): Lang | null {
  const value = readString('local', STORAGE_KEYS.chosenLanguage);
  return isLang(value) ? value : null;
}

/**
 * The page's own language: its `<html lang>` when that is a kit language, else the first kit language among the
 * browser's; undefined when neither says one (a French page in a French browser).
 */
export function pageLanguage(): Lang | undefined {
  const tags = [globalThis.document?.documentElement.lang, ...(globalThis.navigator?.languages ?? [])];
  // Boolean skips the tags that are no kit language (null).
  return tags.map(langOfTag).find(Boolean) as Lang | undefined;
}

// Before a host resolves it (initLanguage): the stored choice, else the page's language, else zh-CN. A page that
// embeds the kit without any set-up thus speaks its own language.
let current: Lang = readChosenLanguage() ?? pageLanguage() ?? DEFAULT_LANG;

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
