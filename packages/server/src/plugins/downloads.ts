/**
 * The Windows client of the download dialog (spec part 1 §2 "Download dialog"), made for the address the browser
 * used: the portable package is a ZIP with an Internet shortcut to this portal and a read-me; the installer is a ZIP
 * with a setup script that puts the shortcut on the desktop and in the Start menu (and an uninstall script that takes
 * it away again). Both are built from real content on each request, never a placeholder.
 */
import type { FastifyPluginAsync } from 'fastify';
import { createZip } from '../export/zip.ts';
import { fail } from '../http/envelope.ts';

export const PORTABLE_PACKAGE = '/common/download/edu-portal-portable.zip';
export const INSTALLER_PACKAGE = '/common/download/edu-portal-setup.zip';

const SHORTCUT = '教育门户 Edu Portal.url';

/** The portal's address for the shortcut: only http(s) and a plain host name. */
function portalAddress(protocol: string, host: string): string | null {
  if (protocol !== 'http' && protocol !== 'https') return null;
  return /^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) ? `${protocol}://${host}/` : null;
}

/** Windows text: CRLF line ends. */
const crlf = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

const shortcut = (address: string) => ({ name: SHORTCUT, data: crlf(['[InternetShortcut]', `URL=${address}`]) });

export function portablePackage(address: string, modified: Date = new Date()): Buffer {
  return createZip(
    [
      shortcut(address),
      {
        name: 'README.txt',
        data: crlf([
          '教育门户（免安装版）',
          `双击“${SHORTCUT}”即可打开门户：${address}`,
          '',
          'Edu Portal (portable)',
          `Double-click "${SHORTCUT}" to open the portal: ${address}`,
        ]),
      },
    ],
    modified,
  );
}

/**
 * The installer: `setup.cmd` copies the shortcut to the user's desktop and Start menu (no administrator rights
 * needed), `uninstall.cmd` removes both. The scripts switch the console to UTF-8 (code page 65001) because the
 * shortcut's name is Chinese.
 */
export function installerPackage(address: string, modified: Date = new Date()): Buffer {
  const targets = ['"%USERPROFILE%\\Desktop"', '"%APPDATA%\\Microsoft\\Windows\\Start Menu\\Programs"'];
  return createZip(
    [
      shortcut(address),
      {
        name: 'setup.cmd',
        data: crlf([
          '@echo off',
          'chcp 65001 >nul',
          'rem Edu Portal setup: puts the portal shortcut on the desktop and in the Start menu.',
          ...targets.map((target) => `copy /Y "%~dp0${SHORTCUT}" ${target} >nul`),
          `echo 教育门户已安装 / Edu Portal is installed: ${address}`,
          'pause',
        ]),
      },
      {
        name: 'uninstall.cmd',
        data: crlf([
          '@echo off',
          'chcp 65001 >nul',
          'rem Edu Portal uninstall: removes the shortcuts that setup.cmd made.',
          ...targets.map((target) => `del /Q ${target.slice(0, -1)}\\${SHORTCUT}" 2>nul`),
          'echo 教育门户已卸载 / Edu Portal is removed.',
          'pause',
        ]),
      },
      {
        name: 'README.txt',
        data: crlf([
          '教育门户（安装版）',
          '解压后双击 setup.cmd：门户的快捷方式会放到桌面和开始菜单。卸载请双击 uninstall.cmd。',
          `门户地址：${address}`,
          '',
          'Edu Portal (installer)',
          'Unpack, then double-click setup.cmd: the portal shortcut goes on the desktop and in the Start menu.',
          `Double-click uninstall.cmd to remove it. Portal address: ${address}`,
        ]),
      },
    ],
    modified,
  );
}

const PACKAGES = [
  {
    path: PORTABLE_PACKAGE,
    file: 'edu-portal-portable.zip',
    summary: 'The portable Windows client: a ZIP with a shortcut to this portal and a read-me',
    make: portablePackage,
  },
  {
    path: INSTALLER_PACKAGE,
    file: 'edu-portal-setup.zip',
    summary: 'The Windows installer: a ZIP whose setup script puts a shortcut to this portal on the desktop',
    make: installerPackage,
  },
] as const;

const downloadsPlugin: FastifyPluginAsync = async (app) => {
  for (const { path, file, summary, make } of PACKAGES) {
    app.get(
      path,
      {
        schema: {
          tags: ['desktop'],
          summary,
          response: {
            200: { description: 'application/zip', type: 'string', format: 'binary' },
            400: {
              description: 'The Host header is not a plain host name',
              type: 'object',
              additionalProperties: true,
            },
          },
        },
      },
      async (request, reply) => {
        const address = portalAddress(request.protocol, request.headers.host ?? '');
        if (!address) return reply.code(400).send(fail(400, 'invalid_request', 'Bad Host'));
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${file}"`)
          .header('cache-control', 'no-cache')
          .send(make(address));
      },
    );
  }
};

export default downloadsPlugin;
