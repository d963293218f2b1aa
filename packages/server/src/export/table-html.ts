/**
 * Reads the posted table HTML of `table2xls` as text only. A small tokenizer, not a DOM: nothing is ever rendered
 * or evaluated. Rows and cells of the outermost table level are kept (several top-level tables follow one another,
 * as when a grid splits header and body); nested tables are text of their cell; script, style and similar raw-text
 * elements are dropped whole; `<br>` and block elements are line breaks; character references are decoded.
 */

export interface ParsedCell {
  text: string;
  header: boolean;
  /** 1 or more; 0 means "to the end of the table", as HTML reads it. */
  rowSpan: number;
  colSpan: number;
  /**
   * Marked `data-export-text` by the page: an identifier (a student number) that stays text however it looks; on a
   * header cell, the whole column below it.
   */
  asText?: boolean;
}

/** Elements whose content is raw text (never cell text). */
const RAW_TEXT = new Set([
  'script',
  'style',
  'template',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'svg',
  'math',
  'object',
]);
const BLOCKS = new Set(['p', 'div', 'li', 'ul', 'ol', 'dl', 'dt', 'dd', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre']);

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(text: string): string {
  return text.replace(/&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]+));?/g, (whole, dec, hex, name) => {
    if (name !== undefined) return NAMED[name.toLowerCase()] ?? whole;
    const code = dec !== undefined ? Number(dec) : parseInt(hex as string, 16);
    // Out-of-range and surrogate code points become U+FFFD, as HTML does.
    if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return '\ufffd';
    return String.fromCodePoint(code);
  });
}

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+))`, 'i').exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** Whether the attribute is there, with or without a value (`data-export-text`). */
function hasAttribute(attributes: string, name: string): boolean {
  return new RegExp(`(?:^|\\s)${name}(?=[\\s=/>]|$)`, 'i').test(attributes);
}

function spanOf(attributes: string, name: string, max: number, zeroAllowed: boolean): number {
  const value = attribute(attributes, name);
  const n = value === undefined ? NaN : parseInt(value.trim(), 10);
  if (Number.isNaN(n) || n < 0 || (n === 0 && !zeroAllowed)) return 1;
  return Math.min(n, max);
}

/** Whitespace collapsed within each line, lines trimmed, blank lines dropped. */
function normalise(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<[!?][^>]*>?|<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)(>|$)/g;

/** Parses table HTML into rows of cells (text only). Column and row spans follow HTML's limits (1000, 65534). */
export function parseTableHtml(html: string): ParsedCell[][] {
  const rows: ParsedCell[][] = [];
  let row: ParsedCell[] | null = null;
  let cell: { parts: string[]; header: boolean; rowSpan: number; colSpan: number; asText: boolean } | null = null;
  let depth = 0;
  /** Table depth of the rows we keep: the first level that has a row (0 when the HTML has rows but no table). */
  let top: number | null = null;

  const closeCell = () => {
    if (cell && row) {
      row.push({
        text: normalise(decodeEntities(cell.parts.join(''))),
        header: cell.header,
        rowSpan: cell.rowSpan,
        colSpan: cell.colSpan,
        ...(cell.asText ? { asText: true } : {}),
      });
    }
    cell = null;
  };
  const closeRow = () => {
    closeCell();
    if (row) rows.push(row);
    row = null;
  };
  const text = (value: string) => {
    if (cell) cell.parts.push(value);
  };

  let last = 0;
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(html); match; match = TOKEN.exec(html)) {
    text(html.slice(last, match.index).replace(/\n/g, ' '));
    last = TOKEN.lastIndex;
    const name = match[2]?.toLowerCase();
    if (!name) continue; // comment, doctype, processing instruction, CDATA
    const closing = match[1] === '/';
    const attributes = match[3] ?? '';

    if (!closing && RAW_TEXT.has(name) && !/\/\s*$/.test(attributes)) {
      // Skip to the matching end tag (or the end): its content is never text.
      const end = new RegExp(`</${name}\\s*>`, 'ig');
      end.lastIndex = last;
      const found = end.exec(html);
      last = found ? end.lastIndex : html.length;
      TOKEN.lastIndex = last;
      continue;
    }
    if (name === 'table') {
      if (closing) {
        if (depth === top) closeRow();
        depth = Math.max(0, depth - 1);
      } else depth++;
      if (depth !== top && cell) text(' ');
      continue;
    }
    // Only an opening tag decides the level: a stray end tag before the table must not.
    const atTop = top === null ? !closing && (name === 'tr' || name === 'td' || name === 'th') : depth === top;
    if (name === 'tr' && atTop) {
      top ??= depth;
      closeRow();
      if (!closing) row = [];
      continue;
    }
    if ((name === 'td' || name === 'th') && atTop) {
      top ??= depth;
      closeCell();
      if (closing) continue;
      if (!row) row = [];
      cell = {
        parts: [],
        header: name === 'th',
        rowSpan: spanOf(attributes, 'rowspan', 65534, true),
        colSpan: spanOf(attributes, 'colspan', 1000, false),
        asText: hasAttribute(attributes, 'data-export-text'),
      };
      continue;
    }
    if (name === 'br' || name === 'tr' || BLOCKS.has(name)) text('\n');
    else if (name === 'td' || name === 'th') text(' ');
  }
  text(html.slice(last).replace(/\n/g, ' '));
  closeRow();
  return rows;
}
