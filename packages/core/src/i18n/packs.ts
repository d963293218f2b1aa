/**
 * Language-pack loading (spec part 2 §4 "Language-pack loading", §7 "Language packs"): zh-CN needs none; a ready
 * pack is used as it is; otherwise the common file, then the module's file, both with caching on and the
 * interceptor bypassed, merged into the global dictionary. Loading always completes; failures are ignored.
 */
import { COMMON_PLUGIN_VERSION } from '../constants.ts';
import { client as defaultClient, type Client } from '../http/client.ts';
import { isRecord } from '../platform/guards.ts';
import { getDictionary, mergeDictionary, type Dictionary } from './dictionary.ts';
import { getLanguage, type Lang } from './language.ts';

export interface LanguagePackOptions {
  /** The module code, e.g. `desktop` or `areaDesktop`. */
  code: string;
  /** The app code in the file name `{lang}-{appCode}.json`. */
  appCode: string;
  /**
   * Default: the language in force. Packs are only for the language in force: another language loads nothing (its
   * texts would be dropped on arrival), and a switch during loading stops before the next file.
   */
  lang?: Lang;
  /** Version of the common plugin files; default '2.0.0'. */
  version?: string;
  /** Skip the common file. */
  skipCommon?: boolean;
  /** A configured root path (development); otherwise the first segment of `pathname`. */
  rootPath?: string | null;
  /** The current URL's path; default `location.pathname`. */
  pathname?: string;
  /** A ready language object: used as it is, without any call. */
  ready?: Record<string, unknown> | null;
  client?: Client;
}

export function commonPackUrl(lang: Lang, version: string = COMMON_PLUGIN_VERSION): string {
  return `/common/plugins/common-ph/${version}/lang/${lang}-ph.json`;
}

/**
 * Root path of a module's files: 'area' for modules whose code contains 'area'; else the configured root path;
 * else the first segment of the current path ('' at the site root).
 */
export function packRootPath({
  code,
  rootPath,
  pathname,
}: {
  code: string;
  rootPath?: string | null;
  pathname?: string;
}): string {
  if (code.includes('area')) return 'area';
  const configured = rootPath?.replace(/^\/+|\/+$/g, '');
  if (configured) return configured;
  const path = pathname ?? globalThis.location?.pathname ?? '/';
  return path.split('/').find((segment) => segment.length > 0 && !segment.includes('.')) ?? '';
}

export function modulePackUrl({
  lang,
  code,
  appCode,
  root,
}: {
  lang: Lang;
  code: string;
  appCode: string;
  root: string;
}): string {
  return `${root ? `/${root}` : ''}/${code}/lang/${lang}-${appCode}.json`;
}

/** Resolves with the merged dictionary once loading has finished; never rejects. */
export async function loadLanguagePack(options: LanguagePackOptions): Promise<Dictionary> {
  const lang = options.lang ?? getLanguage();
  if (lang === 'zh-CN') return {};
  // Only the language in force is loaded (once another language's files were fetched, then discarded).
  const inForce = () => lang === getLanguage();
  if (!inForce()) return {};
  if (isRecord(options.ready)) {
    mergeDictionary(lang, options.ready);
    return getDictionary().entries;
  }
  const http = options.client ?? defaultClient;
  const fetchPack = async (url: string): Promise<void> => {
    if (!inForce()) return;
    try {
      const pack = await http.getJson(url, { cache: true, silent: true });
      // A late answer for a language the user has since left must not replace the new language's texts.
      if (isRecord(pack) && inForce()) mergeDictionary(lang, pack);
    } catch {
      // Spec: language-pack failures are ignored; keys fall back to their default texts.
    }
  };
  if (!options.skipCommon) await fetchPack(commonPackUrl(lang, options.version));
  const root = packRootPath({ code: options.code, rootPath: options.rootPath, pathname: options.pathname });
  await fetchPack(modulePackUrl({ lang, code: options.code, appCode: options.appCode, root }));
  const dictionary = getDictionary();
  return dictionary.lang === lang ? dictionary.entries : {};
}
