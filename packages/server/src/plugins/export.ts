/**
 * Table export (spec part 2 §7 `POST /api/base/common/table2xls`): a form post (or JSON) of `title` and `data`
 * (table HTML) answered with a real .xlsx built from the table's text. The HTML is read by a tokenizer, never
 * rendered; every cell is written as an inline string and formula-like text is neutralised (the client does it
 * too: defence in depth). Needs a session, like every base call.
 */
import type { WireTableExportForm } from '@edu-portal/core';
import type { FastifyPluginAsync } from 'fastify';
import { sessionScope } from '../auth/session-http.ts';
import { parseTableHtml } from '../export/table-html.ts';
import { buildXlsx, layoutGrid, TableTooLargeError } from '../export/xlsx.ts';
import { anyJson, envelopeSchema, fail } from '../http/envelope.ts';
import { requestLanguage, type Lang, type LocalizedText } from '../http/messages.ts';
import type { Services } from '../services.ts';

export const TABLE2XLS_PATH = '/api/base/common/table2xls';
/** Largest request body: form-encoding triples Chinese text, so this is roughly a 3 000-row, 20-column table. */
export const TABLE2XLS_BODY_LIMIT = 8 * 1024 * 1024;
/** Largest grid laid out, spanned positions included. */
export const TABLE2XLS_MAX_CELLS = 250_000;
/** File names are cut to this many characters (before `.xlsx`). */
const TITLE_MAX_CHARS = 100;

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const TEXTS = {
  noTable: '请指定要下载的表格|||Please specify the table to download',
  tooLarge: '表格过大，无法导出|||The table is too large to export',
};
const NO_TABLE_FIELD: LocalizedText = {
  'zh-CN': '请指定要下载的表格',
  'zh-HK': '請指定要下載的表格',
  en: 'please specify the table to download',
};
const DEFAULT_TITLE: LocalizedText = { 'zh-CN': '表格', 'zh-HK': '表格', en: 'table' };

/** The form as posted: any field may be missing (a hand-made post). */
type Table2XlsBody = Partial<WireTableExportForm>;

/** A file name safe on every system: no path or reserved characters, no controls, no leading dots, ≤ 100 chars. */
export function fileTitle(title: string | undefined, lang: Lang): string {
  const cleaned = [
    ...(title ?? '')
      // eslint-disable-next-line no-control-regex -- control characters are what is removed
      .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, ' ')
      .replace(/\s+/g, ' ')
      .replace(/^[.\s]+/, ''),
  ]
    .slice(0, TITLE_MAX_CHARS)
    .join('')
    .trim();
  return cleaned || DEFAULT_TITLE[lang];
}

/** RFC 6266 / 5987: an ASCII `filename` for old clients and the exact UTF-8 name in `filename*`. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const fallback = /[A-Za-z0-9]/.test(ascii) ? ascii : 'export';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}.xlsx"; filename*=UTF-8''${encoded}.xlsx`;
}

const exportPlugin: FastifyPluginAsync<Services> = async (app, { ctx }) => {
  app.post<{ Body: Table2XlsBody }>(
    TABLE2XLS_PATH,
    {
      config: { acceptsForm: true },
      bodyLimit: TABLE2XLS_BODY_LIMIT,
      schema: {
        tags: ['base'],
        summary: 'Table to spreadsheet: answers an .xlsx file of the posted table HTML (form post or JSON)',
        body: {
          type: 'object',
          properties: {
            title: { type: 'string', description: 'File and sheet name, without .xlsx' },
            data: { type: 'string', description: 'The table HTML; only its text, row and column spans are read' },
            'Sy-Language': { type: 'string', description: 'zh-CN, en or zh-HK (download language parameter)' },
          },
        },
        response: {
          200: {
            description: 'The .xlsx file; or an envelope with status 400 (no table) or 401 (no session)',
            content: {
              [XLSX_TYPE]: { schema: { type: 'string', format: 'binary' } },
              'application/json': { schema: envelopeSchema(anyJson) },
            },
          },
          413: envelopeSchema(anyJson, 'The body or the table is too large'),
        },
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const lang = requestLanguage(body['Sy-Language'] ?? request.headers['sy-language']);
      const rows = parseTableHtml(body.data ?? '');
      if (rows.every((row) => row.length === 0)) {
        return fail(400, 'no_table', TEXTS.noTable, [{ field: 'data', message: NO_TABLE_FIELD[lang] }]);
      }
      let grid;
      try {
        grid = layoutGrid(rows, TABLE2XLS_MAX_CELLS);
      } catch (error) {
        if (error instanceof TableTooLargeError) {
          return reply.code(413).send(fail(413, 'payload_too_large', TEXTS.tooLarge));
        }
        throw error;
      }
      const title = fileTitle(body.title, lang);
      const file = buildXlsx(grid, { title, modified: new Date(ctx.now()) });
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', contentDisposition(title))
        .header('content-length', file.length)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );
};

export default sessionScope(exportPlugin);
