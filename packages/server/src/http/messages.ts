/**
 * Server texts. Envelope messages are bilingual `中文|||English` (the client picks a side); field errors are
 * given in the request's `Sy-Language` because the client joins them with commas and shows them as they are.
 */

export const MESSAGES = {
  ok: '',
  wrongCredentials: '用户名或密码错误|||Incorrect user name or password',
  credentialsRequired: '请输入用户名和密码|||Please enter your user name and password',
  accountDisabled: '账号已停用，请联系管理员|||This account is disabled, please contact the administrator',
  sessionExpired: '登录已过期，请重新登录|||Session expired, please log in again',
  unknownClient: '客户端标识无效|||Unknown client id',
  clientIdRequired: '客户端标识不能为空|||The client id is required',
  invalidAccessToken: '访问令牌无效或已过期|||The access token is invalid or has expired',
  switchForbidden: '无权切换到该身份|||You may not switch to this identity',
  forbidden: '无权访问|||Access denied',
  unitNotFound: '单位不存在|||No such unit',
  fileNotFound: '文件不存在|||No such file',
  notFound: '接口不存在|||No such API',
  badRequest: '请求参数错误|||Invalid request parameters',
  payloadTooLarge: '提交的内容过大|||The request body is too large',
  unsupportedMediaType: '不支持的内容类型|||Unsupported content type',
  serverError: '服务器内部错误|||Server internal error',
  injectedFailure: '测试注入的故障|||Failure injected by a test hook',
} as const;

export type Lang = 'zh-CN' | 'en' | 'zh-HK';

/** One text per language, for the few single-language answers (field errors). */
export interface LocalizedText {
  'zh-CN': string;
  'zh-HK': string;
  en: string;
}

export const FIELD_MESSAGES = {
  usernameRequired: { 'zh-CN': '用户名不能为空！', 'zh-HK': '用戶名不能為空！', en: 'User name cannot be empty!' },
  passwordRequired: { 'zh-CN': '密码不能为空！', 'zh-HK': '密碼不能為空！', en: 'Password cannot be empty!' },
  clientIdRequired: {
    'zh-CN': '客户端标识不能为空！',
    'zh-HK': '客戶端標識不能為空！',
    en: 'Client id cannot be empty!',
  },
  accessTokenRequired: {
    'zh-CN': '访问令牌不能为空！',
    'zh-HK': '訪問令牌不能為空！',
    en: 'Access token cannot be empty!',
  },
  invalidValue: { 'zh-CN': '参数格式错误', 'zh-HK': '參數格式錯誤', en: 'Invalid value' },
} satisfies Record<string, LocalizedText>;

/** The language named by the `Sy-Language` header; zh-CN when absent or unknown (spec default). */
export function requestLanguage(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header[0] : header;
  return value === 'en' || value === 'zh-HK' ? value : 'zh-CN';
}
