import { expect, fixture, html as litHtml } from '@open-wc/testing';
import { getLanguage, setLanguage } from '../i18n/language.ts';
import { captureNotices, loginAs, logoutServer } from '../test-support/server.ts';
import { DOWNLOAD_FORM_REMOVE_MS } from './download.ts';
import {
  EXPORT_LOADING_RESET_MS,
  TABLE_TO_XLS_PATH,
  cellText,
  exportRows,
  exportTable,
  neutralizeFormula,
  tableToTextHtml,
} from './table.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A page table with everything that must not reach the file: script, event attributes, links, images, styles. */
function hostileTable(): HTMLTableElement {
  const container = document.createElement('div');
  container.innerHTML = `
    <table id="hostile">
      <caption>三年级（2）班</caption>
      <thead><tr><th rowspan="2" style="color:red" onclick="steal()">姓名</th><th colspan="2">成绩</th><th data-export-skip>操作</th></tr>
      <tr><th>语文</th><th>数学</th></tr></thead>
      <tbody>
        <tr><td>张三<script>window.__exportScriptRan = true;</script></td><td>95</td><td>-3.5</td>
          <td data-export-skip><button>编辑</button></td></tr>
        <tr><td><a href="javascript:alert(1)" onmouseover="alert(2)">李四</a></td>
          <td><img src="x" onerror="window.__exportImgRan = true">88</td><td>=HYPERLINK("http://evil","x")</td>
          <td data-export-skip></td></tr>
        <tr><td>王&lt;五&gt;<br>（转入）<span hidden>secret</span></td><td>+cmd|' /C calc'!A0</td><td>@SUM(A1:A2)</td>
          <td data-export-skip></td></tr>
        <tr data-export-skip><td>skipped row</td></tr>
      </tbody>
    </table>`;
  document.body.append(container);
  return container.querySelector('table')!;
}

describe('formula neutralising', () => {
  it('prefixes an apostrophe to cells starting with = + - @ tab or CR', () => {
    for (const text of ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\t=1', '\r=1', '-', '+', '=']) {
      expect(neutralizeFormula(text), JSON.stringify(text)).to.equal(`'${text}`);
    }
  });

  it('leaves plain numbers and ordinary text alone', () => {
    for (const text of ['', '95', '-3.5', '+3', '-1,234.50', '-5%', '.5', 'a=b', '张三', "'=already"]) {
      expect(neutralizeFormula(text), text).to.equal(text);
    }
  });
});

describe('text-only table HTML', () => {
  let table: HTMLTableElement;
  beforeEach(() => (table = hostileTable()));
  afterEach(() => table.parentElement!.remove());

  it('reads what a reader sees: no script text, line breaks for <br>, form controls by value', async () => {
    const cells = exportRows(table).map((row) => Array.from(row.cells).map(cellText));
    expect(cells[2]![0]).to.equal('张三');
    expect(cells[4]![0]).to.equal('王<五>\n（转入）');
    const cell = await fixture<HTMLTableCellElement>(
      litHtml`<td>
        <div>line 1</div><p>line   2</p><input value="typed"><input type="password" value="pw">
        <select><option>a</option><option selected>b</option></select><textarea>note</textarea>
      </td>`,
    );
    expect(cellText(cell)).to.equal('line 1\nline 2\ntyped b note');
  });

  it('rebuilds the table from text only, with rowspan and colspan and nothing else', () => {
    const html = tableToTextHtml(table);
    expect(html).to.equal(
      '<table>' +
        '<tr><th rowspan="2">姓名</th><th colspan="2">成绩</th></tr>' +
        '<tr><th>语文</th><th>数学</th></tr>' +
        '<tr><td>张三</td><td>95</td><td>-3.5</td></tr>' +
        '<tr><td>李四</td><td>88</td><td>\'=HYPERLINK("http://evil","x")</td></tr>' +
        "<tr><td>王&lt;五&gt;<br>（转入）</td><td>'+cmd|' /C calc'!A0</td><td>'@SUM(A1:A2)</td></tr>" +
        '</table>',
    );
    // Parsed back, only table structure and the two span attributes are there.
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    for (const element of Array.from(parsed.body.querySelectorAll('*'))) {
      expect(['table', 'tbody', 'tr', 'th', 'td', 'br']).to.include(element.localName);
      for (const attribute of Array.from(element.attributes)) expect(['rowspan', 'colspan']).to.include(attribute.name);
    }
    expect(html).not.to.match(/script|onerror|onclick|onmouseover|href|<img|<a |style|secret|编辑/i);
    expect((window as unknown as Record<string, unknown>).__exportScriptRan).to.equal(undefined);
  });

  it('keeps the mark of identifier cells and columns (data-export-text), with no value', () => {
    const ids = document.createElement('table');
    ids.innerHTML =
      '<tr><th data-export-text="yes" title="x">学号</th><th>成绩</th></tr><tr><td data-export-text>007</td><td>95</td></tr>';
    expect(tableToTextHtml(ids)).to.equal(
      '<table><tr><th data-export-text>学号</th><th>成绩</th></tr><tr><td data-export-text>007</td><td>95</td></tr></table>',
    );
  });

  it('exports the outer tables of a container one after another (split header and body)', async () => {
    const split = await fixture<HTMLDivElement>(litHtml`<div>
      <table><tr><th>h</th></tr></table>
      <table><tr><td>a<table><tr><td>inner</td></tr></table></td></tr></table>
    </div>`);
    expect(exportRows(split)).to.have.length(2);
    expect(tableToTextHtml(split)).to.equal('<table><tr><th>h</th></tr><tr><td>a<br>inner</td></tr></table>');
  });
});

