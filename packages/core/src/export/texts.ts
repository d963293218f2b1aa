/** Export and download texts (spec part 2 §8, §9). */
import { defineTexts, type TextTable } from '../i18n/messages.ts';

export const EXPORT_TEXTS = {
  exportNoTable: {
    'zh-CN': '请指定要下载的表格',
    en: 'Please specify the table to download',
    'zh-HK': '請指定要下載的表格',
  },
  downloadFailed: { 'zh-CN': '下载失败', en: 'Download failed', 'zh-HK': '下載失敗' },
} satisfies TextTable;

export const exportText = defineTexts(EXPORT_TEXTS);
