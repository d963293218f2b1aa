/** What the console says when zh-HK server texts cannot be converted: the converter's entry was never imported. */
import { defineTexts } from './messages.ts';

const texts = defineTexts({
  converterMissing: {
    'zh-CN':
      '[edu-core] 繁体中文（香港）的服务器文字未转换：请安装 opencc-js 并在页面入口 import "@edu-portal/core/traditional"',
    en: '[edu-core] Server texts are not converted to traditional Chinese (Hong Kong): install opencc-js and import "@edu-portal/core/traditional" in the page\'s entry',
    'zh-HK':
      '[edu-core] 繁體中文（香港）的伺服器文字未轉換：請安裝 opencc-js 並在頁面入口 import "@edu-portal/core/traditional"',
  },
});

export const converterMissing = (): string => texts('converterMissing');
