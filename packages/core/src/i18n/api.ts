/**
 * The language call (spec part 1 §4 "Language", §5 "Switching"): the server keeps the user's language in the theme
 * setting `{theme, lang, layout}`, so saving it is the theme setting's call with the new language.
 * `setLanguage` puts a language in force on the page; `chooseLanguage` also remembers it on this device.
 */
import { client as defaultClient, type Client } from '../http/client.ts';
import { saveThemeSetting } from '../theme/api.ts';
import type { Layout } from '../theme/constants.ts';
import type { Lang } from './language.ts';
import { chooseLanguage } from './resolve.ts';

export interface SaveLanguageOptions {
  /**
   * Also save `{theme, lang, layout}` with `settheme` (type color) so the server's setting follows; pass
   * `currentThemeChoice(snapshot)` so theme and layout stay what they are.
   */
  saveWith?: { theme: string; layout?: Layout | null } | null;
  client?: Client;
}

/**
 * The header's language switch: `chooseLanguage` (remembered on this device, put in force at once), then, when
 * `saveWith` is given, the user's server setting `{theme, lang, layout}` follows (`settheme`). False (nothing
 * changes, no call) when it already is the language in force; a failed save does not undo the choice.
 */
export async function saveLanguage(
  lang: Lang,
  { saveWith, client = defaultClient }: SaveLanguageOptions = {},
): Promise<boolean> {
  if (!chooseLanguage(lang)) return false;
  if (saveWith) {
    try {
      await saveThemeSetting({ theme: saveWith.theme, lang, layout: saveWith.layout }, 'color', client);
    } catch {
      // Shown by the client; the device keeps the choice.
    }
  }
  return true;
}
