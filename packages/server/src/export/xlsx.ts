/**
 * Builds a one-sheet .xlsx (Office Open XML SpreadsheetML) from parsed table rows. A body cell that is a plain number
 * (`numberValue`) is a number cell; every other cell is an inline string: nothing in the file is a formula, and no
 * digits the program might reinterpret (leading zeros, long ids) are numbers. Formula-like text is neutralised the
 * way spreadsheets do it themselves: a text cell with the quote-prefix style (what typing an apostrophe first
 * gives), so the program never evaluates it and shows the text without a visible apostrophe. Row and column spans
 * become merged cells; header cells are bold; cells with line breaks wrap.
 */
import type { ParsedCell } from './table-html.ts';
import { createZip } from './zip.ts';

/** SpreadsheetML's own limits. */
export const MAX_COLUMNS = 16_384;
export const MAX_ROWS = 1_048_576;

export class TableTooLargeError extends Error {}

export interface GridCell {
  row: number;
  column: number;
  text: string;
  header: boolean;
  /** Formula-like text, written with the quote-prefix style. */
  quotePrefix: boolean;
  /** Kept as text even when it looks like a number (an identifier, marked by the page). */
  asText?: boolean;
}

export interface Grid {
  cells: GridCell[];
  merges: { top: number; left: number; bottom: number; right: number }[];
  rowCount: number;
  columnCount: number;
  /** Leading rows made only of header cells (frozen in the sheet). */
  headerRows: number;
}

const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)%?$/;

/**
 * Whether a spreadsheet would evaluate the text (`=1+1`, `+cmd|…`, `@SUM(…)`, `-2+3`): the same rule as the
 * client's `neutralizeFormula`. Plain numbers such as `-12.5` or `+3` are values and stay as they are.
 */
export function isFormulaLike(text: string): boolean {
  return text !== '' && FORMULA_START.has(text[0]!) && !PLAIN_NUMBER.test(text);
}

/**
 * The cell text and whether it needs the quote prefix. A leading apostrophe before formula-like text is the
 * spreadsheet convention for "this is text" (and what the client's `neutralizeFormula` posts): it becomes the
 * quote-prefix style instead of a visible character.
 */
export function cellText(text: string): { text: string; quotePrefix: boolean } {
  if (text.startsWith("'") && isFormulaLike(text.slice(1))) return { text: text.slice(1), quotePrefix: true };
  return { text, quotePrefix: isFormulaLike(text) };
}

/** A number written the one way it reads back: no sign but minus, no leading zero, no trailing decimal zero. */
const CANONICAL_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;

/**
 * The value of a body cell that is a plain number (a score, a count), written as a number cell so that a
 * spreadsheet can sum it; null for anything else, which stays text: leading zeros (student numbers), more than 15
 * significant digits (ID numbers, which a spreadsheet would round), exponents, separators, percentages, `-0`, and
 * every text that would not read back exactly as it was shown (`90.50`).
 */
export function numberValue(text: string): number | null {
  if (!CANONICAL_NUMBER.test(text) || text === '-0') return null;
  const digits = text.replace(/^-/, '').replace('.', '').replace(/^0+/, '');
  if (digits.length > 15) return null;
  const value = Number(text);
  return Number.isFinite(value) && String(value) === text ? value : null;
}

/**
 * Lays the rows out on a grid the way HTML does: a cell goes to the first column its row has free, spans reserve
 * the columns and rows below them, a row span never reaches past the last row. `maxCells` bounds the positions
 * laid out (spanned ones included), so a few huge spans cannot make the server work without end.
 */
