// The colour picker block in the demo host, used as a person would: in a dialog at the bottom edge of the window
// (the panel flips up), and colour, size and font reaching the sample, in English too.
import { test, expect } from '@playwright/test';
import { collectPageErrors, dialogHost, resetServer } from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

test('colour picker in a dialog at the bottom edge: the panel flips up, stays fully visible, Escape closes it first', async ({
  page,
}) => {
  const errors = collectPageErrors(page);
  await page.setViewportSize({ width: 1000, height: 700 });
  await page.goto('/#/blocks/color-picker');
  await page.getByRole('button', { name: '在对话框中使用' }).click();
  const dialog = page.getByRole('dialog', { name: '编辑通知样式' });
  const host = dialogHost(page, dialog);
  await expect(dialog).toBeVisible();
  const dialogBox = (await dialog.boundingBox())!;
  expect(Math.round(dialogBox.y + dialogBox.height)).toBe(700);

  const trigger = host.getByRole('button', { name: /^文字颜色：/ });
  await trigger.click();
  const panel = page.getByRole('dialog', { name: '选择颜色' });
  await expect(panel).toBeVisible();
  const triggerBox = (await trigger.boundingBox())!;
  const panelBox = (await panel.boundingBox())!;
  // Flipped above the trigger, and whole.
  expect(panelBox.y + panelBox.height).toBeLessThanOrEqual(triggerBox.y + 1);
  expect(panelBox.y).toBeGreaterThanOrEqual(0);
  expect(panelBox.x).toBeGreaterThanOrEqual(0);
  expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(1000);
  // Every swatch can be hit where it is drawn: nothing clips or covers the panel.
  const purple = panel.getByRole('radio', { name: '紫色' });
  await expect(purple).toBeInViewport({ ratio: 1 });

  // Keyboard: Tab into the theme colours, arrows move, Enter chooses.
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(trigger).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(panel).toBeVisible();
  await panel.getByRole('radiogroup', { name: '标准色' }).getByRole('radio', { name: '深红色' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(panel.getByRole('radio', { name: '红色', exact: true })).toHaveAttribute('aria-checked', 'true');
  await page.keyboard.press('Enter');
  await expect(panel).toBeHidden();
  await expect(page.getByTestId('dialog-color')).toHaveText('#ff0000');

  await trigger.click();
  await purple.click();
  await expect(page.getByTestId('dialog-color')).toHaveText('#7030a0');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(errors).toEqual([]);
});

test('colour picker: colour, size and font reach the sample through edu-change, in English too', async ({ page }) => {
  await page.goto('/#/blocks/color-picker');
  await page
    .getByRole('button', { name: /^文字颜色：/ })
    .first()
    .click();
  const panel = page.getByRole('dialog', { name: '选择颜色' });
  await panel.getByLabel('字号').selectOption('20px');
  await panel.getByLabel('字体').selectOption('KaiTi');
  await panel.getByRole('radio', { name: '蓝色，浅色 40%', exact: true }).click();
  await expect(panel).toBeHidden();
  const sample = page.getByTestId('sample');
  await expect(sample).toHaveCSS('font-size', '20px');
  await expect(sample).toHaveCSS('font-family', /KaiTi/);
  const last = JSON.parse((await page.getByTestId('last-change').textContent())!) as Record<string, string>;
  expect(last).toMatchObject({ fontSize: '20px', fontFamily: 'KaiTi' });
  expect(last['color']).toMatch(/^#[0-9a-f]{6}$/);

  await page.getByRole('combobox', { name: '语言' }).selectOption('en');
  await page.getByRole('button', { name: /^Text colour: Blue, Lighter 40%/ }).click();
  await expect(page.getByRole('dialog', { name: 'Choose a colour' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Theme colours' })).toBeVisible();
});
