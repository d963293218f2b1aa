/**
 * Server texts in the language shown (server texts in traditional characters). The server keeps a Chinese and an English part only
 * (`name`/`englishName`, `unitName`/`unitEnName`, `中文|||English`): English shows the English part, zh-CN the Chinese
 * part, and zh-HK the Chinese part in traditional characters of the Hong Kong standard, converted on display by
 * OpenCC (`opencc-js`, simplified → Hong Kong).
 *
 * The converter (about 1 MB of dictionaries) is loaded only for zh-HK: a dynamic `import()` on the first need (the
 * language becoming zh-HK, or a zh-HK text asked for), never part of the bundle of the other languages. `opencc-js`
 * is an optional peer dependency: the import lives in its own entry, `@edu-portal/core/traditional` (`traditional.ts`),
 * which a page imports once to turn the conversion on; without it zh-HK texts stay simplified and the console says
 * once what to install. Until it is
 * there a zh-HK text shows as it came; `subscribeServerText` tells when it arrived, so a page renders again (the
 * elements' zh-HK locale waits for it, React's `useLanguage` re-renders on it, a legacy page awaits
 * `loadTraditionalConverter()`).
 */
import { getLanguage, subscribeLanguage, type Lang } from './language.ts';

type Convert = (text: string) => string;

/** What `opencc-js/cn2t` exports that the conversion uses. */
export interface TraditionalConverterModule {
  Converter(options: { from: 'cn'; to: 'hk' }): Convert;
}

let loadConverterModule: (() => Promise<TraditionalConverterModule>) | null = null;
let warnedMissing = false;

/**
 * Turns the zh-HK conversion on with a loader of `opencc-js/cn2t` (what `@edu-portal/core/traditional` does); the
 * converter starts loading at once when zh-HK is in force.
 */
export function setTraditionalConverterLoader(load: () => Promise<TraditionalConverterModule>): void {
  loadConverterModule = load;
  if (getLanguage() === 'zh-HK') void loadTraditionalConverter();
}

/**
 * OpenCC's Hong Kong target changes characters, not words: these are the interface's words in zh-HK, so a server
 * text says what the form beside it says ("用戶名", "登入"), not "用户名", "登錄" (one term throughout).
 */
const HK_TERMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/登錄/g, '登入'],
  [/户/g, '戶'],
  [/賬/g, '帳'],
  [/默認/g, '預設'],
  [/服務器/g, '伺服器'],
  [/設置/g, '設定'],
];

/** Hong Kong characters, then the interface's words. */
export function withHongKongTerms(text: string): string {
  return HK_TERMS.reduce((out, [from, to]) => out.replace(from, to), text);
}

let convert: Convert | null = null;
let loading: Promise<boolean> | null = null;
/** Counts the converter's arrivals: a snapshot that changes when texts may read differently. */
let revision = 0;
const listeners = new Set<() => void>();
const converted = new Map<string, string>();
/** Converted texts kept; a page shows a few hundred distinct server texts. */
const CACHE_LIMIT = 2000;

/**
 * Loads the simplified → Hong Kong converter (once). Resolves true when it is ready, false when it failed to load
 * (texts then stay simplified; the next call tries again).
 */
export function loadTraditionalConverter(): Promise<boolean> {
  if (convert) return Promise.resolve(true);
  if (!loadConverterModule) {
    // The words load only when they are needed: pages with the converter never fetch them.
    if (!warnedMissing)
      void import('./converter-missing.ts').then(({ converterMissing }) => console.warn(converterMissing()));
    warnedMissing = true;
    return Promise.resolve(false);
  }
  loading ??= loadConverterModule().then(
    ({ Converter }) => {
      const characters = Converter({ from: 'cn', to: 'hk' });
      convert = (text) => withHongKongTerms(characters(text));
      revision += 1;
      for (const listener of [...listeners]) listener();
      return true;
    },
    (error: unknown) => {
      loading = null;
      console.error('[edu-core] the traditional Chinese converter did not load', error);
      return false;
    },
  );
  return loading;
}

/** Whether zh-HK texts are converted now. */
export function traditionalConverterReady(): boolean {
  return convert !== null;
}

/** Changes when the converter arrives (for `useSyncExternalStore`-style readers). */
export function serverTextRevision(): number {
  return revision;
}

/** Calls `listener` when the converter has arrived and zh-HK texts read differently; returns the unsubscribe. */
export function subscribeServerText(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `text` in traditional Chinese (Hong Kong); as it is until the converter is loaded (asking starts the load). */
export function toTraditional(text: string): string {
  if (!text) return text;
  if (!convert) {
    void loadTraditionalConverter();
    return text;
  }
  let out = converted.get(text);
  if (out === undefined) {
    out = convert(text);
    if (converted.size >= CACHE_LIMIT) converted.clear();
    converted.set(text, out);
  }
  return out;
}

/**
 * The server text to show in `lang`: the English part in English (the Chinese one when it is empty), the Chinese
 * part otherwise (the English one when it is empty), in traditional characters for zh-HK.
 */
export function serverText(chinese: string, english = '', lang: Lang = getLanguage()): string {
  if (lang === 'en') return english || chinese;
  const text = chinese || english;
  return lang === 'zh-HK' ? toTraditional(text) : text;
}

// The converter starts loading as soon as zh-HK is chosen, before the first text asks for it.
subscribeLanguage((lang) => {
  if (lang === 'zh-HK') void loadTraditionalConverter();
});
