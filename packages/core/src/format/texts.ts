/** Relative times (spec part 2 §9). */
import { defineTexts, type TextTable } from '../i18n/messages.ts';

export const FORMAT_TEXTS = {
  justNow: { 'zh-CN': '刚刚', en: 'just now', 'zh-HK': '剛剛' },
  minuteAgo: { 'zh-CN': '1分钟前', en: '1 minute ago', 'zh-HK': '1分鐘前' },
  minutesAgo: { 'zh-CN': '{n}分钟前', en: '{n} minutes ago', 'zh-HK': '{n}分鐘前' },
  hourAgo: { 'zh-CN': '1小时前', en: '1 hour ago', 'zh-HK': '1小時前' },
  hoursAgo: { 'zh-CN': '{n}小时前', en: '{n} hours ago', 'zh-HK': '{n}小時前' },
  dayAgo: { 'zh-CN': '1天前', en: '1 day ago', 'zh-HK': '1天前' },
} satisfies TextTable;

export const formatText = defineTexts(FORMAT_TEXTS);
