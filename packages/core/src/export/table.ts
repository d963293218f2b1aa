/**
 * Table export (spec part 2 §7, §8, §9): the table is posted to `POST /api/base/common/table2xls` as a download form
 * with `title` and `data` (table HTML). The HTML is rebuilt from cell text only, so nothing of the page (scripts,
 * event attributes, links, images, styles) reaches the server or the file, and cells that a spreadsheet would read
 * as a formula are neutralised.
 */
import { client } from '../http/client.ts';
import type { Lang } from '../i18n/language.ts';
import { notify } from '../platform/notify.ts';
import { downloadByForm, type DownloadHandle, type DownloadOptions } from './download.ts';
import { exportText } from './texts.ts';

export const TABLE_TO_XLS_PATH = '/api/base/common/table2xls';
/** The export's loading state resets this long after the form was posted (part 2 §9). */
export const EXPORT_LOADING_RESET_MS = 800;
/** Cells and columns carrying this attribute are left out of an export (e.g. an actions column). */
export const EXPORT_SKIP_ATTRIBUTE = 'data-export-skip';
/**
 * Marks a cell, or a header cell's whole column, as an identifier (a student number): it stays text in the exported
 * sheet, although plain numbers otherwise become number cells.
 */
export const EXPORT_TEXT_ATTRIBUTE = 'data-export-text';

/** Characters that start a formula or a DDE payload in spreadsheet programs (OWASP "CSV injection"). */
const FORMULA_START = new Set(['=', '+', '-', '@', '\t', '\r']);
/** Plain numbers such as `-12.5`, `+3`, `-1,234.50` or `-5%` are values, not formulas, and stay as they are. */
const PLAIN_NUMBER = /^[+-]?(?:\d+(?:,\d{3})*(?:\.\d+)?|\.\d+)%?$/;

/**
 * Prefixes an apostrophe to text that a spreadsheet would evaluate (`=1+1`, `+cmd|…`, `@SUM(…)`, `-2+3`), so it
 * stays text when the file is opened or saved again as CSV. Plain numbers are left alone.
 */
export function neutralizeFormula(text: string): string {
  if (text === '' || !FORMULA_START.has(text[0]!) || PLAIN_NUMBER.test(text)) return text;
  return `'${text}`;
}

/** Elements whose content is never cell text. */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'svg', 'math', 'img', 'picture', 'video', 'audio']);
const SKIPPED_INPUTS = new Set([
  'hidden',
  'password',
  'file',
  'button',
  'submit',
  'reset',
  'image',
  'checkbox',
  'radio',
]);
const BLOCKS = new Set([
  'address',
  'article',
  'blockquote',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'li',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tr',
  'ul',
]);

function collectText(node: Node, out: string[]): void {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === Node.TEXT_NODE) {
      // Source line breaks are whitespace; only <br> and blocks break lines.
      out.push((child as Text).data.replace(/\s+/g, ' '));
      continue;
    }
    if (child.nodeType !== Node.ELEMENT_NODE) continue;
    const element = child as Element;
    const tag = element.localName;
    if (SKIPPED.has(tag) || element.hasAttribute('hidden') || element.hasAttribute(EXPORT_SKIP_ATTRIBUTE)) continue;
    if (tag === 'br') out.push('\n');
    else if (tag === 'input') {
      const input = element as HTMLInputElement;
      if (!SKIPPED_INPUTS.has(input.type)) out.push(` ${input.value} `);
    } else if (tag === 'textarea') out.push(` ${(element as HTMLTextAreaElement).value.replace(/\s+/g, ' ')} `);
    else if (tag === 'select') {
      const chosen = Array.from((element as HTMLSelectElement).selectedOptions).map((option) => option.text);
      out.push(` ${chosen.join(', ')} `);
    } else {
      const block = BLOCKS.has(tag) || tag === 'td' || tag === 'th';
      if (block) out.push('\n');
      collectText(element, out);
      if (block) out.push('\n');
    }
  }
}

/**
 * The text a reader sees in a cell: script, style and template content left out, `<br>` and block elements as line
 * breaks, form controls by their value, whitespace collapsed within each line, blank lines dropped.
 */
