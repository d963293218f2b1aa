/** Server texts carrying two languages as `中文|||English` (spec part 1 §5, §8). */
import { getLanguage, type Lang } from './language.ts';

export const BILINGUAL_SEPARATOR = '|||';

/**
 * The part of a bilingual server text for `lang`: the second part for `en`, the first otherwise (zh-HK too, as the
 * spec says). A text without the separator is returned as it is; an empty English part falls back to the first.
 */
export function pickBilingual(message: string, lang: Lang = getLanguage()): string {
  const at = message.indexOf(BILINGUAL_SEPARATOR);
  if (at < 0) return message;
  const first = message.slice(0, at).trim();
  const second = message.slice(at + BILINGUAL_SEPARATOR.length).trim();
  if (lang === 'en') return second || first;
  return first || second;
}
