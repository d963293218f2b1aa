/**
 * The global language dictionary: language packs (spec part 2 §3 "Language pack", a flat map of keys to text)
 * merged for the language in force. Cached in `sessionStorage.lange_` as `{lang, dict}` so a reload within the
 * tab has it at once.
 */
import { STORAGE_KEYS } from '../constants.ts';
import { readJson, writeJson, removeKey } from '../platform/storage.ts';
import { getLanguage, isLang, type Lang } from './language.ts';

export type Dictionary = Readonly<Record<string, string>>;

interface State {
  lang: Lang;
  entries: Dictionary;
}

type Listener = (dictionary: State) => void;
const listeners = new Set<Listener>();
let state: State = hydrate();

function hydrate(): State {
  const stored = readJson('session', STORAGE_KEYS.languagePack);
  if (stored && typeof stored === 'object') {
    const { lang, dict } = stored as { lang?: unknown; dict?: unknown };
    if (isLang(lang)) return { lang, entries: onlyStrings(dict) };
  }
  return { lang: getLanguage(), entries: {} };
}

/** Keeps the string entries of a pack; anything else a server might put there is dropped. */
export function onlyStrings(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  for (const [key, text] of Object.entries(value)) if (typeof text === 'string') out[key] = text;
  return out;
}

function publish(next: State): void {
  state = next;
  writeJson('session', STORAGE_KEYS.languagePack, { lang: next.lang, dict: next.entries });
  for (const listener of [...listeners]) listener(next);
}

/** Merges a pack into the dictionary of `lang`; a pack of another language than the current one replaces it. */
export function mergeDictionary(lang: Lang, pack: Record<string, unknown>): void {
  const base = state.lang === lang ? state.entries : {};
  publish({ lang, entries: { ...base, ...onlyStrings(pack) } });
}

export function getDictionary(): { lang: Lang; entries: Dictionary } {
  return state;
}

/** Empties the dictionary (and its cache), e.g. when returning to zh-CN, which has no packs. */
export function clearDictionary(lang: Lang = getLanguage()): void {
  removeKey('session', STORAGE_KEYS.languagePack);
  state = { lang, entries: {} };
  for (const listener of [...listeners]) listener(state);
}

/**
 * Looks `key` up for the language in force. A dictionary of another language is never used (it would show the
 * wrong language): then, as for a missing key, the fallback is returned, or the key itself.
 */
export function t(key: string, fallback?: string): string {
  if (state.lang === getLanguage()) {
    const text = state.entries[key];
    if (text !== undefined) return text;
  }
  return fallback ?? key;
}

/** Called after every merge or clear, so views can re-render with the new texts. */
export function subscribeDictionary(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
