/**
 * POST /api/base/common/table2xls: a real .xlsx from posted table HTML. The file is unzipped here with
 * node:zlib (inflateRaw) and its sheet XML read back, so the test checks the bytes a spreadsheet program gets.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as zlib from 'node:zlib';
import { parseTableHtml } from '../src/export/table-html.ts';
import { cellText, columnName, layoutGrid, sheetName, TableTooLargeError, xmlText } from '../src/export/xlsx.ts';
import { crc32 } from '../src/export/zip.ts';
import { contentDisposition, fileTitle, TABLE2XLS_PATH } from '../src/plugins/export.ts';
import { Client, login, startServer, type RunningServer } from './helpers.ts';

let server: RunningServer;
let teacher: Client;
before(async () => {
  server = await startServer();
  teacher = await login(server, 'teacher1');
});
after(() => server.close());

/** Entries of a ZIP archive, each checked against its size and CRC-32 from the central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  assert.ok(end >= 0, 'end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    assert.equal(zip.readUInt32LE(at), 0x02014b50, 'central directory entry');
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const packedSize = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    assert.equal(zip.readUInt32LE(offset), 0x04034b50, `local header of ${name}`);
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const packed = zip.subarray(start, start + packedSize);
    const data = method === 8 ? zlib.inflateRawSync(packed) : packed;
    assert.equal(data.length, size, `size of ${name}`);
    assert.equal(crc32(data), crc, `CRC-32 of ${name}`);
    files.set(name, data);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

const decodeXml = (text: string) =>
  text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!,
  );

function columnIndex(letters: string): number {
  return [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
}

/** References of the written cells whose style has `quotePrefix="1"`, in sheet order. */
function quotePrefixed(sheet: string, styles: string): string[] {
  const xfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)![1]!.match(/<xf [^>]*>/g)!;
  return [...sheet.matchAll(/<c r="([A-Z]+\d+)"(?: s="(\d+)")?/g)]
    .filter(([, , s]) => /quotePrefix="1"/.test(xfs[Number(s ?? 0)]!))
    .map(([, ref]) => ref!);
}

/** References of the number cells (`<v>` without a type), in sheet order. */
function numberCells(sheet: string): string[] {
  return [...sheet.matchAll(/<c r="([A-Z]+\d+)"(?: s="\d+")?><v>/g)].map(([, ref]) => ref!);
}

