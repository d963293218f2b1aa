/** The login chain's texts (spec part 1 §4, §5, §8; part 2 §5, §8). */
import { defineTexts, type TextTable } from '../i18n/messages.ts';

export const AUTH_TEXTS = {
  usernameRequired: {
    'zh-CN': '用户名不能为空！',
    en: 'User name cannot be empty!',
    'zh-HK': '用戶名不能為空！',
  },
  passwordRequired: {
    'zh-CN': '密码不能为空！',
    en: 'Password cannot be empty!',
    'zh-HK': '密碼不能為空！',
  },
  loginSuccess: {
    'zh-CN': '登录成功',
    en: 'Login success',
    'zh-HK': '登入成功',
  },
  ticketPathMissing: {
    'zh-CN': '未配置票据登录地址，无法使用票据登录',
    en: 'No ticket path is configured: the ticket cannot be used to sign in',
    'zh-HK': '未配置票據登入地址，無法使用票據登入',
  },
  socialStateMismatch: {
    'zh-CN': '登录请求已失效或并非从本页发起，请重新登录',
    en: 'This sign-in was not started from this page or has expired, please sign in again',
    'zh-HK': '登入請求已失效或並非從本頁發起，請重新登入',
  },
  missingClientId: {
    'zh-CN': '缺少 client_id，请返回重试！',
    en: 'Missing client_id, please go back and try again!',
    'zh-HK': '缺少 client_id，請返回重試！',
  },
  zoomWarning: {
    'zh-CN': '您的浏览器目前处于缩放状态（{percent}%），页面可能显示异常，建议将缩放比例恢复为 100%（可按 Ctrl+0）。',
    en: 'Your browser is zoomed to {percent}%, so pages may not display correctly. We recommend 100% (press Ctrl+0).',
    'zh-HK': '您的瀏覽器目前處於縮放狀態（{percent}%），頁面可能顯示異常，建議將縮放比例恢復為 100%（可按 Ctrl+0）。',
  },
} satisfies TextTable;

export const authText = defineTexts(AUTH_TEXTS);
