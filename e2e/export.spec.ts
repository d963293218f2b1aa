// Spreadsheet export end to end: the demo's class roster is posted by core's download form to the reference server,
// the browser's download is captured, and the .xlsx is unzipped here (node:zlib) and its sheet read back.
import { test, expect } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { collectPageErrors, resetServer, signIn, SHOTS_DIR } from './helpers.ts';

test.beforeEach(async ({ request }) => resetServer(request));

/** The entries of a ZIP archive by name (central directory → local headers → raw deflate). */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip file');
  const files = new Map<string, Buffer>();
  let at = zip.readUInt32LE(end + 16);
  for (let i = zip.readUInt16LE(end + 10); i > 0; i--) {
    const method = zip.readUInt16LE(at + 10);
    const packedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const packed = zip.subarray(start, start + packedSize);
    files.set(name, method === 8 ? inflateRawSync(packed) : packed);
    at += 46 + skip;
  }
  return files;
}

/** Cell texts of a sheet's XML, row by row ('' for columns without a cell). */
function sheetRows(xml: string): string[][] {
  const decode = (text: string) =>
    text.replace(
      /&(lt|gt|quot|apos|amp);/g,
      (_, n: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[n]!,
    );
  const rows: string[][] = [];
  for (const row of xml.matchAll(/<row r="(\d+)"[^>]*>([\s\S]*?)<\/row>/g)) {
    const cells: string[] = [];
    for (const cell of row[2]!.matchAll(/<c r="([A-Z]+)\d+"[^>]*?(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const column = [...cell[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
      cells[column] = decode(/<(?:t[^>]*|v)>([\s\S]*?)<\/(?:t|v)>/.exec(cell[2] ?? '')?.[1] ?? '');
    }
    rows[Number(row[1]) - 1] = Array.from(cells, (text) => text ?? '');
  }
  return rows;
}

/** References of the number cells (a value without a text type), which a spreadsheet can sum. */
function numberCells(sheet: string): string[] {
  return [...sheet.matchAll(/<c r="([A-Z]+\d+)"(?: s="\d+")?><v>/g)].map(([, ref]) => ref!);
}

/** References of the cells whose style has `quotePrefix="1"` (text a spreadsheet must not evaluate). */
function quotePrefixed(sheet: string, styles: string): string[] {
  const xfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)![1]!.match(/<xf [^>]*>/g)!;
  return [...sheet.matchAll(/<c r="([A-Z]+\d+)"(?: s="(\d+)")?/g)]
    .filter(([, , s]) => /quotePrefix="1"/.test(xfs[Number(s ?? 0)]!))
    .map(([, ref]) => ref!);
}

test('exports the class roster to an .xlsx with the rows of the table', async ({ page }) => {
  const errors = collectPageErrors(page);
  await signIn(page, 'teacher1');
  await page.goto('/#/blocks/export');
  const roster = page.getByRole('table', { name: '三年级（2）班 花名册' });
  await expect(roster.getByRole('row')).toHaveCount(8);

  const button = page.getByRole('button', { name: '导出 Excel' });
  const downloadPromise = page.waitForEvent('download');
  await button.click();
  // Loading while the form goes out, reset 800 ms later.
  await expect(page.getByRole('button', { name: '正在导出…' })).toBeDisabled();
  const download = await downloadPromise;
  await expect(button).toBeEnabled();
  expect(download.suggestedFilename()).toBe('三年级（2）班 花名册.xlsx');
  // The page stayed where it was, and the download form is gone.
  expect(page.url()).toContain('#/blocks/export');
  await expect(page.locator('form[action$="/api/base/common/table2xls"]')).toHaveCount(0);

  const files = unzip(readFileSync((await download.path())!));
  expect(files.get('[Content_Types].xml')?.toString()).toContain('spreadsheetml.sheet.main+xml');
  expect(files.get('xl/workbook.xml')?.toString()).toContain('<sheet name="三年级（2）班 花名册"');
  const sheet = files.get('xl/worksheets/sheet1.xml')!.toString('utf8');
  expect(sheetRows(sheet)).toEqual([
    ['学号', '姓名', '性别', '成绩', '', '备注'],
    ['', '', '', '语文', '数学'],
    ['2026030201', '王小明', '男', '96', '88', '@班长'],
    ['2026030202', '李思远', '男', '89', '95'],
    ['2026030203', '陈静怡', '女', '93', '91'],
    ['2026030204', '赵子涵', '女', '78', '84'],
    ['2026030205', '刘一诺', '男', '85', '99'],
    ['2026030206', '周雨桐', '女', '91', '87', '本学期转入'],
  ]);
  // The header cells keep their spans; the actions column and its buttons are not exported.
  expect(sheet).toContain('<mergeCell ref="D1:E1"/>');
  expect(sheet).toContain('<mergeCell ref="A1:A2"/>');
  expect(sheet).not.toContain('编辑');
  // "@班长" is neutralised by the quote-prefix style, not by a visible apostrophe (export and signed-out answers).
  expect(quotePrefixed(sheet, files.get('xl/styles.xml')!.toString())).toEqual(['F3']);
  // The scores are number cells (a SUM works in the spreadsheet); the student numbers, marked by the page as
  // identifiers, and the texts stay text.
  expect(numberCells(sheet)).toEqual(['D3', 'E3', 'D4', 'E4', 'D5', 'E5', 'D6', 'E6', 'D7', 'E7', 'D8', 'E8']);
  expect(sheet).toContain('<c r="A3" t="inlineStr">');
  expect(errors).toEqual([]);

  // The file as data, to be looked at: its cells laid out as a spreadsheet shows them.
  const cells = sheetRows(sheet)
    .map(
      (row) =>
        `<tr>${row.map((text) => `<td>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</td>`).join('')}</tr>`,
    )
    .join('');
  await page.setContent(
    `<style>td{border:1px solid #ccc;padding:2px 8px;font:13px sans-serif}</style><table>${cells}</table>`,
  );
  await page.screenshot({ path: `${SHOTS_DIR}/export-sheet.png` });
});

test('exports in the language in force, and says why when there is no session', async ({ page }) => {
  await page.goto('/#/blocks/export');
  await page.getByLabel('语言').selectOption('en');
  await expect(page.getByRole('note')).toHaveText('Exporting needs a session: please sign in first.');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  // The server answers an envelope instead of a file; core shows its message.
  // Signed out is not an expired session (export and signed-out answers).
  await expect(page.getByText('Please log in', { exact: true })).toBeVisible();
  await expect(page.getByText('Session expired, please log in again', { exact: true })).toHaveCount(0);

  await signIn(page, 'teacher1');
  const downloadPromise = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe('Grade 3 Class 2 roster.xlsx');
  const rows = sheetRows(
    unzip(readFileSync((await download.path())!))
      .get('xl/worksheets/sheet1.xml')!
      .toString(),
  );
  expect(rows[0]).toEqual(['Student no.', 'Name', 'Gender', 'Scores', '', 'Remark']);
  expect(rows[2]).toEqual(['2026030201', '王小明', 'Male', '96', '88', '@class monitor']);
});

test('validates the form live with localised messages', async ({ page }) => {
  await page.goto('/#/blocks/export');
  const phone = page.getByLabel('手机号码');
  await phone.fill('1380013800');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('请输入正确的 11 位手机号码')).toBeVisible();
  await phone.fill('13800138000');
  await expect(phone).not.toHaveAttribute('aria-invalid');

  const idCard = page.getByLabel('身份证号码');
  await idCard.fill('110101199003074478');
  await expect(page.getByText('请输入正确的身份证号码')).toBeVisible();
  await page.getByLabel('同时核对校验码与出生日期').uncheck();
  await expect(idCard).not.toHaveAttribute('aria-invalid');

  await page.getByLabel('电子邮箱').fill('teacher@school');
  await page.getByLabel('语言').selectOption('zh-HK');
  await expect(page.getByText('請輸入正確的電郵地址')).toBeVisible();
  await page.getByLabel('語言').selectOption('en');
  await expect(page.getByText('Please enter a valid e-mail address')).toBeVisible();

  const count = page.getByLabel('Class size (leading zeros removed)');
  await count.fill('0045');
  await expect(count).toHaveValue('45');
  await expect(page.getByTestId('number-formats')).toContainText('1.2k');
  await expect(page.getByTestId('relative-times')).toContainText('just now');
  await expect(page.getByTestId('relative-times')).toContainText('1 day ago');
});
