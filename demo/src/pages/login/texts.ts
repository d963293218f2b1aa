// Texts of the demo host's login pages, logout and startup in the three languages (the elements localise
// themselves; server texts go through core i18n). A missing key is a type error, so no language can lag behind.
import { useLanguage } from '@edu-portal/react/hooks.ts';
import type { Lang } from '@edu-portal/core/i18n/language.ts';

const zhCN = {
  navLogin: '登录与会话',
  demoTitle: '登录与会话',
  demoIntro:
    '会话过期时，页面上的请求会先尝试刷新登录；刷新失败则弹出登录对话框，重新登录后请求自动重试，页面上已填写的内容不会丢失。',
  demoNotes: '备注（用于演示：会话过期后这里的内容仍然保留）',
  demoCheck: '查询本单位信息',
  demoVocational: '职业学校',
  demoYes: '是',
  demoNo: '否',
  demoOpenDialog: '打开登录对话框',
  demoLoginPage: '打开登录页',
  demoSignedInAs: '当前登录：{name}',
  demoSignedOut: '未登录',
  productName: '智慧教育门户',
  language: '语言',
  loginTitle: '登录',
  loginWelcome: '欢迎使用智慧教育门户，请登录。',
  defaultLogoAlt: '门户标志',
  unitLogoAlt: '{name}标志',
  footerHelp: '帮助中心',
  forgotTitle: '忘记密码',
  forgotIntro: '为了保护您的账号安全，平台账号的密码只能由学校或教育局的管理员重置。',
  forgotStepsTitle: '请按以下步骤找回密码：',
  forgotStep1: '联系您所在学校的信息管理员（教师请联系教务处，家长请联系班主任），说明您的账号。',
  forgotStep2: '管理员核实身份后会为您重置密码，并告诉您临时密码。',
  forgotStep3: '使用临时密码登录后，请立即在个人设置中修改为只有您知道的新密码。',
  forgotContact: '联系方式',
  forgotWebsite: '学校网站',
  forgotPolicy: '新密码需为 8–20 位，不含空格和中文，并同时包含数字与其他字符，或字母与其他字符。',
  backToLogin: '返回登录',
  reloginTitle: '重新登录',
  reloginIntro: '客户端的登录已失效，请重新登录。登录后此窗口会通知客户端。',
  reloginDone: '登录成功，已通知客户端。现在可以关闭此窗口。',
  closeWindow: '关闭窗口',
  authorizeTitle: '应用授权',
  authorizeWorking: '正在授权，请稍候…',
  authorizeFailed: '授权失败',
  goBack: '返回上一页',
  bindTitle: '绑定账号',
  logout: '退出',
  logoutConfirmTitle: '退出登录',
  logoutConfirmText: '确定要退出登录吗？',
  logoutConfirm: '退出',
  cancel: '取消',
  switchAccount: '切换账号（开发）',
  startupFailed: '页面无法启动',
  checking: '正在检查登录状态…',
};

export type LoginTextKey = keyof typeof zhCN;
type LoginTexts = Record<LoginTextKey, string>;

const en: LoginTexts = {
  navLogin: 'Login and session',
  demoTitle: 'Login and session',
  demoIntro:
    'When the session expires, a request on the page first tries to refresh it; if that fails the login dialog opens, and after signing in the request is retried. Nothing typed on the page is lost.',
  demoNotes: 'Notes (for the demo: what you type here stays after the session expires)',
  demoCheck: 'Look up my unit',
  demoVocational: 'Vocational school',
  demoYes: 'Yes',
  demoNo: 'No',
  demoOpenDialog: 'Open the login dialog',
  demoLoginPage: 'Open the login page',
  demoSignedInAs: 'Signed in as {name}',
  demoSignedOut: 'Not signed in',
  productName: 'Smart Education Portal',
  language: 'Language',
  loginTitle: 'Sign in',
  loginWelcome: 'Welcome to the Smart Education Portal. Please sign in.',
  defaultLogoAlt: 'Portal logo',
  unitLogoAlt: '{name} logo',
  footerHelp: 'Help centre',
  forgotTitle: 'Forgot password',
  forgotIntro:
    "To keep your account safe, a portal account's password can only be reset by an administrator of your school or education bureau.",
  forgotStepsTitle: 'To get a new password:',
  forgotStep1:
    "Contact your school's information administrator (teachers: the academic office; parents: the class teacher) and tell them your account.",
  forgotStep2: 'After checking who you are, the administrator resets your password and gives you a temporary one.',
  forgotStep3: 'Sign in with it, then change it at once in your personal settings to a password only you know.',
  forgotContact: 'Contact',
  forgotWebsite: 'School website',
  forgotPolicy:
    'A new password has 8 to 20 characters, no spaces or Chinese characters, and mixes digits with other characters or letters with other characters.',
  backToLogin: 'Back to sign in',
  reloginTitle: 'Sign in again',
  reloginIntro: "The desktop client's session has ended. Sign in again; this window then tells the client.",
  reloginDone: 'Signed in. The client has been told; you can close this window now.',
  closeWindow: 'Close window',
  authorizeTitle: 'App authorisation',
  authorizeWorking: 'Authorising, please wait…',
  authorizeFailed: 'Authorisation failed',
  goBack: 'Go back',
  bindTitle: 'Bind your account',
  logout: 'Log out',
  logoutConfirmTitle: 'Log out',
  logoutConfirmText: 'Do you want to log out?',
  logoutConfirm: 'Log out',
  cancel: 'Cancel',
  switchAccount: 'Switch account (development)',
  startupFailed: 'The page cannot start',
  checking: 'Checking the login status…',
};

