/** Portal shell texts of identity and licences (spec part 1 §2, §8). */
import { defineTexts, type TextTable } from '../i18n/messages.ts';

export const IDENTITY_TEXTS = {
  moduleExpired: {
    'zh-CN': '该模块已过期，请联系管理员！',
    en: 'This module has expired, please contact the administrator!',
    'zh-HK': '該模組已過期，請聯絡管理員！',
  },
} satisfies TextTable;

export const identityText = defineTexts(IDENTITY_TEXTS);
