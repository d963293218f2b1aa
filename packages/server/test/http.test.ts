/** Transport behaviour: 404s, bodies, the OpenAPI document, stored files, language packs and the static site. */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client, forEachCase, startServer, tempDataDir, type RunningServer, PASSWORD } from './helpers.ts';

let server: RunningServer;
let client: Client;
before(async () => {
  server = await startServer();
  client = new Client(server.url);
});
after(() => server.close());

describe('routing and bodies', () => {
  it('answers unknown /api paths with HTTP 404 and an envelope, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
      const response = await client.raw(method, '/api/base/no_such_call');
      assert.equal(response.status, 404, method);
      const body = (await response.json()) as { status: number; code: string };
      assert.equal(body.status, 404);
      assert.equal(body.code, 'not_found');
    }
    assert.equal((await client.raw('GET', '/api/uaa/oauth/login')).status, 404, 'login is POST only');
  });

  it('keeps malformed JSON a transport error (HTTP 400)', async () => {
    const response = await fetch(new URL('/api/uaa/oauth/login', server.url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": ',
    });
    assert.equal(response.status, 400);
    assert.equal(((await response.json()) as { status: number }).status, 400);
  });

  it('turns a schema violation into body status 400 with field errors', async () => {
    const { response, body } = await client.call('POST', '/api/uaa/oauth/login', {
      json: { username: { nested: true }, password: 'x' },
    });
    assert.equal(response.status, 200);
    assert.equal(body.status, 400);
    assert.equal(body.code, 'invalid_request');
    assert.ok(body.fieldErrors.length >= 1);
  });
});

describe('GET /api/docs/openapi.json', () => {
  it('lists every session route with its schemas', async () => {
    const response = await client.raw('GET', '/api/docs/openapi.json');
    assert.equal(response.status, 200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { responses?: unknown; requestBody?: unknown; parameters?: unknown[] }>>;
    };
    assert.match(document.openapi, /^3\./);
    const expected: [string, string][] = [
      ['/api/uaa/oauth/login', 'post'],
      ['/api/uaa/oauth/refresh', 'get'],
      ['/api/uaa/oauth/login_user_client', 'post'],
      ['/api/uaa/oauth/relogin', 'post'],
      ['/api/uaa/oauth/logout', 'post'],
      ['/api/uaa/oauth/me', 'get'],
      ['/api/uaa/oauth/login/config', 'get'],
      ['/api/uaa/oauth/login/unit_config', 'get'],
      ['/api/uaa/switch/login', 'get'],
      ['/api/storage/show/unit/{unitId}', 'get'],
      ['/common/plugins/common-ph/{version}/lang/{file}', 'get'],
      ['/api/__test/config', 'post'],
    ];
    for (const [path, method] of expected) {
      const operation = document.paths[path]?.[method];
      assert.ok(operation, `${method.toUpperCase()} ${path} listed`);
      assert.ok(operation.responses, `${path} has responses`);
    }
    assert.ok(document.paths['/api/uaa/oauth/login']!.post!.requestBody, 'login documents its body');
    assert.ok(document.paths['/api/uaa/oauth/me']!.get!.parameters!.length >= 1, 'me documents its query');
  });
});

describe('stored files', () => {
  it('serves each unit logo as SVG, and 404 for a unit without one', async () => {
    const config = (await client.call('GET', '/api/uaa/oauth/login/config?url=school.edu-portal.test')).body.data;
    const logo = await client.raw('GET', config.unitImgPath);
    assert.equal(logo.status, 200);
    assert.equal(logo.headers.get('content-type'), 'image/svg+xml');
    assert.match(await logo.text(), /^<svg /);
    assert.equal((await client.raw('GET', '/api/storage/show/unit/1')).status, 404);
  });

  it('serves public icons to anyone and private files only to a session of the same unit', async () => {
    const db = server.app.portal.db;
    const icon = db.prepare("SELECT img_gray_path AS path FROM apps WHERE code = 'homework'").get() as { path: string };
    assert.equal((await client.raw('GET', icon.path)).status, 200);
    const avatar = db.prepare('SELECT avatar_file_id AS id FROM users WHERE avatar_file_id IS NOT NULL').get() as {
      id: number;
    };
    assert.equal((await client.raw('GET', `/api/storage/show/${avatar.id}`)).status, 404);
    const colleague = new Client(server.url);
    await colleague.call('POST', '/api/uaa/oauth/login', { json: { username: 'staff4', password: PASSWORD } });
    assert.equal((await colleague.raw('GET', `/api/storage/show/${avatar.id}`)).status, 200);
    const outsider = new Client(server.url);
    await outsider.call('POST', '/api/uaa/oauth/login', { json: { username: 'area1', password: PASSWORD } });
    assert.equal((await outsider.raw('GET', `/api/storage/show/${avatar.id}`)).status, 404);
  });
});

