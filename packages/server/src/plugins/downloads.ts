/**
 * The Windows client of the download dialog (spec part 1 §2 "Download dialog"): the portable package is a ZIP with
 * an Internet shortcut to this portal and a read-me, made for the address the browser used. An installer is a
 * deployment's own file; the reference server has none.
 */
import type { FastifyPluginAsync } from 'fastify';
import { createZip } from '../export/zip.ts';
import { fail } from '../http/envelope.ts';

export const PORTABLE_PACKAGE = '/common/download/edu-portal-portable.zip';

/** The portal's address for the shortcut: only http(s) and a plain host name. */
function portalAddress(protocol: string, host: string): string | null {
  if (protocol !== 'http' && protocol !== 'https') return null;
  return /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) ? `${protocol}://${host}/` : null;
}

export function portablePackage(address: string, modified: Date = new Date()): Buffer {
  const crlf = (lines: string[]) => `${lines.join('\r\n')}\r\n`;
  return createZip(
    [
      { name: '教育门户 Edu Portal.url', data: crlf(['[InternetShortcut]', `URL=${address}`]) },
      {
        name: 'README.txt',
        data: crlf([
          '教育门户（免安装版）',
          `双击“教育门户 Edu Portal.url”即可打开门户：${address}`,
          '',
          'Edu Portal (portable)',
          `Double-click "教育门户 Edu Portal.url" to open the portal: ${address}`,
        ]),
      },
    ],
    modified,
  );
}

const downloadsPlugin: FastifyPluginAsync = async (app) => {
  app.get(
    PORTABLE_PACKAGE,
    {
      schema: {
        tags: ['desktop'],
        summary: 'The portable Windows client: a ZIP with a shortcut to this portal and a read-me',
        response: {
          200: { description: 'application/zip', type: 'string', format: 'binary' },
          400: { description: 'The Host header is not a plain host name', type: 'object', additionalProperties: true },
        },
      },
    },
    async (request, reply) => {
      const address = portalAddress(request.protocol, request.headers.host ?? '');
      if (!address) return reply.code(400).send(fail(400, 'invalid_request', 'Bad Host'));
      return reply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="edu-portal-portable.zip"')
        .header('cache-control', 'no-cache')
        .send(portablePackage(address));
    },
  );
};

export default downloadsPlugin;