/** The sheet's cell texts as rows of columns ('' where no cell is written). */
function sheetRows(xml: string): string[][] {
  const rows: string[][] = [];
  for (const row of xml.matchAll(/<row r="(\d+)"[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: string[] = [];
    for (const cell of row[2]!.matchAll(/<c r="([A-Z]+)\d+"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      // A written cell is an inline string, or a number cell holding a plain number.
      if (cell[3]) assert.match(cell[3], /^<is>|^<v>-?\d+(\.\d+)?<\/v>$/);
      const text = /<(?:t[^>]*|v)>([\s\S]*?)<\/(?:t|v)>/.exec(cell[3] ?? '')?.[1] ?? '';
      cells[columnIndex(cell[1]!)] = decodeXml(text);
    }
    rows[Number(row[1]) - 1] = Array.from(cells, (text) => text ?? '');
  }
  return Array.from(rows, (row) => row ?? []);
}

async function readXlsx(response: Response): Promise<{ files: Map<string, Buffer>; rows: string[][]; sheet: string }> {
  const files = unzip(Buffer.from(await response.arrayBuffer()));
  const sheet = files.get('xl/worksheets/sheet1.xml')!.toString('utf8');
  return { files, rows: sheetRows(sheet), sheet };
}

const ROSTER = `
<table>
  <thead><tr><th rowspan="2" data-export-text>学号</th><th rowspan="2">姓名</th><th colspan="2">成绩</th></tr>
  <tr><th>语文</th><th>数学</th></tr></thead>
  <tbody>
    <tr><td>2026001</td><td>张三<script>alert("x")</script></td><td>95</td><td>-3.5</td></tr>
    <tr><td>2026002</td><td><a href="javascript:alert(1)" onclick="steal()">李四</a></td>
      <td><img src="x" onerror="alert(1)">88</td><td>=HYPERLINK("http://evil","x")</td></tr>
    <tr><td>2026003</td><td>王&amp;五<br>（转入）</td><td>+cmd|' /C calc'!A0</td><td>@SUM(A1:A2)</td></tr>
  </tbody>
</table>`;

describe('POST /api/base/common/table2xls', () => {
  it('answers a real .xlsx of the posted form with the rows of the table', async () => {
    const response = await teacher.raw('POST', TABLE2XLS_PATH, {
      form: { title: '三年级（2）班 花名册', data: ROSTER, 'Sy-Language': 'zh-CN' },
    });
    assert.equal(response.status, 200);
    assert.equal(
      response.headers.get('content-type'),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    // An ASCII stand-in for old clients, the exact name in filename*.
    assert.equal(
      response.headers.get('content-disposition'),
      `attachment; filename="____2__ ___.xlsx"; filename*=UTF-8''${encodeURIComponent('三年级（2）班 花名册')}.xlsx`,
    );
    assert.equal(response.headers.get('cache-control'), 'no-store');
    const { files, rows, sheet } = await readXlsx(response);
    for (const part of [
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]) {
      assert.ok(files.has(part), part);
    }
    assert.match(
      files.get('xl/workbook.xml')!.toString(),
      /<sheet name="三年级（2）班 花名册" sheetId="1" r:id="rId1"\/>/,
    );
    assert.deepEqual(rows, [
      ['学号', '姓名', '成绩'],
      ['', '', '语文', '数学'],
      ['2026001', '张三', '95', '-3.5'],
      ['2026002', '李四', '88', `=HYPERLINK("http://evil","x")`],
      ['2026003', '王&五\n（转入）', `+cmd|' /C calc'!A0`, `@SUM(A1:A2)`],
    ]);
    // Formula-like text is neutralised with the quote-prefix style, without a visible apostrophe (export,
    // item 18); plain numbers such as -3.5 are left alone.
    assert.deepEqual(quotePrefixed(sheet, files.get('xl/styles.xml')!.toString()), ['D4', 'C5', 'D5']);
    // Scores are number cells (a SUM works); the student numbers, marked as identifiers by the page, stay text.
    assert.deepEqual(numberCells(sheet), ['C3', 'D3', 'C4']);
    assert.match(
      sheet,
      /<mergeCells count="3"><mergeCell ref="A1:A2"\/><mergeCell ref="B1:B2"\/><mergeCell ref="C1:D1"\/><\/mergeCells>/,
    );
    // Header rows frozen; no formula element anywhere; nothing of the page's markup.
    assert.match(sheet, /<pane ySplit="2" topLeftCell="A3"/);
    assert.doesNotMatch(sheet, /<f>|<f |alert|onerror|onclick|javascript|href|<script/i);
  });

  it('writes plain numbers as number cells; leading zeros, long digits, ids and formula-like text stay text', async () => {
    const data = `<table>
      <tr><th>学号</th><th data-export-text>证件</th><th>成绩</th></tr>
      <tr><td>007</td><td>2026001</td><td>95</td></tr>
      <tr><td data-export-text>2026002</td><td>1234567890123456</td><td>-3.5</td></tr>
      <tr><td>1234567890123456789</td><td>0</td><td>90.50</td></tr>
      <tr><td>0.25</td><td>1e5</td><td>1,234</td></tr>
      <tr><td>-0</td><td>85%</td><td>=1+1</td></tr>
    </table>`;
    const response = await teacher.raw('POST', TABLE2XLS_PATH, { form: { title: 't', data } });
    const { rows, sheet } = await readXlsx(response);
    assert.deepEqual(rows[1], ['007', '2026001', '95']);
    // C2: a score; C3: a negative decimal; A5: a decimal below one. B4 is in the column marked as identifiers.
    assert.deepEqual(numberCells(sheet), ['C2', 'C3', 'A5']);
    assert.match(sheet, /<c r="C2"[^>]*><v>95<\/v><\/c>/);
  });

  it('reads the apostrophe the client puts before formula-like text as the quote prefix, not as text', async () => {
    // What core's tableToTextHtml posts: neutralizeFormula prefixed the formula-like cells.
    const response = await teacher.raw('POST', TABLE2XLS_PATH, {
      form: {
        title: '班干部',
        data:
          "<table><tr><th>职务</th><th>说明</th><th>分数</th></tr><tr><td>'@班长</td><td>'=1+1</td><td>-2</td></tr>" +
          "<tr><td>'普通文本</td><td>'-</td><td>'-2+3</td></tr></table>",
      },
    });
    assert.equal(response.status, 200);
    const { files, rows, sheet } = await readXlsx(response);
    assert.deepEqual(rows, [
      ['职务', '说明', '分数'],
      ['@班长', '=1+1', '-2'],
      // An apostrophe before text that is no formula is the user's own, and stays.
      ["'普通文本", '-', '-2+3'],
    ]);
    assert.deepEqual(quotePrefixed(sheet, files.get('xl/styles.xml')!.toString()), ['A2', 'B2', 'B3', 'C3']);
    assert.doesNotMatch(sheet, /<f>|<f /);
  });

  it('takes JSON as well, and a plain table of rows', async () => {
    const response = await teacher.raw('POST', TABLE2XLS_PATH, {
      json: { title: 'Roster', data: '<table><tr><td>a</td><td>b</td></tr><tr><td>c</td></tr></table>' },
    });
    assert.equal(response.status, 200);
    assert.equal(
      response.headers.get('content-disposition'),
      `attachment; filename="Roster.xlsx"; filename*=UTF-8''Roster.xlsx`,
    );
    assert.deepEqual((await readXlsx(response)).rows, [['a', 'b'], ['c']]);
  });

  it('answers status 400 for a missing, empty or row-less table, in the request language', async () => {
    for (const [data, lang, text] of [
      [undefined, 'zh-CN', '请指定要下载的表格'],
      ['', 'en', 'please specify the table to download'],
      ['   ', 'zh-HK', '請指定要下載的表格'],
      ['<p>no table</p>', 'en', 'please specify the table to download'],
      ['<table><tr></tr></table>', 'en', 'please specify the table to download'],
    ] as const) {
      const form: Record<string, string> = { title: 'x', 'Sy-Language': lang };
      if (data !== undefined) form.data = data;
      const { response, body } = await teacher.call('POST', TABLE2XLS_PATH, { form });
      assert.equal(response.status, 200);
      assert.equal(body.status, 400, String(data));
      assert.equal(body.code, 'no_table');
      assert.equal(body.message, '请指定要下载的表格|||Please specify the table to download');
      assert.deepEqual(body.fieldErrors, [{ field: 'data', message: text }]);
    }
  });

  it('needs a session', async () => {
    const { response, body } = await new Client(server.url).call('POST', TABLE2XLS_PATH, {
      form: { title: 'x', data: ROSTER },
    });
    assert.equal(response.status, 200);
    assert.equal(body.status, 401);
    assert.equal(body.code, 'invalid_token');
    // Signed out, the user is asked to log in; a token that no longer works has expired (export and signed-out answers).
    assert.equal(body.message, '请先登录|||Please log in');
    const expired = await new Client(server.url).call('POST', TABLE2XLS_PATH, {
      form: { title: 'x', data: ROSTER },
      headers: { cookie: `edu_at=${'f'.repeat(64)}` },
    });
    assert.equal(expired.body.status, 401);
    assert.equal(expired.body.message, '登录已过期，请重新登录|||Session expired, please log in again');
  });

  it('refuses a body over 8 MB and a table over 250 000 cells with HTTP 413', async () => {
    const big = await teacher.call('POST', TABLE2XLS_PATH, {
      form: { title: 'big', data: `<table><tr><td>${'x'.repeat(8 * 1024 * 1024)}</td></tr></table>` },
    });
    assert.equal(big.response.status, 413);
    assert.equal(big.body.status, 413);

    // 300 short rows whose cells each span 1000 columns: a small body, 300 000 positions.
    const spans = `<table>${'<tr><td colspan="1000">x</td></tr>'.repeat(300)}</table>`;
    const wide = await teacher.call('POST', TABLE2XLS_PATH, { form: { title: 'wide', data: spans } });
    assert.equal(wide.response.status, 413);
    assert.equal(wide.body.code, 'payload_too_large');
    assert.equal(wide.body.message, '表格过大，无法导出|||The table is too large to export');

    // Just under the limit still works.
    const fine = await teacher.raw('POST', TABLE2XLS_PATH, {
      form: { title: 'fine', data: `<table>${'<tr><td colspan="1000">x</td></tr>'.repeat(250)}</table>` },
    });
    assert.equal(fine.status, 200);
  });

  it('is listed in the OpenAPI document', async () => {
    const document = (await (await teacher.raw('GET', '/api/docs/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    assert.ok(document.paths[TABLE2XLS_PATH]?.post);
  });
});

describe('table HTML reading', () => {
  const texts = (html: string) => parseTableHtml(html).map((row) => row.map((cell) => cell.text));

  it('keeps text only: scripts, styles, comments and markup go, references are decoded', () => {
    assert.deepEqual(
      texts(
        '<table><tr><td><style>td{}</style>a<!-- <td>no</td> --><b>b</b></td>' +
          '<td><script>document.write("<td>no</td>")</script>&lt;x&gt; &#x4E2D;&#25991; &nbsp;&bogus;</td></tr></table>',
      ),
      [['ab', '<x> 中文 &bogus;']],
    );
  });

  it('reads nested tables as text of their cell and several top-level tables one after another', () => {
    assert.deepEqual(
      texts(
        '<table><tr><th>h</th></tr></table><table><tr><td>outer<table><tr><td>in1</td><td>in2</td></tr>' +
          '<tr><td>in3</td></tr></table></td><td>next</td></tr></table>',
      ),
      [['h'], ['outer\nin1 in2\nin3', 'next']],
    );
  });

  it('survives unclosed tags, stray end tags and rows without a table', () => {
    assert.deepEqual(texts('<tr><td>a<td>b<tr><td>c'), [['a', 'b'], ['c']]);
    assert.deepEqual(texts('</td></tr><table><tr><td>a</tr></table></table><td'), [['a']]);
    assert.deepEqual(texts('<table><tr><td>a<script>never closed <td>x'), [['a']]);
  });

  it('lays spans out like HTML: rowspan=0 to the end, row spans cut at the last row, columns shifted', () => {
    const grid = layoutGrid(
      parseTableHtml(
        '<table><tr><td rowspan="0">a</td><td colspan="2">b</td><td rowspan="99">c</td></tr>' +
          '<tr><td>d</td><td colspan="0">e</td></tr><tr><td colspan="x">f</td></tr></table>',
      ),
      1000,
    );
    assert.deepEqual(
      grid.cells.map((cell) => [cell.row, cell.column, cell.text]),
      [
        [0, 0, 'a'],
        [0, 1, 'b'],
        [0, 3, 'c'],
        [1, 1, 'd'],
        [1, 2, 'e'],
        [2, 1, 'f'],
      ],
    );
    assert.deepEqual(grid.merges, [
      { top: 0, left: 0, bottom: 2, right: 0 },
      { top: 0, left: 1, bottom: 0, right: 2 },
      { top: 0, left: 3, bottom: 2, right: 3 },
    ]);
    assert.throws(
      () => layoutGrid(parseTableHtml('<tr><td colspan="1000">a</td><td colspan="1000">b</td></tr>'), 1999),
      TableTooLargeError,
    );
  });

  it('tells formula-like text from values', () => {
    for (const text of ['=1', '+cmd', '@SUM(A1)', '-2+3', '\tx', '-']) {
      assert.deepEqual(cellText(text), { text, quotePrefix: true }, text);
      assert.deepEqual(cellText(`'${text}`), { text, quotePrefix: true }, `'${text}`);
    }
    for (const text of ['', 'a', '-3.5', '+3', '-1,234.50', '-5%', "'a", "'-3"]) {
      assert.deepEqual(cellText(text), { text, quotePrefix: false }, text);
    }
  });

  it('writes XML-safe text, column names, sheet and file names', () => {
    assert.equal(xmlText('a<b>&"\u0001\u0008\ud800x'), 'a&lt;b&gt;&amp;&quot;x');
    assert.equal(xmlText('😀'), '😀');
    assert.deepEqual([0, 25, 26, 701, 702, 16383].map(columnName), ['A', 'Z', 'AA', 'ZZ', 'AAA', 'XFD']);
    assert.equal(sheetName('a/b[c]:d*e?f\\g'), 'a b c  d e f g');
    assert.equal(sheetName("'quoted'"), 'quoted');
    assert.equal(sheetName('x'.repeat(40)).length, 31);
    assert.equal(sheetName('history'), 'history 1');
    assert.equal(sheetName('  '), 'Sheet1');
    assert.equal(fileTitle('../../etc/passwd', 'en'), 'etc passwd');
    assert.equal(fileTitle('a\u0000b\r\nc<>:"|?*', 'en'), 'a b c');
    assert.equal(fileTitle('', 'zh-CN'), '表格');
    assert.equal(fileTitle(undefined, 'en'), 'table');
    assert.equal([...fileTitle('长'.repeat(150), 'zh-CN')].length, 100);
    assert.equal(
      contentDisposition("it's (a) *test*"),
      `attachment; filename="it's (a) *test*.xlsx"; filename*=UTF-8''it%27s%20%28a%29%20%2Atest%2A.xlsx`,
    );
  });

  it('computes CRC-32 as zlib does', () => {
    const zlibCrc = (zlib as unknown as { crc32?: (data: Buffer) => number }).crc32;
    for (const text of ['', 'a', 'The quick brown fox jumps over the lazy dog', '中文'.repeat(1000)]) {
      const data = Buffer.from(text);
      if (zlibCrc) assert.equal(crc32(data), zlibCrc(data));
    }
    assert.equal(crc32(Buffer.from('The quick brown fox jumps over the lazy dog')), 0x414fa339);
  });
});
