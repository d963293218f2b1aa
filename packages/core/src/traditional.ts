/**
 * `@edu-portal/core/traditional`: turns on the conversion of server texts to traditional Chinese (Hong Kong) for
 * zh-HK (core `i18n/server-text`). Import it once in a page's entry; it needs the optional peer dependency
 * `opencc-js`, whose dictionaries (about 1 MB) still load only when zh-HK is chosen.
 */
import { setTraditionalConverterLoader } from './i18n/server-text.ts';

setTraditionalConverterLoader(() => import('opencc-js/cn2t'));
