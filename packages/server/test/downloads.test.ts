/** The portable Windows client of the download dialog: a real ZIP with a shortcut to the portal's own address. */
import assert from 'node:assert/strict';
import { inflateRawSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { startServer, type RunningServer } from './helpers.ts';

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

let server: RunningServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

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