export function layoutGrid(rows: ParsedCell[][], maxCells: number): Grid {
  if (rows.length > MAX_ROWS) throw new TableTooLargeError('too many rows');
  const taken = new Map<number, Set<number>>();
  const isTaken = (r: number, c: number) => taken.get(r)?.has(c) ?? false;
  const take = (r: number, c: number) => {
    let set = taken.get(r);
    if (!set) taken.set(r, (set = new Set()));
    set.add(c);
  };
  const grid: Grid = { cells: [], merges: [], rowCount: rows.length, columnCount: 0, headerRows: 0 };
  /** Columns whose header cell is marked `data-export-text`: identifiers all the way down. */
  const textColumns = new Set<number>();
  let positions = 0;
  rows.forEach((row, r) => {
    let column = 0;
    for (const cell of row) {
      while (isTaken(r, column)) column++;
      const rowSpan = cell.rowSpan === 0 ? rows.length - r : Math.min(cell.rowSpan, rows.length - r);
      const colSpan = cell.colSpan;
      if (column + colSpan > MAX_COLUMNS) throw new TableTooLargeError('too many columns');
      positions += rowSpan * colSpan;
      if (positions > maxCells) throw new TableTooLargeError('too many cells');
      for (let dr = 0; dr < rowSpan; dr++) for (let dc = 0; dc < colSpan; dc++) take(r + dr, column + dc);
      grid.cells.push({ row: r, column, ...cellText(cell.text), header: cell.header, asText: cell.asText === true });
      if (cell.header && cell.asText) for (let dc = 0; dc < colSpan; dc++) textColumns.add(column + dc);
      if (rowSpan > 1 || colSpan > 1) {
        grid.merges.push({ top: r, left: column, bottom: r + rowSpan - 1, right: column + colSpan - 1 });
      }
      column += colSpan;
      grid.columnCount = Math.max(grid.columnCount, column);
    }
  });
  for (const cell of grid.cells) if (textColumns.has(cell.column)) cell.asText = true;
  while (grid.headerRows < rows.length) {
    const row = rows[grid.headerRows]!;
    if (row.length === 0 || !row.every((cell) => cell.header)) break;
    grid.headerRows++;
  }
  return grid;
}

/** Column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Characters XML 1.0 forbids: C0 controls other than tab, line feed and return; lone surrogates; U+FFFE/F. */
const XML_FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** XML text: markup characters escaped, characters XML 1.0 forbids removed. */
export function xmlText(text: string): string {
  return text
    .replace(XML_FORBIDDEN, '')
    .replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** Style indexes of `styles.xml`'s cellXfs; each has a quote-prefixed twin `QUOTED` places further. */
const STYLE = { plain: 0, header: 1, wrap: 2, headerWrap: 3 } as const;
const QUOTED = 4;

/** The four cell formats, plain and then quote-prefixed. */
const CELL_XFS = [
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"{q}/>',
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyAlignment="1"{q}><alignment horizontal="center" vertical="center"/></xf>',
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"{q}><alignment vertical="top" wrapText="1"/></xf>',
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyAlignment="1"{q}><alignment horizontal="center" vertical="center" wrapText="1"/></xf>',
];

const STYLES_XML =
  XML_HEAD +
  `<styleSheet xmlns="${MAIN_NS}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  `<cellXfs count="${CELL_XFS.length * 2}">` +
  CELL_XFS.map((xf) => xf.replace('{q}', '')).join('') +
  CELL_XFS.map((xf) => xf.replace('{q}', ' quotePrefix="1"')).join('') +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>';

/** Display width of text in character units: CJK and other wide characters count two. */
function textWidth(text: string): number {
  let width = 0;
  for (const ch of text)
    width +=
      /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{20000}-\u{3fffd}]/u.test(
        ch,
      )
        ? 2
        : 1;
  return width;
}

function sheetXml(grid: Grid): string {
  const byRow = new Map<number, GridCell[]>();
  const widths: number[] = [];
  const spanned = new Set(grid.merges.filter((m) => m.right > m.left).map((m) => `${m.top}:${m.left}`));
  for (const cell of grid.cells) {
    if (!byRow.has(cell.row)) byRow.set(cell.row, []);
    byRow.get(cell.row)!.push(cell);
    // A cell spread over several columns says little about the width of its first one.
    if (!spanned.has(`${cell.row}:${cell.column}`)) {
      const longest = Math.max(0, ...cell.text.split('\n').map(textWidth));
      widths[cell.column] = Math.max(widths[cell.column] ?? 0, longest);
    }
  }
  const parts: string[] = [XML_HEAD, `<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">`];
  const lastCell = grid.columnCount && grid.rowCount ? `${columnName(grid.columnCount - 1)}${grid.rowCount}` : 'A1';
  parts.push(`<dimension ref="A1${lastCell === 'A1' ? '' : `:${lastCell}`}"/>`);
  if (grid.headerRows > 0 && grid.headerRows < grid.rowCount) {
    const topLeft = `A${grid.headerRows + 1}`;
    parts.push(
      '<sheetViews><sheetView workbookViewId="0">' +
        `<pane ySplit="${grid.headerRows}" topLeftCell="${topLeft}" activePane="bottomLeft" state="frozen"/>` +
        `<selection pane="bottomLeft" activeCell="${topLeft}" sqref="${topLeft}"/>` +
        '</sheetView></sheetViews>',
    );
  } else parts.push('<sheetViews><sheetView workbookViewId="0"/></sheetViews>');
  parts.push('<sheetFormatPr defaultRowHeight="15"/>');
  if (grid.columnCount > 0) {
    parts.push('<cols>');
    for (let c = 0; c < grid.columnCount; c++) {
      const width = Math.min(60, Math.max(8, (widths[c] ?? 0) + 2));
      parts.push(`<col min="${c + 1}" max="${c + 1}" width="${width}" customWidth="1"/>`);
    }
    parts.push('</cols>');
  }
  parts.push('<sheetData>');
  for (let r = 0; r < grid.rowCount; r++) {
    const cells = byRow.get(r);
    if (!cells) continue;
    parts.push(`<row r="${r + 1}">`);
    for (const cell of cells) {
      const multiline = cell.text.includes('\n');
      const style =
        (cell.header ? (multiline ? STYLE.headerWrap : STYLE.header) : multiline ? STYLE.wrap : STYLE.plain) +
        (cell.quotePrefix ? QUOTED : 0);
      const ref = `${columnName(cell.column)}${r + 1}`;
      const styleAttribute = style ? ` s="${style}"` : '';
      if (cell.text === '') {
        if (style) parts.push(`<c r="${ref}"${styleAttribute}/>`);
        continue;
      }
      const value = cell.header || cell.quotePrefix || cell.asText ? null : numberValue(cell.text);
      if (value !== null) {
        parts.push(`<c r="${ref}"${styleAttribute}><v>${cell.text}</v></c>`);
        continue;
      }
      parts.push(
        `<c r="${ref}"${styleAttribute} t="inlineStr"><is><t xml:space="preserve">${xmlText(cell.text)}</t></is></c>`,
      );
    }
    parts.push('</row>');
  }
  parts.push('</sheetData>');
  if (grid.merges.length > 0) {
    parts.push(`<mergeCells count="${grid.merges.length}">`);
    for (const m of grid.merges) {
      parts.push(`<mergeCell ref="${columnName(m.left)}${m.top + 1}:${columnName(m.right)}${m.bottom + 1}"/>`);
    }
    parts.push('</mergeCells>');
  }
  parts.push('<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>');
  // Digits kept as text on purpose (leading zeros, ID numbers): no "number stored as text" warning triangles.
  parts.push('<ignoredErrors><ignoredError sqref="A1:XFD1048576" numberStoredAsText="1"/></ignoredErrors>');
  parts.push('</worksheet>');
  return parts.join('');
}

