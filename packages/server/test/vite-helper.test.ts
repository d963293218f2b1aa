// The Vite helper `@edu-portal/server/vite` in a real Vite dev server: the kit's three path prefixes reach the back
// end with the page's own Host (so the back end accepts its state-changing calls), and the face detector's files are
// served at /face-assets/ from the installed packages. (The build side, face files in `dist/`, is exercised by the
// install-elsewhere test.)
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createServer, type ViteDevServer } from 'vite';
import { EDU_PORTAL_PATHS, eduPortal, eduPortalProxy, faceAssetFiles } from '../src/vite.ts';

describe('the Vite helper', () => {
  const root = mkdtempSync(join(tmpdir(), 'edu-vite-helper-'));
  const seen: { method: string; url: string; host: string }[] = [];
  const backEnd = createHttpServer((request: IncomingMessage, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', host: request.headers.host ?? '' });
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ status: 200, data: request.url }));
  });
  let vite: ViteDevServer;
  let origin: string;

  before(async () => {
    await new Promise<void>((resolve) => backEnd.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(backEnd.address() as AddressInfo).port}`;
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>app</title>');
    vite = await createServer({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [eduPortal({ target })],
      server: { host: '127.0.0.1', port: 0 },
    });
    await vite.listen();
    origin = `http://127.0.0.1:${(vite.httpServer!.address() as AddressInfo).port}`;
  });

  after(async () => {
    await vite?.close();
    backEnd.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('gives the proxy entries of /api (with WebSockets), /common and /zuul', () => {
    const proxy = eduPortalProxy('http://back-end.test:8080');
    assert.deepEqual(Object.keys(proxy), [...EDU_PORTAL_PATHS]);
    assert.deepEqual(proxy['/api'], { target: 'http://back-end.test:8080', changeOrigin: false, ws: true });
    assert.deepEqual(proxy['/zuul'], { target: 'http://back-end.test:8080', changeOrigin: false, ws: false });
  });

  it('forwards the three prefixes to the back end with the page’s own Host, and nothing else', async () => {
    for (const path of ['/api/base/desktop/apps', '/common/download/x.zip', '/zuul/api/storage/upload']) {
      const method = path.startsWith('/zuul') ? 'POST' : 'GET';
      const answer = await fetch(`${origin}${path}`, { method, body: method === 'POST' ? 'x' : undefined });
      assert.equal(answer.status, 200, path);
      assert.equal(((await answer.json()) as { data: string }).data, path);
    }
    assert.deepEqual(
      seen.map((request) => [request.method, request.url, request.host]),
      [
        ['GET', '/api/base/desktop/apps', new URL(origin).host],
        ['GET', '/common/download/x.zip', new URL(origin).host],
        ['POST', '/zuul/api/storage/upload', new URL(origin).host],
      ],
    );
    const page = await fetch(`${origin}/`);
    assert.match(await page.text(), /<title>app<\/title>/);
    assert.equal(seen.length, 3, 'the page itself is Vite’s');
  });

  it('serves the face detector’s model and wasm files at /face-assets/', async () => {
    for (const [name, file] of Object.entries(faceAssetFiles())) {
      const answer = await fetch(`${origin}/face-assets/${name}`);
      assert.equal(answer.status, 200, name);
      if (name.endsWith('.wasm')) assert.equal(answer.headers.get('content-type'), 'application/wasm');
      assert.deepEqual(Buffer.from(await answer.arrayBuffer()), readFileSync(file), name);
    }
  });
});