export function cellText(cell: Element): string {
  const out: string[] = [];
  collectText(cell, out);
  return out
    .join('')
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

function escapeHtml(text: string): string {
  // Text content only: quotes need no escaping outside attributes.
  return text.replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
}

/**
 * The element to export: a table, or a container whose tables are exported one after the other (grid components
 * often split header and body into two tables). A string is an element id, or else a selector.
 */
export function findExportTable(target: Element | string | null | undefined, doc: Document = document): Element | null {
  if (typeof target !== 'string') return target ?? null;
  const id = target.startsWith('#') ? target.slice(1) : target;
  const byId = id ? doc.getElementById(id) : null;
  if (byId) return byId;
  try {
    return doc.querySelector(target);
  } catch {
    return null;
  }
}

/** The rows of a table, or of a container's outermost tables in document order. */
export function exportRows(element: Element): HTMLTableRowElement[] {
  if (element instanceof HTMLTableElement) return Array.from(element.rows);
  const tables = Array.from(element.querySelectorAll('table')).filter((table) => {
    const outer = table.parentElement?.closest('table');
    return !outer || !element.contains(outer);
  });
  return tables.flatMap((table) => Array.from(table.rows));
}

function span(value: number): string {
  return value > 1 ? String(Math.min(Math.trunc(value), 1000)) : '';
}

/**
 * Text-only HTML of the table: `<table>` of `<tr>` of `<th>`/`<td>` with escaped, formula-neutralised text and
 * only `rowspan`/`colspan` (and the `data-export-text` mark) kept. Rows, cells and text marked `data-export-skip` (or
 * `hidden`) are left out.
 */
export function tableToTextHtml(element: Element): string {
  const rows: string[] = [];
  for (const row of exportRows(element)) {
    if (row.hidden || row.hasAttribute(EXPORT_SKIP_ATTRIBUTE)) continue;
    const cells: string[] = [];
    for (const cell of Array.from(row.cells)) {
      if (cell.hidden || cell.hasAttribute(EXPORT_SKIP_ATTRIBUTE)) continue;
      const tag = cell.localName === 'th' ? 'th' : 'td';
      const rowSpan = span(cell.rowSpan);
      const colSpan = span(cell.colSpan);
      const attributes =
        (rowSpan ? ` rowspan="${rowSpan}"` : '') +
        (colSpan ? ` colspan="${colSpan}"` : '') +
        (cell.hasAttribute(EXPORT_TEXT_ATTRIBUTE) ? ` ${EXPORT_TEXT_ATTRIBUTE}` : '');
      const text = escapeHtml(neutralizeFormula(cellText(cell))).replace(/\n/g, '<br>');
      cells.push(`<${tag}${attributes}>${text}</${tag}>`);
    }
    rows.push(`<tr>${cells.join('')}</tr>`);
  }
  return `<table>${rows.join('')}</table>`;
}

/**
 * `POST table2xls`: the download form's fields, as a server reads them (the wire contract the reference server
 * shares). `Sy-Language` is added by the download form.
 */
export interface WireTableExportForm {
  /** File and sheet name, without `.xlsx`. */
  title: string;
  /** The table as HTML of cell text only. */
  data: string;
  'Sy-Language'?: string;
}

export interface ExportTableOptions extends DownloadOptions {
  /** File name (without `.xlsx`) and sheet name; default the table's caption. */
  title?: string;
  /** Default `TABLE_TO_XLS_PATH`. */
  url?: string;
  /** Called with true when the form is posted and with false 800 ms later (a button's loading state). */
  onLoading?: (loading: boolean) => void;
}

export interface ExportHandle extends DownloadHandle {
  /** The HTML that was posted as `data`. */
  html: string;
  /** Resolves when the loading state has been reset. */
  loadingReset: Promise<void>;
}

/**
 * Exports a table to a spreadsheet through the server (part 2 §7). Without a table, or with a table without rows,
 * shows the warning 'please specify the table to download' and answers null.
 */
export function exportTable(
  target: Element | string | null | undefined,
  options: ExportTableOptions = {},
): ExportHandle | null {
  const doc = options.document ?? document;
  const lang: Lang = options.lang ?? client.options.language();
  const element = findExportTable(target, doc);
  if (!element || exportRows(element).length === 0) {
    notify({ type: 'warning', message: exportText('exportNoTable', {}, lang) });
    return null;
  }
  const caption = element instanceof HTMLTableElement && element.caption ? cellText(element.caption) : '';
  const html = tableToTextHtml(element);
  options.onLoading?.(true);
  const form: WireTableExportForm = { title: options.title ?? caption, data: html };
  const handle = downloadByForm(options.url ?? TABLE_TO_XLS_PATH, { ...form }, { ...options, lang });
  const loadingReset = new Promise<void>((resolve) =>
    setTimeout(() => {
      options.onLoading?.(false);
      resolve();
    }, EXPORT_LOADING_RESET_MS),
  );
  return { ...handle, html, loadingReset };
}
