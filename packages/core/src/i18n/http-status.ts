/**
 * HTTP status texts in the user's language (spec part 1 §8 "an error notification with status and status text";
 * "500 Internal Server Error" once appeared in the Chinese interface). The status number stays; its text is
 * the server's own in English, the table's in Chinese.
 */
import type { Lang } from './language.ts';

type Texts = Readonly<Record<Lang, string>>;

const STATUS_TEXTS: Readonly<Record<number, Texts>> = {
  400: { 'zh-CN': '请求有误', 'zh-HK': '請求有誤', en: 'Bad Request' },
  401: { 'zh-CN': '未登录或登录已失效', 'zh-HK': '未登入或登入已失效', en: 'Unauthorized' },
  403: { 'zh-CN': '没有访问权限', 'zh-HK': '沒有存取權限', en: 'Forbidden' },
  404: { 'zh-CN': '请求的地址不存在', 'zh-HK': '請求的地址不存在', en: 'Not Found' },
  405: { 'zh-CN': '不支持的请求方式', 'zh-HK': '不支援的請求方式', en: 'Method Not Allowed' },
  408: { 'zh-CN': '请求超时', 'zh-HK': '請求逾時', en: 'Request Timeout' },
  413: { 'zh-CN': '请求内容过大', 'zh-HK': '請求內容過大', en: 'Payload Too Large' },
  415: { 'zh-CN': '不支持的内容类型', 'zh-HK': '不支援的內容類型', en: 'Unsupported Media Type' },
  429: { 'zh-CN': '请求过于频繁，请稍后再试', 'zh-HK': '請求過於頻繁，請稍後再試', en: 'Too Many Requests' },
  500: { 'zh-CN': '服务器内部错误', 'zh-HK': '伺服器內部錯誤', en: 'Internal Server Error' },
  502: { 'zh-CN': '网关错误', 'zh-HK': '閘道錯誤', en: 'Bad Gateway' },
  503: { 'zh-CN': '服务暂时不可用', 'zh-HK': '服務暫時不可用', en: 'Service Unavailable' },
  504: { 'zh-CN': '网关超时', 'zh-HK': '閘道逾時', en: 'Gateway Timeout' },
};

/** Any other status, by its class. */
const CLASS_TEXTS: Texts = { 'zh-CN': '请求失败', 'zh-HK': '請求失敗', en: 'Request failed' };

/**
 * The text after the status number: in English the server's status text when it sent one (else the standard
 * one), in Chinese the table's, or a generic "request failed" for a status it does not name.
 */
export function httpStatusText(status: number, serverText: string | undefined, lang: Lang): string {
  const own = (serverText ?? '').trim();
  if (lang === 'en' && own) return own;
  return (STATUS_TEXTS[status] ?? CLASS_TEXTS)[lang];
}

/** "status text" of an HTTP failure in the user's language: `500 服务器内部错误`, `500 Internal Server Error`. */
export function httpErrorMessage(status: number, serverText: string | undefined, lang: Lang): string {
  return `${status} ${httpStatusText(status, serverText, lang)}`;
}
