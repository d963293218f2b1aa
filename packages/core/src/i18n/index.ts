/** Language: the language in force, the device's choice, packs, dictionary and the switch's call (spec §4, §5). */
export {
  LANGS,
  DEFAULT_LANG,
  isLang,
  langOfTag,
  pageLanguage,
  getLanguage,
  setLanguage,
  subscribeLanguage,
  type Lang,
} from './language.ts';
export {
  resolveLanguage,
  readChosenLanguage,
  initLanguage,
  chooseLanguage,
  languageFromSetting,
  type LanguageSources,
} from './resolve.ts';
export { pickBilingual, BILINGUAL_SEPARATOR } from './bilingual.ts';
export {
  serverText,
  toTraditional,
  loadTraditionalConverter,
  traditionalConverterReady,
  subscribeServerText,
  serverTextRevision,
} from './server-text.ts';
export {
  t,
  mergeDictionary,
  getDictionary,
  clearDictionary,
  subscribeDictionary,
  type Dictionary,
} from './dictionary.ts';
export { loadLanguagePack, commonPackUrl, modulePackUrl, packRootPath, type LanguagePackOptions } from './packs.ts';
export { coreText, type CoreTextKey } from './messages.ts';
export { LANGUAGE_NAMES, languageOptions, type LanguageOption } from './options.ts';
export { saveLanguage, type SaveLanguageOptions } from './api.ts';