/**
 * A sheet name Excel accepts: no control characters or `[]:*?/\`, not blank, no apostrophe at either end, at most
 * 31 characters, and not the reserved name "History".
 */
export function sheetName(title: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const cleaned = [...title.replace(/[\u0000-\u001f\u007f[\]:*?/\\]/g, ' ').trim()]
    .slice(0, 31)
    .join('')
    .replace(/^'+|'+$/g, '')
    .trim();
  if (cleaned.toLowerCase() === 'history') return `${cleaned} 1`;
  return cleaned || 'Sheet1';
}

export interface XlsxOptions {
  title: string;
  /** Written into the file's core properties as the modification time. */
  modified: Date;
}

export function buildXlsx(grid: Grid, options: XlsxOptions): Buffer {
  const iso = options.modified.toISOString().replace(/\.\d{3}Z$/, 'Z');
  return createZip(
    [
      {
        name: '[Content_Types].xml',
        data:
          XML_HEAD +
          '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>' +
          '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>' +
          '</Types>',
      },
      {
        name: '_rels/.rels',
        data:
          XML_HEAD +
          '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
          '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>' +
          '<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties" Target="docProps/app.xml"/>' +
          '</Relationships>',
      },
      {
        name: 'docProps/core.xml',
        data:
          XML_HEAD +
          '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" ' +
          'xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" ' +
          'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">' +
          `<dc:title>${xmlText(options.title)}</dc:title><dc:creator>edu-portal</dc:creator>` +
          `<dcterms:created xsi:type="dcterms:W3CDTF">${iso}</dcterms:created>` +
          `<dcterms:modified xsi:type="dcterms:W3CDTF">${iso}</dcterms:modified>` +
          '</cp:coreProperties>',
      },
      {
        name: 'docProps/app.xml',
        data:
          XML_HEAD +
          '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">' +
          '<Application>edu-portal</Application></Properties>',
      },
      {
        name: 'xl/workbook.xml',
        data:
          XML_HEAD +
          `<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
          `<sheets><sheet name="${xmlText(sheetName(options.title))}" sheetId="1" r:id="rId1"/></sheets>` +
          '</workbook>',
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data:
          XML_HEAD +
          '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
          '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
          '</Relationships>',
      },
      { name: 'xl/worksheets/sheet1.xml', data: sheetXml(grid) },
      { name: 'xl/styles.xml', data: STYLES_XML },
    ],
    options.modified,
  );
}