const zhHK: LoginTexts = {
  navLogin: '登入與會話',
  demoTitle: '登入與會話',
  demoIntro:
    '會話過期時，頁面上的請求會先嘗試重新整理登入；重新整理失敗則彈出登入對話框，重新登入後請求自動重試，頁面上已填寫的內容不會遺失。',
  demoNotes: '備註（用於演示：會話過期後這裏的內容仍然保留）',
  demoCheck: '查詢本單位資料',
  demoVocational: '職業學校',
  demoYes: '是',
  demoNo: '否',
  demoOpenDialog: '打開登入對話框',
  demoLoginPage: '打開登入頁',
  demoSignedInAs: '目前登入：{name}',
  demoSignedOut: '未登入',
  productName: '智慧教育門戶',
  language: '語言',
  loginTitle: '登入',
  loginWelcome: '歡迎使用智慧教育門戶，請登入。',
  defaultLogoAlt: '門戶標誌',
  unitLogoAlt: '{name}標誌',
  footerHelp: '幫助中心',
  forgotTitle: '忘記密碼',
  forgotIntro: '為保護您的帳號安全，平台帳號的密碼只能由學校或教育局的管理員重設。',
  forgotStepsTitle: '請按以下步驟取回密碼：',
  forgotStep1: '聯絡您所在學校的資訊管理員（教師請聯絡教務處，家長請聯絡班主任），說明您的帳號。',
  forgotStep2: '管理員核實身份後會為您重設密碼，並告訴您臨時密碼。',
  forgotStep3: '使用臨時密碼登入後，請立即在個人設定中修改為只有您知道的新密碼。',
  forgotContact: '聯絡方式',
  forgotWebsite: '學校網站',
  forgotPolicy: '新密碼需為 8–20 位，不含空格和中文，並同時包含數字與其他字元，或字母與其他字元。',
  backToLogin: '返回登入',
  reloginTitle: '重新登入',
  reloginIntro: '客戶端的登入已失效，請重新登入。登入後此視窗會通知客戶端。',
  reloginDone: '登入成功，已通知客戶端。現在可以關閉此視窗。',
  closeWindow: '關閉視窗',
  authorizeTitle: '應用授權',
  authorizeWorking: '正在授權，請稍候…',
  authorizeFailed: '授權失敗',
  goBack: '返回上一頁',
  bindTitle: '綁定帳號',
  logout: '登出',
  logoutConfirmTitle: '登出',
  logoutConfirmText: '確定要登出嗎？',
  logoutConfirm: '登出',
  cancel: '取消',
  switchAccount: '切換帳號（開發）',
  startupFailed: '頁面無法啟動',
  checking: '正在檢查登入狀態…',
};

export const loginTexts: Record<Lang, LoginTexts> = { 'zh-CN': zhCN, en, 'zh-HK': zhHK };

/** The login pages' text table in the language in force; re-renders on a language change. */
export function useLoginTexts(): LoginTexts {
  return loginTexts[useLanguage()];
}

/** `{name}` placeholders filled. */
export function fill(text: string, vars: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => vars[key] ?? whole);
}
