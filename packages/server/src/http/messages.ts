/**
 * Server texts. Envelope messages are bilingual `中文|||English` (the client picks a side); field errors are
 * given in the request's `Sy-Language` because the client joins them with commas and shows them as they are.
 */
import type { Lang } from '@edu-portal/core';

export type { Lang };

export const MESSAGES = {
  ok: '',
  wrongCredentials: '用户名或密码错误|||Incorrect user name or password',
  credentialsRequired: '请输入用户名和密码|||Please enter your user name and password',
  accountDisabled: '账号已停用，请联系管理员|||This account is disabled, please contact the administrator',
  sessionExpired: '登录已过期，请重新登录|||Session expired, please log in again',
  loginRequired: '请先登录|||Please log in',
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
  // Ticket login
  ticketRequired: '登录票据不能为空|||The login ticket is required',
  invalidTicket: '登录票据无效、已使用或已过期|||The login ticket is invalid, already used or expired',
  // Social login and bind
  socialCodeRequired: '缺少第三方授权码|||The authorization code is missing',
  invalidSocialCode: '授权码无效、已使用或已过期|||The authorization code is invalid, already used or expired',
  socialUnbound:
    '该第三方账号尚未绑定平台账号，请先绑定|||This third-party account is not bound to a portal account yet, please bind it first',
  openidRequired: '缺少第三方账号标识|||The third-party account id (openid) is missing',
  bindExpired:
    '绑定请求无效或已过期，请重新扫码登录|||The binding request is invalid or has expired, please sign in with the app again',
  identityTaken: '该第三方账号已绑定其他用户|||This third-party account is already bound to another user',
  providerAlreadyBound:
    '该用户已绑定同一平台的其他第三方账号|||This user already has another account of the same provider bound',
  providerNotConfigured: '本单位未开通该登录方式|||This login method is not enabled for the unit',
  unknownProvider: '未知的登录方式|||Unknown login provider',
  foreignRedirect: "回调地址必须在门户自己的域名下|||The redirect address must be on the portal's own origin",
  badState: 'state 参数格式错误|||The state parameter is malformed',
  // Single sign-on (shiyue_webauth) and external apps
  clientIdMissing: '缺少client_id，请返回重试！|||Missing client_id, please go back and try again!',
  unknownSsoClient: '应用未注册，无法授权登录|||Unknown application: client_id is not registered',
  redirectNotAllowed: '回调地址未在该应用登记|||The redirect address is not registered for this application',
  unsupportedResponseType: '不支持的 response_type|||Unsupported response_type',
  invalidScope: '申请的权限范围无效|||The requested scope is not allowed for this application',
  unsupportedGrantType: '不支持的 grant_type|||Unsupported grant_type',
  clientAuthFailed: '应用认证失败|||Client authentication failed',
  externalAppNotFound: '外部应用不存在|||No such external application',
} as const;

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
  ticketRequired: { 'zh-CN': '登录票据不能为空！', 'zh-HK': '登入票據不能為空！', en: 'Ticket cannot be empty!' },
  codeRequired: { 'zh-CN': '授权码不能为空！', 'zh-HK': '授權碼不能為空！', en: 'Code cannot be empty!' },
  openidRequired: { 'zh-CN': 'openid 不能为空！', 'zh-HK': 'openid 不能為空！', en: 'openid cannot be empty!' },
  ssoClientIdRequired: {
    'zh-CN': '缺少client_id，请返回重试！',
    'zh-HK': '缺少client_id，請返回重試！',
    en: 'Missing client_id, please go back and try again!',
  },
  invalidValue: { 'zh-CN': '参数格式错误', 'zh-HK': '參數格式錯誤', en: 'Invalid value' },
} satisfies Record<string, LocalizedText>;

/** The language named by the `Sy-Language` header; zh-CN when absent or unknown (spec default). */
export function requestLanguage(header: string | string[] | undefined): Lang {
  const value = Array.isArray(header) ? header[0] : header;
  return value === 'en' || value === 'zh-HK' ? value : 'zh-CN';
}
