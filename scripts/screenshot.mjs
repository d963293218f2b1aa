// Saves a PNG of a page as a person would see it, in the same Chromium the tests use:
//   node scripts/screenshot.mjs URL OUT.png [WIDTH] [HEIGHT]
// Start the host first (`npm start`); a CJK font (Debian's fonts-wqy-zenhei) makes Chinese text readable.
import { chromium } from 'playwright-core';
import { ensureChromium, chromiumArgs } from './chromium.mjs';

const [url, out, width = '1280', height = '800'] = process.argv.slice(2);
if (!url || !out) {
  console.error('usage: node scripts/screenshot.mjs URL OUT.png [WIDTH] [HEIGHT]');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs });
try {
  const page = await browser.newPage({ viewport: { width: Number(width), height: Number(height) } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.screenshot({ path: out });
  console.log(`saved ${out}`);
} finally {
  await browser.close();
}
