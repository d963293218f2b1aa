// What the about dialog says of the product wherever it opens (the portal's footer on every page, the catalogue's
// about page): product, company, logo and the first copyright year, and which microservice's versions it reads.
import { DEFAULT_THEME_COLOR } from '@edu-portal/core/theme/constants.ts';
import { defineTexts } from './texts.ts';

export const useProductTexts = defineTexts({
  'zh-CN': { product: '智慧教育门户', company: '滨江教育科技有限公司' },
  en: { product: 'Smart Education Portal', company: 'Binjiang Education Technology Co., Ltd.' },
  'zh-HK': { product: '智慧教育門戶', company: '濱江教育科技有限公司' },
});

/** The first year of the copyright line ("版权所有 © 2019-{this year} …"). */
export const COPYRIGHT_START = 2019;

/** The product logo: the portal's mark, drawn inline so the demo needs no file. */
export const PRODUCT_LOGO =
  'data:image/svg+xml,' +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 56 56"><rect width="56" height="56" rx="12" fill="${DEFAULT_THEME_COLOR}"/><path d="M12 22 28 14l16 8-16 8z" fill="#fff"/><path d="M18 26v9c0 3 5 6 10 6s10-3 10-6v-9l-10 5z" fill="#dbe7fa"/></svg>`,
  );

/**
 * The microservice whose versions a page's about dialog reads (spec part 2 §7 "Version"): an app entry page's
 * `/{root}/{serverId}/pc_…` path names it; the area desktop is `areaBase` under `area`; every other page is the
 * desktop's `base` under `pages`.
 */
export function versionService(pathname: string, route = ''): { code: string; root: string } {
  const app = /^\/(pages|area)\/([A-Za-z0-9_-]+)\/(?:pc|mobile)_[A-Za-z0-9_-]+_(?:tm|spm|all)\/(?:index\.html)?$/.exec(
    pathname,
  );
  if (app && !/_(desktop|areaDesktop|area)_all\//.test(pathname)) return { code: app[2]!, root: app[1]! };
  if (/(^|\/)(pc|mobile)_(areaDesktop|area)_all/.test(pathname) || /^\/areaDesktop(\/|$)/.test(route)) {
    return { code: 'areaBase', root: 'area' };
  }
  return { code: 'base', root: 'pages' };
}
