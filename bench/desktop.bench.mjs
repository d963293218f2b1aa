// The portal desktop's load in the built demo host: a signed-in teacher opens the production landing page
// `/pages/base/pc_desktop_all/index.html`; timed from navigation start to the header showing the user's name, and to
// the desktop's app icons laid out; with the JavaScript and CSS the browser fetched for it. The baseline is an empty
// page of the same host in the same run: the host's not-found page, signed out (same document, same bundle, nothing
// to load from the server), timed to its heading. Cold loads (a new context each run, no cache); medians of 11.
import { median } from './support.mjs';

const RUNS = 11;
const WARM_UP = 2;
const PASSWORD = 'Edu@2026';

/** Bytes of scripts and stylesheets the page fetched (encoded, as sent), the document excluded. */
function shippedBytes(page) {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => e.initiatorType === 'script' || e.initiatorType === 'link' || /\.(m?js|css)$/.test(e.name))
      .filter((e) => /\.(m?js|css)(\?|$)/.test(new URL(e.name).pathname))
      .reduce((sum, e) => sum + (e.encodedBodySize || e.transferSize || 0), 0),
  );
}

async function loadDesktop(browser, baseURL) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL });
  const page = await context.newPage();
  const response = await page.request.post('/api/uaa/oauth/login', {
    data: { username: 'teacher1', password: PASSWORD },
  });
  if ((await response.json()).status !== 200) throw new Error('teacher1 could not sign in');
  await page.goto('/pages/base/pc_desktop_all/index.html');
  const header = await page.waitForFunction(
    () => {
      const el = document.querySelector('edu-header');
      return el?.shadowRoot?.textContent?.includes('李明华') ? performance.now() : 0;
    },
    null,
    { polling: 'raf', timeout: 30000 },
  );
  const icons = await page.waitForFunction(
    () => {
      const el = document.querySelector('edu-desktop');
      return el?.shadowRoot?.querySelector('[data-code]') ? performance.now() : 0;
    },
    null,
    { polling: 'raf', timeout: 30000 },
  );
  const result = { header: await header.jsonValue(), icons: await icons.jsonValue(), bytes: await shippedBytes(page) };
  await context.close();
  return result;
}

async function loadEmpty(browser, baseURL) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL });
  const page = await context.newPage();
  await page.goto('/#/__empty');
  const shown = await page.waitForFunction(() => (document.querySelector('main h1') ? performance.now() : 0), null, {
    polling: 'raf',
    timeout: 30000,
  });
  const result = { shown: await shown.jsonValue(), bytes: await shippedBytes(page) };
  await context.close();
  return result;
}

export default async function run({ browser, baseURL }) {
  const desktop = { header: [], icons: [], bytes: [] };
  const empty = { shown: [], bytes: [] };
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    // Alternate, so both see the same machine state.
    const d = await loadDesktop(browser, baseURL);
    const e = await loadEmpty(browser, baseURL);
    if (i < WARM_UP) continue;
    desktop.header.push(d.header);
    desktop.icons.push(d.icons);
    desktop.bytes.push(d.bytes);
    empty.shown.push(e.shown);
    empty.bytes.push(e.bytes);
  }
  const round = (n) => Math.round(n * 10) / 10;
  const emptyShown = round(median(empty.shown));
  return {
    name: 'desktop-load',
    description:
      'teacher1 opening the built desktop landing page (cold) vs the same host’s empty not-found page; medians of 11',
    rows: [
      {
        metric: 'time to header with the user',
        value: round(median(desktop.header)),
        baseline: emptyShown,
        unit: 'ms',
      },
      { metric: 'time to app icons', value: round(median(desktop.icons)), baseline: emptyShown, unit: 'ms' },
      {
        metric: 'JavaScript and CSS on first load',
        value: Math.round(median(desktop.bytes) / 1024),
        baseline: Math.round(median(empty.bytes) / 1024),
        unit: 'KiB',
      },
    ],
  };
}