describe('language packs', () => {
  it('serves the common and module packs as flat maps in en and zh-HK', async () => {
    const packs = [
      '/common/plugins/common-ph/2.0.0/lang/{lang}-ph.json',
      '/pages/base/lang/{lang}-desktop.json',
      '/area/areaBase/lang/{lang}-areaDesktop.json',
    ];
    for (const path of packs.flatMap((pack) => ['en', 'zh-HK'].map((lang) => pack.replace('{lang}', lang)))) {
      const response = await client.raw('GET', `${path}?_t=1`);
      assert.equal(response.status, 200, path);
      const pack = (await response.json()) as Record<string, unknown>;
      assert.ok(Object.keys(pack).length >= 10, `${path} has a dozen keys`);
      for (const value of Object.values(pack)) assert.equal(typeof value, 'string');
    }
    const en = (await (await client.raw('GET', '/common/plugins/common-ph/2.0.0/lang/en-ph.json')).json()) as Record<
      string,
      string
    >;
    const hk = (await (await client.raw('GET', '/common/plugins/common-ph/2.0.0/lang/zh-HK-ph.json')).json()) as Record<
      string,
      string
    >;
    assert.deepEqual(Object.keys(en).sort(), Object.keys(hk).sort(), 'same keys in both languages');
  });

  it('answers 404 for unknown packs and refuses to leave the assets directory', async () => {
    const refused = {
      'unknown version': ['/common/plugins/common-ph/9.9.9/lang/en-ph.json'],
      'unknown language': ['/common/plugins/common-ph/2.0.0/lang/fr-ph.json', '/pages/base/lang/fr-desktop.json'],
      'unknown module or root': ['/pages/nope/lang/en-desktop.json', '/api/uaa/lang/en-desktop.json'],
      'not a pack file': ['/pages/base/lang/en-desktop.txt'],
      'leaving the assets directory': ['/pages/..%2F..%2Fsrc/lang/config.json'],
    };
    await forEachCase(refused, async (path, label) => {
      assert.equal((await client.raw('GET', path)).status, 404, label);
    });
  });
});

describe('static demo host', () => {
  let site: RunningServer;
  const siteDir = tempDataDir();
  before(async () => {
    mkdirSync(join(siteDir, 'assets'));
    writeFileSync(join(siteDir, 'index.html'), '<!doctype html><meta charset="utf-8"><title>demo</title>');
    writeFileSync(join(siteDir, 'assets', 'app.js'), 'console.log(1)');
    site = await startServer({ staticDir: siteDir });
  });
  after(async () => {
    await site.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  it('serves files, falls back to index.html for page addresses, and keeps /api 404s', async () => {
    const web = new Client(site.url);
    const index = await web.raw('GET', '/');
    assert.equal(index.status, 200);
    assert.match(await index.text(), /<title>demo<\/title>/);
    assert.equal(await (await web.raw('GET', '/assets/app.js')).text(), 'console.log(1)');
    const page = await web.raw('GET', '/login', { headers: { accept: 'text/html' } });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<title>demo<\/title>/);
    assert.equal((await web.raw('GET', '/assets/missing.js')).status, 404);
    assert.equal((await web.raw('GET', '/api/missing', { headers: { accept: 'text/html' } })).status, 404);
    assert.equal((await web.raw('GET', '/pages/base/lang/en-desktop.json')).status, 200, 'language packs still answer');
  });
});
