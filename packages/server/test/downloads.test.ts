/** The Windows client of the download dialog: real ZIPs with a shortcut to the portal's own address. */
import assert from 'node:assert/strict';
import { inflateRawSync } from 'node:zlib';
import { describe, it } from 'node:test';
import { useServer } from './helpers.ts';

/** The entries of a ZIP (local headers only, as createZip writes them). */
function unzip(zip: Buffer): Map<string, string> {
  const entries = new Map<string, string>();
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const method = zip.readUInt16LE(at + 8);
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString('utf8');
    const start = at + 30 + nameLength + extraLength;
    const body = zip.subarray(start, start + size);
    entries.set(name, (method === 8 ? inflateRawSync(body) : body).toString('utf8'));
    at = start + size;
  }
  return entries;
}

const server = useServer({}, { resetBeforeEach: false });

describe('GET /common/download/edu-portal-portable.zip', () => {
  it('answers a ZIP whose shortcut opens this portal', async () => {
    const response = await fetch(`${server.url}/common/download/edu-portal-portable.zip`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/zip');
    assert.match(response.headers.get('content-disposition') ?? '', /attachment; filename="edu-portal-portable.zip"/);
    const entries = unzip(Buffer.from(await response.arrayBuffer()));
    const shortcut = entries.get('教育门户 Edu Portal.url');
    assert.equal(shortcut, `[InternetShortcut]\r\nURL=${server.url}/\r\n`);
    assert.match(entries.get('README.txt') ?? '', /Double-click/);
  });

  it('refuses a Host that is not a plain host name', async () => {
    const { request } = await import('node:http');
    const url = new URL(server.url);
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: '/common/download/edu-portal-portable.zip',
          headers: { host: 'evil.example/"x' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end();
    });
    assert.equal(status, 400);
  });
});

describe('GET /common/download/edu-portal-setup.zip', () => {
  it('answers a ZIP whose setup script installs the shortcut to this portal, and an uninstall script', async () => {
    const response = await fetch(`${server.url}/common/download/edu-portal-setup.zip`);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/zip');
    assert.equal(response.headers.get('content-disposition'), 'attachment; filename="edu-portal-setup.zip"');
    assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
    const entries = unzip(Buffer.from(await response.arrayBuffer()));
    assert.deepEqual([...entries.keys()], ['教育门户 Edu Portal.url', 'setup.cmd', 'uninstall.cmd', 'README.txt']);
    assert.equal(entries.get('教育门户 Edu Portal.url'), `[InternetShortcut]\r\nURL=${server.url}/\r\n`);
    const setup = entries.get('setup.cmd') ?? '';
    assert.match(setup, /copy \/Y "%~dp0教育门户 Edu Portal\.url" "%USERPROFILE%\\Desktop"/);
    assert.match(setup, /Start Menu\\Programs/);
    assert.match(entries.get('uninstall.cmd') ?? '', /del \/Q "%USERPROFILE%\\Desktop\\教育门户 Edu Portal\.url"/);
    assert.match(entries.get('README.txt') ?? '', /setup\.cmd/);
  });
});
