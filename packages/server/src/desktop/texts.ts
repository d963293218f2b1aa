/**
 * Texts of the desktop and portal calls. Envelope messages are bilingual `中文|||English`; field errors
 * are in the request's `Sy-Language`, like every other call (docs/decisions.md "Reference server").
 */
import type { LocalizedText } from '../http/messages.ts';

export const DESKTOP_MESSAGES = {
  themeSyncAdminOnly: '只有管理员可以为全体用户同步主题|||Only an administrator can apply a theme to every user',
  badTheme: '主题格式错误|||The theme is not valid',
  reorderForbidden: '当前身份不能调整桌面图标顺序|||Your account type cannot reorder the desktop icons',
  unknownApps: '图标不在您的桌面上|||Some of these apps are not on your desktop',
  messageNotFound: '消息不存在|||No such message',
  messageForbidden: '无权操作他人的消息|||This message belongs to another user',
  todoNotFound: '待办不存在|||No such to-do',
  todoForbidden: '无权处理他人的待办|||This to-do belongs to another user',
  notYourChild: '该学生不是您的孩子|||This student is not your child',
  childInactive: '该学生已不在校，不能选择|||This child is no longer at school and cannot be chosen',
  menuTypesOnly: '仅教师身份可加载菜单权限|||Only teacher accounts (types 2 and 4) load the menu tree',
  operationForbidden: '您没有此操作的权限|||You do not have permission for this operation',
  accessMismatch: '只能记录本人的访问|||Only your own app visits can be recorded',
} as const;

export const DESKTOP_FIELD_MESSAGES = {
  badTheme: {
    'zh-CN': '主题须为 ink、lotus、cartoon 或 #颜色值',
    'zh-HK': '主題須為 ink、lotus、cartoon 或 #顏色值',
    en: 'The theme must be ink, lotus, cartoon or a #colour',
  },
  badLang: {
    'zh-CN': '语言须为 zh-CN、en 或 zh-HK',
    'zh-HK': '語言須為 zh-CN、en 或 zh-HK',
    en: 'The language must be zh-CN, en or zh-HK',
  },
  badLayout: {
    'zh-CN': '布局须为 top 或 left',
    'zh-HK': '佈局須為 top 或 left',
    en: 'The layout must be top or left',
  },
  unknownApp: {
    'zh-CN': '不在您桌面上的应用',
    'zh-HK': '不在您桌面上的應用',
    en: 'Not an app of your desktop',
  },
} satisfies Record<string, LocalizedText>;
