// The demo host's API reference (size budgets): each catalogue page ends with the reference of the elements it shows,
// and #/reference/<tag> has every element's; both are rendered from custom-elements.json, so they list exactly what
// the manifest (the elements' JSDoc) says.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { collectPageErrors, expectAccessible } from './helpers.ts';

interface Doc {
  tagName: string;
  customElement?: boolean;
  members?: { kind: string; static?: boolean; privacy?: string; name: string }[];
  events?: { name: string }[];
  cssParts?: { name: string }[];
}
const manifest = JSON.parse(readFileSync('packages/elements/custom-elements.json', 'utf8')) as {
  modules: { declarations?: Doc[] }[];
};
const docs = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement && d.tagName);
const doc = (tag: string) => docs.find((d) => d.tagName === tag)!;
const properties = (d: Doc) =>
  (d.members ?? []).filter((m) => m.kind === 'field' && !m.static && (m.privacy ?? 'public') === 'public');

const PAGES: [string, string[]][] = [
  ['blocks/dialogs', ['edu-dialog', 'edu-notice']],
  ['blocks/upload', ['edu-upload']],
  ['blocks/header', ['edu-header', 'edu-theme-dialog']],
];

test('a catalogue page ends with the API reference of the elements it shows', async ({ page }) => {
  const errors = collectPageErrors(page);
  for (const [path, tags] of PAGES) {
    await page.goto(`/#/${path}`);
    for (const tag of tags) {
      const section = page.locator(`section.api-reference[data-tag="${tag}"]`);
      await expect(section.getByRole('heading', { name: `API 参考：<${tag}>` })).toBeVisible();
      const events = section.getByRole('region', { name: `<${tag}> 事件`, exact: true }).locator('tbody tr');
      await expect(events).toHaveCount(doc(tag).events?.length ?? 0);
    }
  }
  expect(errors).toEqual([]);
});

test('every element has its reference page, from the manifest, in three languages', async ({ page }) => {
  await page.goto('/#/reference/edu-dialog');
  const index = page.getByRole('navigation', { name: '全部组件' }).getByRole('link');
  await expect(index).toHaveCount(docs.length);
  for (const d of docs) {
    await page.goto(`/#/reference/${d.tagName}`);
    const section = page.locator(`section.api-reference[data-tag="${d.tagName}"]`);
    await expect(section.getByRole('heading', { level: 1 })).toHaveText(`API 参考：<${d.tagName}>`);
    const rows = (name: string) =>
      section.getByRole('region', { name: `<${d.tagName}> ${name}`, exact: true }).locator('tbody tr');
    await expect(rows('属性')).toHaveCount(properties(d).length);
    await expect(rows('事件')).toHaveCount(d.events?.length ?? 0);
    await expect(rows('CSS 部件（::part）')).toHaveCount(d.cssParts?.length ?? 0);
  }
  await page.goto('/#/reference/edu-upload');
  await expectAccessible(page);
  await page.getByLabel('语言').selectOption('en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API reference: <edu-upload>');
  await expectAccessible(page);
  await page.getByLabel('Language').selectOption('zh-HK');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API 參考：<edu-upload>');
  await expectAccessible(page);
});