describe('exportTable (part 2 §7, §8, §9)', () => {
  let capture: ReturnType<typeof captureNotices>;
  const initial = getLanguage();
  beforeEach(() => (capture = captureNotices()));
  afterEach(async () => {
    capture.restore();
    setLanguage(initial);
    document.querySelectorAll('table#hostile').forEach((t) => t.parentElement!.remove());
  });

  it("warns 'please specify the table to download' in each language when there is no table", () => {
    expect(exportTable(null, { lang: 'en' })).to.equal(null);
    expect(exportTable('no-such-table', { lang: 'zh-CN' })).to.equal(null);
    const empty = document.createElement('table');
    document.body.append(empty);
    expect(exportTable(empty, { lang: 'zh-HK' })).to.equal(null);
    empty.remove();
    expect(exportTable('##bad selector', { lang: 'en' })).to.equal(null);
    expect(capture.notices).to.deep.equal([
      { type: 'warning', message: 'Please specify the table to download' },
      { type: 'warning', message: '请指定要下载的表格' },
      { type: 'warning', message: '請指定要下載的表格' },
      { type: 'warning', message: 'Please specify the table to download' },
    ]);
    expect(document.querySelector('form')).to.equal(null);
  });

  it('posts a real form with title, data and Sy-Language, removes it after 500 ms, resets loading after 800 ms', async () => {
    await loginAs('teacher1');
    hostileTable();
    setLanguage('en');
    const loading: boolean[] = [];
    const started = performance.now();
    // By id, as the original took it; the caption becomes the title.
    const handle = exportTable('hostile', { onLoading: (value) => loading.push(value) })!;
    expect(handle).not.to.equal(null);
    expect(loading).to.deep.equal([true]);
    const form = handle.form!;
    expect(form.isConnected).to.equal(true);
    expect(form.method).to.equal('post');
    expect(new URL(form.action).pathname).to.equal(TABLE_TO_XLS_PATH);
    expect(form.target).to.equal(handle.frame!.name);
    expect(handle.frame!.isConnected).to.equal(true);
    const fields = Object.fromEntries(
      Array.from(form.querySelectorAll('input')).map((input) => [input.name, [input.type, input.value]]),
    );
    expect(fields).to.deep.equal({
      title: ['hidden', '三年级（2）班'],
      data: ['hidden', handle.html],
      'Sy-Language': ['hidden', 'en'],
    });
    expect(handle.html).to.contain('<th rowspan="2">姓名</th>');

    await sleep(DOWNLOAD_FORM_REMOVE_MS - 150 - (performance.now() - started));
    expect(form.isConnected, 'still there before 500 ms').to.equal(true);
    await handle.removed;
    const removedAfter = performance.now() - started;
    expect(form.isConnected).to.equal(false);
    expect(removedAfter).to.be.within(DOWNLOAD_FORM_REMOVE_MS - 5, DOWNLOAD_FORM_REMOVE_MS + 400);
    expect(loading).to.deep.equal([true]);
    await handle.loadingReset;
    expect(performance.now() - started).to.be.within(EXPORT_LOADING_RESET_MS - 5, EXPORT_LOADING_RESET_MS + 400);
    expect(loading).to.deep.equal([true, false]);
    // The answer was a file: nothing loaded into the frame, so no notice.
    await sleep(300);
    expect(capture.notices).to.deep.equal([]);
  });

  it("shows the server's answer when it is an error instead of a file (here: signed out, so 'please log in')", async () => {
    await logoutServer();
    hostileTable();
    const handle = exportTable('#hostile', { title: 'x', lang: 'zh-HK' })!;
    await new Promise((resolve) => handle.frame!.addEventListener('load', resolve, { once: true }));
    // Signed out is not "session expired" (export and signed-out answers).
    expect(capture.notices).to.deep.equal([{ type: 'error', message: '请先登录' }]);
    await loginAs('teacher1');
  });
});
