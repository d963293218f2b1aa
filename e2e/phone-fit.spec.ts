// Phones in the built demo: the block pages fit a 375 px phone without sideways scrolling,
// and a long form dialog keeps its footer on screen at 1366×768 and on a phone. Screenshots are written to be
// looked at.
import { test, expect, type Page } from '@playwright/test';
import { collectPageErrors, resetServer, signIn, SHOTS_DIR } from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

/** What sticks out of the page sideways: the page's own overflow and the elements reaching past the right edge. */
async function sidewaysOverflow(page: Page): Promise<{ scrollWidth: number; wide: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide: string[] = [];
    // Content that scrolls in a box of its own (a wide table in an overflow-x: auto wrapper) is not the page's.
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (clipped(el)) continue;
      if (r.width > 0 && r.right > width + 1) {
        wide.push(`${el.localName}${el.id ? `#${el.id}` : ''}.${[...el.classList].join('.')} ${Math.round(r.right)}`);
      }
    }
    return { scrollWidth: document.documentElement.scrollWidth, wide: wide.slice(0, 8) };
  });
}

for (const [path, ready] of [
  ['/#/blocks/form-dialog', '学生名单'],
  ['/#/blocks/export', '三年级（2）班 花名册'],
  ['/#/blocks/paged-list', ''],
] as const) {
  test(`${path} fits a 375 px phone without sideways scrolling`, async ({ page }) => {
    const errors = collectPageErrors(page);
    await signIn(page, 'teacher1');
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto(path);
    if (ready) await expect(page.getByRole('table', { name: ready })).toBeVisible();
    else await expect(page.locator('edu-paged-list')).not.toHaveAttribute('loading');
    await page.waitForTimeout(300);
    const overflow = await sidewaysOverflow(page);
    expect(overflow.wide, 'elements past the right edge').toEqual([]);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS_DIR}/phone-${path.split('/').pop()}.png`, fullPage: true });
    expect(errors).toEqual([]);
  });
}

for (const [width, height] of [
  [1366, 768],
  [375, 667],
] as const) {
  test(`a long form dialog keeps its footer on screen at ${width}×${height}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/#/blocks/form-dialog');
    await page.getByRole('button', { name: '新增学生' }).click();
    const dialog = page.getByRole('dialog', { name: '新增学生' });
    await expect(dialog).toBeVisible();
    // Make the form long, as a real one with many fields is.
    await page
      .locator('edu-form-dialog form')
      .first()
      .evaluate((form) => {
        const filler = document.createElement('div');
        filler.style.height = '1200px';
        filler.textContent = '更多字段';
        form.append(filler);
      });
    const host = page.locator('edu-form-dialog').filter({ has: dialog });
    const confirm = host.getByRole('button', { name: '立即添加' });
    await confirm.focus();
    const box = (await confirm.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(height);
    const dialogBox = (await dialog.boundingBox())!;
    expect(dialogBox.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(width);
    expect(dialogBox.y + dialogBox.height).toBeLessThanOrEqual(height);
    await page.screenshot({ path: `${SHOTS_DIR}/long-form-dialog-${width}x${height}.png` });
  });
}
