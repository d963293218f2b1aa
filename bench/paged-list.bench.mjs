// Render time of <edu-paged-list> for a 400-row page against a plain HTML table of the same rows, built in the same
// page and run (the goal: at most 1.5× the plain table). Both read the same page of the reference server's demo
// students and lay out a table of the same six columns:
//   - the list: the drop-in bundle's element with a <template> row (the plain-page way), timed from the moment its
//     XHR answer is complete to the rows laid out after `edu-page-load` (client decoding, Lit update, row clones);
//   - the baseline: fetch, then JSON.parse and createElement/textContent per cell, timed from the body text in hand.
// A second row times the whole round trip (request sent → rows laid out) of both. Runs alternate; medians of 21.
import { median, openBenchPage } from './support.mjs';
const RUNS = 21;
const WARM_UP = 3;
const SIZE = 400;

const STYLE = `<style>
  body { font: 14px system-ui, sans-serif; margin: 16px; }
  table { border-collapse: collapse; width: 100%; }
  td { padding: 4px 8px; border-bottom: 1px solid #ebeef5; }
</style>`;

export default async function run({ browser, baseURL }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await openBenchPage(page, baseURL, 'paged-list', { head: STYLE, body: '<main id="stage"></main>' });
  await page.waitForFunction(() => customElements.get('edu-paged-list') !== undefined);

  await page.evaluate((size) => {
    const api = `/api/demo/students`;
    const columns = ['$number', 'studentNo', 'name', 'className', 'gender', 'birthDate'];
    const stage = document.getElementById('stage');

    // When the XHR answer of the list is complete (before the client sees it).
    let responseAt = 0;
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (...args) {
      this.addEventListener('readystatechange', () => {
        if (this.readyState === 4) responseAt = performance.now();
      });
      return send.apply(this, args);
    };

    const settle = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

    window.benchList = async () => {
      stage.replaceChildren();
      await settle();
      const list = document.createElement('edu-paged-list');
      list.setAttribute('size', String(size));
      const row = columns.map((c) => `<td data-field="${c}"></td>`).join('');
      list.innerHTML = `<table><tbody data-rows></tbody></table><template><tr>${row}</tr></template>`;
      const loaded = new Promise((resolve) => list.addEventListener('edu-page-load', resolve, { once: true }));
      const sentAt = performance.now();
      list.pageApi = { api, method: 'get' };
      stage.append(list);
      await loaded;
      const rows = list.querySelectorAll('tbody tr');
      rows[rows.length - 1].getBoundingClientRect(); // layout
      const doneAt = performance.now();
      if (rows.length !== size) throw new Error(`list rendered ${rows.length} rows`);
      return { render: doneAt - responseAt, total: doneAt - sentAt };
    };

    window.benchTable = async () => {
      stage.replaceChildren();
      await settle();
      const sentAt = performance.now();
      const response = await fetch(`${api}?start=1&size=${size}&_t=${Date.now()}`, { credentials: 'include' });
      const text = await response.text();
      const start = performance.now();
      const data = JSON.parse(text).data.list;
      const table = document.createElement('table');
      const body = document.createElement('tbody');
      data.forEach((student, index) => {
        const tr = document.createElement('tr');
        for (const column of columns) {
          const td = document.createElement('td');
          td.textContent = column === '$number' ? String(index + 1) : String(student[column] ?? '');
          tr.append(td);
        }
        body.append(tr);
      });
      table.append(body);
      stage.append(table);
      body.lastElementChild.getBoundingClientRect(); // layout
      const doneAt = performance.now();
      if (body.children.length !== size) throw new Error(`table rendered ${body.children.length} rows`);
      return { render: doneAt - start, total: doneAt - sentAt };
    };
  }, SIZE);

  const list = { render: [], total: [] };
  const table = { render: [], total: [] };
  for (let i = 0; i < WARM_UP + RUNS; i++) {
    // Alternating order, so neither side always runs on a warmer engine.
    const order = i % 2 ? ['table', 'list'] : ['list', 'table'];
    for (const which of order) {
      const result = await page.evaluate((name) => window[name](), which === 'list' ? 'benchList' : 'benchTable');
      if (i < WARM_UP) continue;
      const target = which === 'list' ? list : table;
      target.render.push(result.render);
      target.total.push(result.total);
    }
  }
  await context.close();

  const round = (n) => +n.toFixed(2);
  return {
    name: 'paged-list',
    description: `<edu-paged-list> with a <template> row vs a plain table built with DOM calls, ${SIZE} rows × 6 columns, median of ${RUNS}`,
    rows: [
      {
        metric: `render ${SIZE} rows (answer in hand → rows laid out)`,
        value: round(median(list.render)),
        baseline: round(median(table.render)),
        unit: 'ms',
      },
      {
        metric: `request sent → ${SIZE} rows laid out`,
        value: round(median(list.total)),
        baseline: round(median(table.total)),
        unit: 'ms',
      },
    ],
  };
}
