/** Server texts carrying two languages as `中文|||English` (spec part 1 §5, §8). */
import { getLanguage, type Lang } from './language.ts';
import { serverText } from './server-text.ts';

export const BILINGUAL_SEPARATOR = '|||';

/**
 * The part of a bilingual server text for `lang`: the second part for `en`, the first otherwise (zh-HK too, as the
 * spec says; in traditional characters, core `serverText`). A text without the separator is the same in every
 * language (converted for zh-HK); an empty English part falls back to the first.
 */
export function pickBilingual(message: string, lang: Lang = getLanguage()): string {
  const at = message.indexOf(BILINGUAL_SEPARATOR);
  if (at < 0) return serverText(message, message, lang);
  const first = message.slice(0, at).trim();
  const second = message.slice(at + BILINGUAL_SEPARATOR.length).trim();
  return serverText(first, second, lang);
}
