/**
 * Core's own user-visible texts in the three languages. Core imports no UI framework, so it cannot use
 * `@lit/localize`. Each concept keeps its table beside its code (`upload/texts.ts`, `voice/texts.ts`…) and makes its
 * text function with `defineTexts`, so a page loads only the wording of what it uses (size budgets); this module holds
 * the request client's texts (`coreText`). `{name}` placeholders are filled from `vars`.
 */
import { getLanguage, type Lang } from './language.ts';

export type TextTable = Record<string, Record<Lang, string>>;

/** A concept's text function: the text for `key` in `lang` (default: the language in force), placeholders filled. */
export type TextFunction<K extends string> = (key: K, vars?: Record<string, string | number>, lang?: Lang) => string;

export function defineTexts<T extends TextTable>(table: T): TextFunction<keyof T & string> {
  return (key, vars = {}, lang = getLanguage()) => {
    const texts = table[key]!;
    const template = texts[lang] ?? texts.en;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
  };
}

/** The request client's texts (spec part 1 §5, §7, §8). */
const requestTexts = {
  needsBrowser: {
    'zh-CN':
      '@edu-portal/core 的请求客户端需要浏览器（XMLHttpRequest）：请在浏览器页面中调用，Node 中请直接用 fetch 调用接口',
    en: "@edu-portal/core's request client needs a browser (XMLHttpRequest): call it from a browser page, or call the API with fetch in Node",
    'zh-HK':
      '@edu-portal/core 的請求客戶端需要瀏覽器（XMLHttpRequest）：請在瀏覽器頁面中調用，Node 中請直接用 fetch 調用介面',
  },
  serverError: {
    'zh-CN': '服务器内部错误！',
    en: 'Server internal error!',
    'zh-HK': '伺服器內部錯誤！',
  },
  timeout: {
    'zh-CN': '请求超时（超过 {ms} 毫秒）',
    en: 'Timeout of {ms}ms exceeded',
    'zh-HK': '請求逾時（超過 {ms} 毫秒）',
  },
  network: {
    'zh-CN': '网络错误',
    en: 'Network Error',
    'zh-HK': '網絡錯誤',
  },
  aborted: {
    'zh-CN': '请求已中止',
    en: 'Request aborted',
    'zh-HK': '請求已中止',
  },
  malformed: {
    'zh-CN': '服务器返回的数据无法识别',
    en: 'The server sent a response that could not be read',
    'zh-HK': '伺服器返回的資料無法識別',
  },
  methodUnsupported: {
    'zh-CN': '不支持的请求方式：{method}',
    en: 'Unsupported request method: {method}',
    'zh-HK': '不支援的請求方式：{method}',
  },
  methodRefused: {
    'zh-CN': '请求助手不允许直接使用 {method}',
    en: 'The request helper does not allow {method} directly',
    'zh-HK': '請求助手不允許直接使用 {method}',
  },
  fileTypeError: {
    'zh-CN': '文件类型错误',
    en: 'file type error',
    'zh-HK': '檔案類型錯誤',
  },
  signatureInvalid: {
    'zh-CN': '登录信息校验失败，请重新登录',
    en: 'Your sign-in could not be verified, please sign in again',
    'zh-HK': '登入資料校驗失敗，請重新登入',
  },
  sessionExpired: {
    'zh-CN': '登录已过期，请重新登录',
    en: 'Your session has expired, please sign in again',
    'zh-HK': '登入已過期，請重新登入',
  },
} satisfies TextTable;

export type CoreTextKey = keyof typeof requestTexts;

/** The request client's text for `key`. */
export const coreText = defineTexts(requestTexts);
